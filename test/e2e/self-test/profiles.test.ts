// The suite proves itself, part 5, the false-positive guard: every correct-but-different vendor of
// the reference (reference/profiles/) is certified, with no MUST and no SHOULD failure (but ENV-6
// for a stack whose parser answers 500 at its limit: seed-sweep.ts PROFILE_MAY_FAIL), and again by
// a second run in a row against the same server (which keeps what the first run saved, as a staging
// server does: values it may keep unique must not repeat), under the seed sweep's seed for the
// profiles (seed-sweep.ts PROFILE_SWEEP_SEEDS) and with the suites' order shuffled (one of three
// seeds in turn), every part of every MUST judged (parts-judged.ts): one run, three proofs. The
// stack-shaped profiles (python, java, js) take their first run on the seed that made a Python-stack
// vendor fail RP-16 (seed-inputs.ts MEASURED_SEED): no failure but ENV-6 by design, RP-16 observed.
// The gate (test/tiers.ts) certifies the strictest profile once; CI every profile twice. The table
// of the test output shows each run's verdict and what it did not verify.
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../../reference/profiles/index.ts';
import { raisedLimits, runsInARow } from './run-reference.ts';
import { tiered } from '../../tiers.ts';
import { openMusts, partsOf, shuffleOf } from './parts-judged.ts';
import { PROFILE_MAY_FAIL, PROFILE_SEED, PROFILE_SWEEP_SEEDS, SWEEP_NUM_RUNS } from './seed-sweep.ts';
import { MEASURED_SEED } from '../../reference/seed-inputs.ts';

/** The gate's first run: the strictest vendor (the default is test/e2e/self-test/reference-clean.test.ts's); CI every profile. */
const QUICK_FIRST = ['strictest'];
/** The second run in a row: every profile in CI (the whole set's reruns.whole.test.ts too). */
const QUICK_SECOND: string[] = [];

interface ProfileRow {
  profile: string;
  run: number;
  seed: number;
  /** The seed the suites' order was shuffled with (the second run), or none. */
  shuffle?: number;
  verdict: string;
  nonce: string;
  failed: string[];
  /** Every id failed, INFO included. */
  failedIds: string[];
  /** RP-16's status (the filter texts a stack's parser meets). */
  rp16: string;
  inconclusive: string[];
  /** MUSTs in scope not passed and parts of MUSTs that judged nothing (parts-judged.ts openMusts). */
  open: string[];
  /** The parts AUTH-11 (its writes) and OS-3 (its vouchers) name. */
  parts: { auth11: number; os3: number };
  requests: number;
  seconds: number;
}

const rows: ProfileRow[] = [];

function table(list: ProfileRow[]): string {
  return list
    .map(
      (r) =>
        `${r.profile.padEnd(13)} run ${r.run} seed ${String(r.seed).padEnd(10)} ${r.shuffle ? `shuffled ${r.shuffle}` : 'in order  '} ${r.verdict.padEnd(14)} MUST/SHOULD failed: ${r.failed.join(',') || 'none'}  not verified: ${r.inconclusive.join(',') || 'none'}  parts open: ${r.open.length}  (${r.requests} requests, ${r.seconds.toFixed(1)} s, nonce ${r.nonce})`,
    )
    .join('\n');
}

/** Profiles certified at a time (a conformance run each, its suite worker a process of its own). */
const LANES = 3;
/** Seconds a run of each profile takes, measured (npm test's table), where it stands out: the longest start first. */
const COST: Record<string, number> = { vasy: 20, ledger: 9, 'ledger-bare': 9, 'forward-only': 8, strictest: 9 };
const costOf = (profile: string) => COST[profile] ?? 5;

/** The stack-shaped profiles: their first run on the seed that made a Python stack fail RP-16 (MEASURED_SEED). */
const STACKS = ['python', 'java', 'js'];

/**
 * The seeds of the runs in a row: the profile's own (PROFILE_SEED, a stack's MEASURED_SEED), then the
 * sweep's. The second run's values that a target may keep unique differ from the first's by the nonce
 * alone wherever the seed does not reach them (the examples every property evaluates first: generators/examples.ts).
 */
const seedsInARow = (profile: string) => [STACKS.includes(profile) ? MEASURED_SEED : PROFILE_SEED, PROFILE_SWEEP_SEEDS[0]!];

/** The runs in a row of one profile against one server of it, as rows of the table; the second with the suites shuffled. */
async function certifyProfile(profile: string, runs: number): Promise<ProfileRow[]> {
  const t0 = Date.now();
  // forward-only keeps its sliding limit on every route, global, all the time; the quota is
  // raised here so the table stays quick (test/e2e/self-test/pacing.whole.test.ts runs under a small one).
  // vasy's quotas per operation (429 stating the wait only in its message) are raised the same
  // way: still met, but its ~500 reports do not take 100 s (test/reference/quotas.test.ts, bench).
  const shuffle = shuffleOf(PROFILE_NAMES.indexOf(profile));
  // No HAR: nothing of it is asserted here (the HAR's content: test/reports/har, reproduce.whole).
  const results = await runsInARow(seedsInARow(profile).slice(0, runs), {
    reference: { profile, ...raisedLimits(profile) },
    numRuns: SWEEP_NUM_RUNS,
    har: false,
    each: (i) => (i === 1 ? { shuffleSeed: shuffle } : {}),
  });
  const seconds = (Date.now() - t0) / 1000 / results.length;
  return results.map((r, i) => {
    const c = r.certification;
    return {
      profile,
      run: i + 1,
      seed: c.seed,
      ...(i === 1 ? { shuffle } : {}),
      verdict: c.verdict,
      nonce: c.nonce ?? '',
      failed: c.requirements
        .filter((x) => x.status === 'failed' && x.level !== 'INFO')
        .map((x) => `${x.id}: ${x.findings[0]?.title ?? x.reason ?? ''}`.slice(0, 140)),
      failedIds: c.requirements.filter((x) => x.status === 'failed').map((x) => x.id),
      rp16: c.requirements.find((x) => x.id === 'RP-16')?.status ?? 'absent',
      inconclusive: c.requirements.filter((x) => x.status === 'inconclusive').map((x) => x.id),
      open: openMusts(c),
      parts: { auth11: partsOf(c, 'AUTH-11'), os3: partsOf(c, 'OS-3') },
      requests: c.requests,
      seconds,
    };
  });
}

describe('the correct-but-different vendors of the reference', () => {
  const first = tiered(PROFILE_NAMES, QUICK_FIRST);
  const second = tiered(PROFILE_NAMES, QUICK_SECOND);
  /** Runs in a row per profile: a second run needs the first against the same server. */
  const runsOf = (profile: string) => (second.selected.includes(profile) ? 2 : first.selected.includes(profile) ? 1 : 0);

  beforeAll(async () => {
    // The profiles' runs are independent (a server each), and much of their time is waiting on
    // their own rate limits (vasy's quotas, forward-only's sliding window): LANES of them at a
    // time, the longest first, each profile's runs in a row on its own server.
    const queue = [...PROFILE_NAMES.filter((p) => runsOf(p) > 0)].sort((a, b) => costOf(b) * runsOf(b) - costOf(a) * runsOf(a));
    const lane = async () => {
      for (let profile = queue.shift(); profile; profile = queue.shift()) {
        const done = await certifyProfile(profile, runsOf(profile));
        rows.push(...done);
        process.stdout.write(`${table(done)}\n`);
      }
    };
    await Promise.all(Array.from({ length: LANES }, lane));
    rows.sort((a, b) => PROFILE_NAMES.indexOf(a.profile) - PROFILE_NAMES.indexOf(b.profile) || a.run - b.run);
    process.stdout.write(`\n${table(rows)}\n`);
  }, 1_800_000);

  const certified = (row: ProfileRow | undefined) => {
    expect(row).toBeDefined();
    // A stack-shaped profile fails the SHOULDs its parser's limit fails by design (ENV-6), and no other.
    expect(row!.failed.map((f) => f.split(':')[0])).toEqual(PROFILE_MAY_FAIL[row!.profile] ?? []);
    expect(row!.verdict).toBe('certified');
  };

  first.each('certifies profile %s with no MUST failure, and no SHOULD but those its stack fails by design', (profile) => {
    const one = rows.find((r) => r.profile === profile && r.run === 1);
    certified(one);
    expect(one!.seed).toBe(seedsInARow(profile)[0]);
    // A stack-shaped profile on the seed that failed a Python stack: the report and envelope suites, where its parser meets the
    // filter texts, fail nothing but its parser's limit (INFO included), and RP-16 was judged (the texts at 100 runs per
    // property on ten seeds: test/reference/stack-seeds.test.ts).
    if (STACKS.includes(profile)) {
      expect(one!.failedIds).toEqual(PROFILE_MAY_FAIL[profile] ?? []);
      expect(one!.rp16).toBe('observed');
    }
  });

  second.each(
    'certifies profile %s again in a second run in a row, under the sweep seed, the suites shuffled, against the same server, which keeps what the first saved',
    (profile) => {
      const [one, two] = [1, 2].map((run) => rows.find((r) => r.profile === profile && r.run === run));
      // The seed sweep's run of the profile: certified, no MUST (nor SHOULD but by design) failed, under a seed other than the first run's.
      certified(two);
      expect([one!.seed, two!.seed]).toEqual(seedsInARow(profile));
      // Each run made its own unique values: a new nonce each time.
      expect(two!.nonce).not.toBe(one!.nonce);
      // Whatever ran before: the suites shuffled, every part of every MUST in scope judged, AUTH-11's writes and OS-3's vouchers named.
      expect(two!.shuffle).toBe(shuffleOf(PROFILE_NAMES.indexOf(profile)));
      expect(two!.open).toEqual([]);
      expect(two!.parts.auth11).toBeGreaterThan(0);
      expect(two!.parts.os3).toBeGreaterThan(0);
    },
  );
});
