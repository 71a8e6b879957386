// A quota stated for one operation of the index (`--rate-limit get-product-list=2/1s`) paces that
// operation only: the real CLI against a reference that keeps the same quota on Get Product List
// (429 over it), behind a proxy that notes when each request arrives. The product list's
// requests are spread over the windows its quota needs, none is refused, and the other index
// operations are not paced by it.
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { startCli, tempDir } from './run-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

interface Seen {
  path: string;
  at: number;
  status: number;
}

/** A proxy to `target` noting each request's path, arrival and status. */
async function recordingProxy(target: string): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const to = new URL(target);
  const server = http.createServer((req, res) => {
    const at = Date.now();
    const up = http.request({ host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      seen.push({ path: req.url ?? '', at, status: answer.statusCode ?? 0 });
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** The most requests of `list` (by arrival) in one sliding second. */
const busiestSecond = (list: Seen[]) => Math.max(0, ...list.map((a) => list.filter((b) => b.at >= a.at && b.at - a.at < 1000).length));
const span = (list: Seen[]) => (list.length ? Math.max(...list.map((s) => s.at)) - Math.min(...list.map((s) => s.at)) : 0);

describe('run --rate-limit with the stable name of one index operation', WHOLE_FILE, () => {
  let ref: ReferenceServer;
  let proxy: Awaited<ReturnType<typeof recordingProxy>>;
  let code: number | null;
  let pacing: string;

  beforeAll(async () => {
    ref = await startReference({ port: 0, quotas: { 'get-product-list': '2/1s' } });
    proxy = await recordingProxy(ref.url);
    const dir = tempDir('erp-index-quota-');
    const config = { ...ref.runConfig(), target: { ...ref.runConfig().target, baseUrl: proxy.url } };
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    const out = join(dir, 'out');
    const cli = startCli([
      'run',
      '--config',
      join(dir, 'config.json'),
      '--only',
      'IX',
      '--rate-limit',
      'get-product-list=2/1s',
      '--out',
      out,
      '--no-allure',
      '--quiet',
    ]);
    code = (await cli.exited).code;
    pacing = (JSON.parse(readFileSync(join(out, 'certification.json'), 'utf8')) as { pacing: string }).pacing;
  }, 240_000);

  afterAll(async () => {
    await proxy?.close();
    await ref?.close();
  });

  it('passes the selection, and the certificate names the quota of get-product-list as its pacing', () => {
    expect(code).toBe(0);
    expect(pacing).toContain('stated: get-product-list 2/1s');
    expect(pacing).toMatch(/get-product-list \d+(,|$)/);
  });

  it('spreads the product list requests over the windows the quota needs, none refused with 429, while the other operations are not paced', () => {
    const pathOf = (s: Seen) => s.path.split('?')[0]!;
    const products = proxy.seen.filter((s) => pathOf(s) === '/api/v1/products');
    expect(products.length).toBeGreaterThanOrEqual(5);
    expect(products.filter((s) => s.status === 429)).toEqual([]);
    // n requests at 2 per second: at least ceil(n/2)-1 whole windows between the first and the last
    // (80% of it: the arrival of a request may lag its sending on a busy machine), and never more
    // than the quota and one late arrival in one second.
    const windows = Math.ceil(products.length / 2) - 1;
    expect(span(products)).toBeGreaterThanOrEqual(0.8 * windows * 1000);
    expect(busiestSecond(products)).toBeLessThanOrEqual(3);
    // The other operations of the index, without a stated quota, are not held to it: some get
    // more than that in one second (the auth checks send each one its refused tokens together).
    const others = new Map<string, Seen[]>();
    for (const s of proxy.seen) if (pathOf(s) !== '/api/v1/products') others.set(pathOf(s), [...(others.get(pathOf(s)) ?? []), s]);
    expect(Math.max(...[...others.values()].map(busiestSecond))).toBeGreaterThan(3);
  });
});
