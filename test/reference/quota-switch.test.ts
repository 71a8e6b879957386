// The reference's quota switches (serve --quota): per route, a group of routes joined by "+", or
// every route ("all"), each with its algorithm and the way its 429 states the wait.
import { afterEach, describe, expect, it } from 'vitest';
import { readQuotaSwitch } from '../../reference/quota-switch.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

const servers: ReferenceServer[] = [];
afterEach(async () => void (await Promise.all(servers.splice(0).map((s) => s.close()))));

async function hit(s: ReferenceServer, path: string) {
  const r = await fetch(`${s.url}${path}`, { headers: { 'api-token': s.tokens[0]! } });
  return { status: r.status, headers: Object.fromEntries(r.headers), body: await r.text() };
}

describe('a quota switch', () => {
  it('reads its limit, algorithm and statement, and refuses anything else', () => {
    expect(readQuotaSwitch('5/6s')).toEqual({ quota: { requests: 5, windowMs: 6000 }, algorithm: 'fixed', statement: 'message' });
    expect(readQuotaSwitch('300/10s@sliding:date')).toEqual({ quota: { requests: 300, windowMs: 10_000 }, algorithm: 'sliding', statement: 'date' });
    expect(readQuotaSwitch('20/10s@token-bucket:seconds')?.algorithm).toBe('token-bucket');
    for (const bad of ['5/6s@leaky', '5/6s:smoke', '5 per 6s', '5/6s@fixed:date:x']) expect(readQuotaSwitch(bad)).toBeNull();
  });

  it('a group joined by "+" shares one limit, another route keeps its own; each 429 states the wait as switched', async () => {
    const s = await startReference({ quotas: { 'branch-list+brand': '3/60s@fixed:seconds', department: '2/60s@sliding:date', category: '1/60s:headers' } });
    servers.push(s);
    const statuses = [];
    for (const p of ['/api/v1/branch', '/api/v1/brand', '/api/v1/branch']) statuses.push((await hit(s, p)).status);
    expect(statuses.every((c) => c !== 429)).toBe(true);
    const shared = await hit(s, '/api/v1/brand');
    expect(shared.status).toBe(429);
    expect(Number(shared.headers['retry-after'])).toBeGreaterThan(50);
    // The department's own limit is untouched by the group's.
    expect((await hit(s, '/api/v1/department')).status).not.toBe(429);
    await hit(s, '/api/v1/department');
    const dated = await hit(s, '/api/v1/department');
    expect(dated.status).toBe(429);
    expect(Date.parse(dated.headers['retry-after']!) - Date.parse(dated.headers.date!)).toBeGreaterThan(50_000);
    // Announced on every answer it counts, the accepted one too.
    expect((await hit(s, '/api/v1/category')).headers.ratelimit).toMatch(/^"category";r=0;t=\d+$/);
    const announced = await hit(s, '/api/v1/category');
    expect(announced.status).toBe(429);
    expect(announced.headers['ratelimit-policy']).toBe('"category";q=1;w=60');
    expect(announced.headers['retry-after']).toBeUndefined();
  });

  it('"all" is one limit on every route, its 429 stating the wait only in the message by default', async () => {
    const s = await startReference({ quotas: { all: '2/60s' } });
    servers.push(s);
    await hit(s, '/api/v1/branch');
    await hit(s, '/api/v1/brand');
    const r = await hit(s, '/api/v1/department');
    expect(r.status).toBe(429);
    expect(r.body).toMatch(/please try after 60 seconds/);
    expect(r.headers['retry-after']).toBeUndefined();
  });
});
