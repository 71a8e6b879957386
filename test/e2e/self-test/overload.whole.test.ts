// A run that adapts to a small vendor (issue 39, "Overload"): the reference as a server of 8
// workers, 80 ms an answer, the rest queued (each answer takes longer with more in flight), and a
// request time limit of 1 s. At --concurrency 128 without adaptation, 128 in flight wait 1.28 s
// each; the run keeps fewer in flight as the latency grows (client/adaptive-concurrency.ts), so it
// is certified and the target sees no request given up on before its answer (a proxy counts them),
// beyond the reads sent again.
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { runConformance } from '../../../engine/run.ts';

/** Forwards every request to `target`; counts those whose client gave up before the answer came. */
function givingUpProxy(target: string) {
  const gaveUp: string[] = [];
  const server = http.createServer((req, res) => {
    res.on('close', () => void (res.writableFinished ? undefined : gaveUp.push(`${req.method} ${req.url}`)));
    const headers = { ...req.headers };
    delete headers.host;
    const out = http.request(`${target}${req.url}`, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  server.keepAliveTimeout = 60_000;
  return { server, gaveUp };
}

describe('a run at --concurrency 128 against a server of 8 workers', () => {
  let reference: ReferenceServer;
  let proxy: ReturnType<typeof givingUpProxy>;
  let url: string;
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-overload-'));

  beforeAll(async () => {
    reference = await startReference({ port: 0, pool: { workers: 8, serviceMs: 80 } });
    proxy = givingUpProxy(reference.url);
    await new Promise<void>((r) => proxy.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(proxy.server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => proxy.server.close(r));
    await reference.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('is certified with no request given up on beyond the reads sent again', async () => {
    const base = loadConfig({ base: reference.runConfig(), env: {} });
    const config: RunConfig = { ...base, target: { ...base.target, baseUrl: url, timeoutMs: 1000 }, run: { ...base.run, concurrency: 128 } };
    const lines: string[] = [];
    const r = await runConformance({ config, out, seed: 42, numRuns: 20, allure: false, log: (l) => lines.push(l) });
    const log = lines.join('\n');
    expect(r.certification.verdict, log).toBe('certified');
    // A read given up on is sent again (and then answered); a write never is: none given up on.
    const writes = proxy.gaveUp.filter((x) => !x.startsWith('GET') && !x.includes('/report'));
    expect(writes, log).toEqual([]);
    expect(proxy.gaveUp.length, proxy.gaveUp.join('\n')).toBeLessThanOrEqual(5);
  }, 600_000);
});
