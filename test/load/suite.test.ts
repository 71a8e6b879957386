// `run --with-load` end to end against the clean reference with a 20 per 2 s limiter: the
// rate-limit suite passes RL-1..RL-5, its figures reach certification.json, and rate-limit.json
// is written next to it.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../suites/run.ts';
import { limitedReference, type Limited } from './helpers.ts';

let target: Limited | undefined;
afterAll(async () => {
  await target?.server.close();
});

describe('the rate-limit suite', () => {
  it('passes every RL requirement against the clean reference and writes rate-limit.json next to the certificate', async () => {
    target = await limitedReference({ limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token' });
    const out = mkdtempSync(join(tmpdir(), 'erp-rl-suite-'));
    const r = await runConformance({ config: target.config, out, only: ['RL'], withLoad: true, allure: false, seed: 1, numRuns: 1, log: () => {} });
    const rl = r.certification.requirements.filter((x) => x.id.startsWith('RL-'));
    expect(rl.map((x) => `${x.id} ${x.status}`)).toEqual(['RL-1 passed', 'RL-2 passed', 'RL-3 passed', 'RL-4 passed', 'RL-5 passed']);
    expect(r.certification.observations.rateLimit).toMatchObject({ limited: true, limit: 20, algorithm: 'fixed-window', scope: 'token' });
    expect(r.certification.observations.load).toMatchObject({ fiveXx: 0 });
    expect(existsSync(join(out, 'rate-limit.json'))).toBe(true);
    expect(JSON.parse(readFileSync(join(out, 'rate-limit.json'), 'utf8'))).toMatchObject({ limit: 20, retryAfter: { truthful: true } });
  }, 120_000);
});
