// The reference's quotas per operation (serve --quota, the "vasy" profile): each operation its own
// window per token; over it a 429 whose only hint is its message ("please try after N seconds"),
// no Retry-After and no rate-limit header; the other operations are not limited by it.
import { afterEach, describe, expect, it } from 'vitest';
import { messageWait } from '../../client/scheduler/wait-of-429.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, postReport, SECOND_TOKEN, setStatus } from './helpers.ts';

const started: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

describe('quotas per operation', () => {
  it('limits each operation on its own and states the wait only in the 429 message', async () => {
    const s = await startReference({ port: 0, quotas: { report: '3/60s', readBack: '2/60s' } });
    started.push(s);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await postReport(s.url, { limit: 1 })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await postReport(s.url, { limit: 1 });
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeUndefined();
    expect(Object.keys(refused.headers).filter((h) => /ratelimit/i.test(h))).toEqual([]);
    expect(refused.json.message).toMatch(/please try after 60 seconds/);
    expect(messageWait(refused.text)).toBe(60_000);
    // Writes are not limited by the report's quota; another token has its own.
    for (let i = 0; i < 6; i++) expect((await setStatus(s.url, 1001 + (i % 2), 'Pending')).status).not.toBe(429);
    expect((await postReport(s.url, { limit: 1 }, SECOND_TOKEN)).status).toBe(200);
    // readBack: one quota shared by both read paths.
    const reads = [
      await call(s.url, 'GET', paths.orderRead(1001)),
      await call(s.url, 'GET', paths.contact(1)),
      await call(s.url, 'GET', paths.orderRead(1002)),
    ];
    expect(reads.map((r) => r.status === 429)).toEqual([false, false, true]);
  });

  it('the vasy profile has such quotas from the start', async () => {
    const s = await startReference({ port: 0, profile: 'vasy' });
    started.push(s);
    const answers = await Promise.all(Array.from({ length: 12 }, () => postReport(s.url, { limit: 1 })));
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]!.json.message).toBe('Too many request, please try after 1 seconds');
  });
});
