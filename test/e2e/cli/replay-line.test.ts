// The replay line: it writes to a folder of its own (a replay never overwrites the run's
// certificate) and carries the run's own --num-runs, from which a property derives its count.
// The gate proves the handle at the harness (test/runtime/harness.replay.test.ts: a property of 1
// run in a run of 2 replays with --num-runs 2); the real run printing it is the whole set's.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { parseExact } from '../../../core/json.ts';
import { replayCommand } from '../../../reports/render/replay.ts';
import { cli } from './spawn.ts';
import { itWhole } from '../../tiers.ts';

const REPLAY = { seed: 7, path: '1:0', file: 'suites/customer/create.test.ts', test: 'T [CU-5]', property: 0, numRuns: 20 };

describe('the replay line', () => {
  it("writes beside the run's folder, never into it", () => {
    expect(replayCommand(REPLAY, { config: 'erp.config.json', out: 'report/' })).toMatch(/ --out 'report-replay'$/);
    expect(replayCommand(REPLAY, { faults: [] })).toMatch(/ --out 'erp-conformance-report-replay'$/);
    // Replaying a replay writes to the same replay folder, not to a longer and longer name.
    expect(replayCommand(REPLAY, { out: 'x-replay' })).toMatch(/ --out 'x-replay'$/);
  });

  itWhole(
    "carries the run's --num-runs, not the count a property derived from it, and the run's --out",
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-replay-line-'));
      const out = path.join(dir, 'report');
      // CU-5's property runs max(5, numRuns / 5) times: 5 at --num-runs 10 (the other CU properties run 10 times).
      const r = await cli(
        [
          'run',
          '--only',
          'CU',
          '--fault',
          'cu-isdefault-unchecked',
          '--num-runs',
          '10',
          '--seed',
          '3',
          '--no-preflight',
          '--quiet',
          '--no-allure',
          '--out',
          out,
        ],
        { timeoutMs: 240_000 },
      );
      expect(r.code, r.stderr).toBe(0); // CU-5 is a SHOULD: the selection passed
      const cert = parseExact(readFileSync(path.join(out, 'certification.json'), 'utf8')) as Certification;
      const replays = cert.requirements
        .find((x) => x.id === 'CU-5')!
        .findings.map((f) => f.replay)
        .filter((x) => x !== undefined);
      expect(replays.length).toBeGreaterThan(0);
      for (const x of replays) expect(x.numRuns).toBe(10);
      expect(r.stdout).toContain(`--num-runs 10 --out '${out}-replay'`);
    },
    300_000,
  );
});
