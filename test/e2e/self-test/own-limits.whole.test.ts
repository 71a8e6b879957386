// The kit's own limits against a correct vendor: customer creations under a tight quota (1 per
// second), and a time limit per test shorter than its paced requests need. The tests the limit
// stops end "not run" with the reason, never failed; the run is not failed for them.
import { describe, expect, it } from 'vitest';
import { ownLimitMs, ownLimitReason, vitestLimitReason } from '../../../runtime/time-limit.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { runAgainstReference } from './run-reference.ts';

/** Vitest's timeout of every conformance test in this run: the kit stops each at ownLimitMs (5 s). */
const TEST_TIME_LIMIT_MS = 6_000;

describe("the kit's own time limit", WHOLE_FILE, () => {
  it('ends the customer tests it stops not run with the reason, never failed, and the run not failed for them', async () => {
    const started = Date.now();
    const r = await runAgainstReference({
      // One creation a second: the customer tests' properties need tens of seconds of paced requests.
      reference: { quotas: { customerCreate: '1/1s' } },
      only: ['CU'],
      numRuns: 10,
      seed: 7,
      testTimeLimitMs: TEST_TIME_LIMIT_MS,
    });
    const c = r.certification;
    const reason = ownLimitReason(ownLimitMs(TEST_TIME_LIMIT_MS));
    const stopped = c.requirements.filter((x) => x.reason?.includes(reason));
    console.log(
      `own limits: ${((Date.now() - started) / 1000).toFixed(1)} s, verdict ${c.verdict}, ${c.requests} requests, ` +
        `not run by the limit: ${stopped.map((x) => `${x.id} (${x.level})`).join(', ')}; ` +
        `statuses: ${JSON.stringify(Object.fromEntries(c.requirements.filter((x) => x.id.startsWith('CU-')).map((x) => [x.id, x.status])))}`,
    );
    // The limit stopped tests: among them the MUST CU-1, whose property creates a customer per run.
    expect(stopped.map((x) => x.id)).toContain('CU-1');
    for (const x of stopped) expect(x.status, x.id).toBe('not-run');
    // Each test ended itself at the kit's own limit, before vitest's timeout.
    expect(c.requirements.filter((x) => x.reason?.includes(vitestLimitReason(TEST_TIME_LIMIT_MS))).map((x) => x.id)).toEqual([]);
    // A correct vendor: nothing failed, no run error (vitest's timeout never fired), and the run is open, not failed.
    expect(c.requirements.filter((x) => x.status === 'failed').map((x) => x.id)).toEqual([]);
    expect(c.errors).toEqual([]);
    expect(c.verdict).toBe('inconclusive');
    expect(c.verdictReason).toMatch(/^No MUST failed, but \d+ were inconclusive and \d+ not run/);
  }, 120_000);
});
