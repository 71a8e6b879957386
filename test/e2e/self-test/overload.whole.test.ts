// A run that adapts to a small vendor (issue 39, "Overload"): the reference as a server of 8
// workers, 80 ms an answer, the rest queued (each answer takes longer with more in flight), and a
// request time limit of 1 s. At --concurrency 128 without adaptation, 128 in flight wait 1.28 s
// each; the run keeps fewer in flight as the latency grows (client/scheduler/adaptive-concurrency.ts), so it
// is certified and the target sees no request given up on before its answer (a proxy counts them),
// beyond the reads sent again.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { runConformance } from '../../../engine/run.ts';
import { forwardingProxy, type ForwardingProxy } from '../../support/forwarding-proxy.ts';

describe('a run at --concurrency 128 against a server of 8 workers', () => {
  let reference: ReferenceServer;
  let proxy: ForwardingProxy;
  /** The requests whose client gave up before the answer came. */
  const gaveUp: string[] = [];
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-overload-'));

  beforeAll(async () => {
    reference = await startReference({ port: 0, pool: { workers: 8, serviceMs: 80 } });
    proxy = await forwardingProxy(reference.url, { gaveUp: (req) => void gaveUp.push(`${req.method} ${req.url}`) });
  });
  afterAll(async () => {
    await proxy.close();
    await reference.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('is certified with no request given up on beyond the reads sent again', async () => {
    const base = loadConfig({ base: reference.runConfig(), env: {} });
    const config: RunConfig = { ...base, target: { ...base.target, baseUrl: proxy.url, timeoutMs: 1000 }, run: { ...base.run, concurrency: 128 } };
    const lines: string[] = [];
    const r = await runConformance({ config, out, seed: 42, numRuns: 20, allure: false, log: (l) => lines.push(l) });
    const log = lines.join('\n');
    expect(r.certification.verdict, log).toBe('certified');
    // A read given up on is sent again (and then answered); a write never is: none given up on.
    const writes = gaveUp.filter((x) => !x.startsWith('GET') && !x.includes('/report'));
    expect(writes, log).toEqual([]);
    expect(gaveUp.length, gaveUp.join('\n')).toBeLessThanOrEqual(5);
  }, 600_000);
});
