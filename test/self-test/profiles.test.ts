// The suite proves itself, part 5, the false-positive guard: every correct-but-different vendor
// of the reference (reference/profiles/: other error shapes, ids past 2^53, other rate limits and
// headers, limit caps, report orders, transitions, validation strictness, read paths, and the
// strictest of them: unknown fields refused, trimming saves, gateway JSON for 403/429, chunked
// answers on closed connections, a limit cap of 25 refused above, mobile numbers unique per
// branch, the last of two api-tokens kept) is certified, with no MUST and no SHOULD failure, and
// again by a second run in a row with the same seed against the same server (which keeps what
// the first run saved, as a staging server does: values it may keep unique must not repeat). The
// quick set (test/full-set.ts) runs the second run for the strictest profile only; CI runs it for
// every profile. A
// check that fails one of them fails a correct vendor. The table of the test output shows each
// run's verdict and what it did not verify.
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { runsInARow } from './run-reference.ts';
import { FULL_SET } from '../full-set.ts';

/**
 * Runs in a row per profile: two in the whole set; in the quick set two for the strictest, one for
 * the others but the default, which test/self-test/reference-clean.test.ts certifies (25 runs per
 * property) and the quick set does not repeat here.
 */
const runsOf = (profile: string) => (FULL_SET || profile === 'strictest' ? 2 : profile === 'default' ? 0 : 1);

interface ProfileRow {
  profile: string;
  run: number;
  verdict: string;
  nonce: string;
  failed: string[];
  inconclusive: string[];
  requests: number;
  seconds: number;
}

const rows: ProfileRow[] = [];

function table(list: ProfileRow[]): string {
  return list
    .map(
      (r) =>
        `${r.profile.padEnd(13)} run ${r.run} ${r.verdict.padEnd(14)} MUST/SHOULD failed: ${r.failed.join(',') || 'none'}  not verified: ${r.inconclusive.join(',') || 'none'}  (${r.requests} requests, ${r.seconds.toFixed(1)} s, nonce ${r.nonce})`,
    )
    .join('\n');
}

describe('the correct-but-different vendors of the reference', () => {
  beforeAll(async () => {
    for (const profile of PROFILE_NAMES.filter((p) => runsOf(p) > 0)) {
      const t0 = Date.now();
      // forward-only keeps its sliding limit on every route, global, all the time; the quota is
      // raised here so the table stays quick (test/self-test/pacing.test.ts runs under a small one).
      // vasy's quotas per operation (429 stating the wait only in its message) are raised the same
      // way: still met, but its ~500 reports do not take 100 s (test/reference/quotas.test.ts, bench).
      const limit =
        profile === 'forward-only'
          ? { rateLimit: { limit: 3000, windowSeconds: 10, algorithm: 'sliding' as const, scope: 'global' as const } }
          : profile === 'vasy'
            ? { quotas: { report: '40/1s', readBack: '20/1s' } }
            : {};
      const runs = await runsInARow(runsOf(profile), { reference: { profile, ...limit }, numRuns: 5, seed: 3 });
      const seconds = (Date.now() - t0) / 1000 / runs.length;
      runs.forEach((r, i) => {
        const c = r.certification;
        rows.push({
          profile,
          run: i + 1,
          verdict: c.verdict,
          nonce: c.nonce ?? '',
          failed: c.requirements
            .filter((x) => x.status === 'failed' && x.level !== 'INFO')
            .map((x) => `${x.id}: ${x.findings[0]?.title ?? x.reason ?? ''}`.slice(0, 140)),
          inconclusive: c.requirements.filter((x) => x.status === 'inconclusive').map((x) => x.id),
          requests: c.requests,
          seconds,
        });
      });
    }
    process.stdout.write(`\n${table(rows)}\n`);
  }, 900_000);

  it.skip.each(PROFILE_NAMES.filter((p) => runsOf(p) === 0))('certifies profile %s (quick set: test/self-test/reference-clean.test.ts; CI here)', () => {});
  it.each(PROFILE_NAMES.filter((p) => runsOf(p) > 0))(
    'certifies profile %s with no MUST and no SHOULD failure, again in a second run in a row with the same seed against the same server (strictest always, every profile in CI)',
    (profile) => {
      const mine = rows.filter((r) => r.profile === profile);
      expect(mine).toHaveLength(runsOf(profile));
      for (const row of mine) {
        expect(row.failed).toEqual([]);
        expect(row.verdict).toBe('certified');
      }
      // Each run made its own unique values: a new nonce each time.
      if (mine.length === 2) expect(mine[0]!.nonce).not.toBe(mine[1]!.nonce);
    },
  );
});
