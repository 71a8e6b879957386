// Scope is part of the verdict (reports/scope.ts), measured on whole runs: a correct vendor
// configured for the three operations the spec details and the read-backs (the reference's run
// config without `operations`) is certified, exit 0, and the first line names that scope and the
// MUSTs it leaves out (IX-1..3, OS-6, RL-1). A certifier who demands the index says so
// (certify.require), and then the run is inconclusive with the reason. The whole set's: every
// profile (test/tiers.ts); the gate proves the scope on a run's facts (test/reports/scope.test.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../config/schema.ts';
import { EXIT } from '../../../core/exit-codes.ts';
import type { Certification } from '../../../reports/model.ts';
import { PROFILE_NAMES } from '../../../reference/profiles/index.ts';
import { itWhole, tiered, tierTaken } from '../../tiers.ts';
import { raisedLimits, runAgainstReference } from './run-reference.ts';

/** The gate's: none (profiles.test.ts certifies the strictest in the gate with the full config; the scope's words: test/reports/scope.test.ts). */
const QUICK: string[] = [];
const minimal = (c: RunConfig): RunConfig => {
  const { operations: _o, ...rest } = c;
  return rest;
};
const SCOPE =
  'Scope: update-order-status, contact-save, consumption-production-report; read-backs: get-contact-by-id, order-status; index operations: none configured.';
const NO_INDEX = 'IX-1, IX-2, IX-3 (no index operation is configured (config operations))';

const runs = new Map<string, { exitCode: number; certification: Certification }>();
// A seed of its own per profile: the verdict must not hang on one seed.
const seedOf = (profile: string) => 3 + 1_000_003 * (PROFILE_NAMES.indexOf(profile) + 1);
const run = (profile: string, patch: (c: RunConfig) => RunConfig) =>
  runAgainstReference({ reference: { profile, ...raisedLimits(profile) }, numRuns: 5, seed: seedOf(profile), har: false, patch });

describe('a vendor configured for the detailed operations and the read-backs only', () => {
  const profiles = tiered(PROFILE_NAMES, QUICK);
  beforeAll(async () => {
    // Two runs at a time, each a server and a suite worker of its own.
    const queue: Array<[string, () => Promise<{ exitCode: number; certification: Certification }>]> = [
      ...profiles.selected.map((p): (typeof queue)[number] => [p, () => run(p, minimal)]),
      ...(tierTaken(false)
        ? [['require IX-1', () => run('default', (c) => ({ ...minimal(c), certify: { require: ['IX-1'] } }))] as (typeof queue)[number]]
        : []),
    ];
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) runs.set(next[0], await next[1]());
    };
    await Promise.all([lane(), lane()]);
  }, 1_800_000);

  profiles.each('certifies profile %s, exit 0, and its first line names the scope and what it leaves out', (profile) => {
    const r = runs.get(profile)!;
    const c = r.certification;
    const notPassed = c.requirements.filter((x) => x.level === 'MUST' && x.status !== 'passed' && x.status !== 'skipped');
    // The shared profile's writer is paced by the requests its server serves: a still reading of
    // every relation on any machine, so it is certified as the others are.
    expect(
      notPassed.map((x) => `${x.id} ${x.status}: ${x.reason}`),
      c.verdictReason,
    ).toEqual([]);
    expect([c.verdict, r.exitCode]).toEqual(['certified', EXIT.ok]);
    expect(c.verdictReason).toMatch(/^Every MUST requirement in scope passed \(\d+\)\. /);
    expect(c.verdictReason).toContain(SCOPE);
    expect(c.verdictReason).toContain(NO_INDEX);
    expect(c.verdictReason).toMatch(/OS-6 \(needs operations\["order-create"\]/);
    expect(c.verdictReason).toMatch(/RL-1 \(rate limits are measured by the probe: run with --with-load\)/);
    expect(c.requirements.find((x) => x.id === 'IX-1')).toMatchObject({
      status: 'skipped',
      reason: 'out of scope: no index operation is configured (config operations)',
    });
  });

  itWhole('is inconclusive, exit 3, with the reason, when certify.require names IX-1 and no index operation is configured', () => {
    const r = runs.get('require IX-1')!;
    const c = r.certification;
    expect([c.verdict, r.exitCode]).toEqual(['inconclusive', EXIT.inconclusive]);
    expect(c.verdictReason).toMatch(
      /^No MUST failed, but certify\.require names IX-1 \(certify\.require names it, but the run left it out: out of scope: no index operation is configured/,
    );
    expect(c.requirements.find((x) => x.id === 'IX-1')!.status).toBe('inconclusive');
    // Only what the certifier named: IX-2 stays out of scope.
    expect(c.requirements.find((x) => x.id === 'IX-2')!.status).toBe('skipped');
  });
});
