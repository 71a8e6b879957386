// Every part judged, whatever ran before (suites/*, runtime/voucher-lease.ts): whole runs against
// the default reference with the suites' order shuffled (three seeds) and with each requirement
// prefix run alone (`--only` selects suites: prefixes of the same suites, such as ENV, AUTH and VER,
// are one run of those suites, `--only` all of them); in each, every MUST in scope passed and every part of it judged something. A
// vendor that stores a status update sent without a token and then answers 403 fails AUTH-11 in a
// run of all suites, also without Order Create (AUTH-11 then writes to a refusals voucher it holds
// alone, not one the auth tests' own tokenless updates ask Pending of); one that takes a partially paid
// voucher for paid fails OS-3 on the refusals pool alone (no Order Create, no Update Payment Status).
// Every profile's shuffled run is its second run in a row in profiles.test.ts (one run: the second
// run, the sweep seed, the shuffled order, every part judged).
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunConfig } from '../../../config/schema.ts';
import { prefixOf, requirements } from '../../../contract/requirements.ts';
import { selectSuites } from '../../../engine/mode.ts';
import type { Certification } from '../../../reports/model.ts';
import { runAgainstReference } from './run-reference.ts';
import { openMusts, partsLine, partsOf, SHUFFLES } from './parts-judged.ts';
import { WHOLE_FILE } from '../../tiers.ts';

/** The prefixes of the MUSTs a run without --with-load verifies (RL is the probe's). */
const PREFIXES = [...new Set(requirements.filter((r) => r.level === 'MUST').map((r) => prefixOf(r.id)))].filter((p) => p !== 'RL');
const o = { numRuns: 3, preflight: false, har: false } as const;
/** The prefixes grouped by the suites `--only` runs for them: one run per group runs what each alone runs. */
const GROUPS = [
  ...PREFIXES.reduce((m, p) => {
    const key = [...selectSuites([p], false)].join(',');
    return m.set(key, [...(m.get(key) ?? []), p]);
  }, new Map<string, string[]>()),
];

/** No Order Create (nor the reads and writes of a voucher it makes): every voucher is the pool's. */
const poolOnly = (c: RunConfig): RunConfig => {
  const { 'order-create': _c, 'update-payment-status': _u, ...operations } = c.operations!;
  return { ...c, operations };
};

const certs = new Map<string, Certification>();

describe('every part of every MUST judged, whatever ran before', WHOLE_FILE, () => {
  beforeAll(async () => {
    const queue: Array<[string, () => ReturnType<typeof runAgainstReference>]> = [
      ['status-write-then-403', () => runAgainstReference({ ...o, faults: ['auth-status-update-writes-then-403'] })],
      ['status-write-then-403 without Order Create', () => runAgainstReference({ ...o, faults: ['auth-status-update-writes-then-403'], patch: poolOnly })],
      ['partial-is-paid on the pool', () => runAgainstReference({ ...o, faults: ['os-partial-is-paid'], patch: poolOnly })],
      ...SHUFFLES.map(
        (seed) => [`shuffled ${seed}`, () => runAgainstReference({ ...o, shuffleSeed: seed })] as [string, () => ReturnType<typeof runAgainstReference>],
      ),
      ...GROUPS.map(
        ([, only]) => [`--only ${only.join(',')}`, () => runAgainstReference({ ...o, only })] as [string, () => ReturnType<typeof runAgainstReference>],
      ),
    ];
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) certs.set(next[0], (await next[1]()).certification);
    };
    await Promise.all([lane(), lane()]);
    for (const [name, c] of certs) process.stdout.write(`${partsLine(name, c)}\n`);
    for (const [, only] of GROUPS) for (const p of only) certs.set(`--only ${p}`, certs.get(`--only ${only.join(',')}`)!);
  }, 1_800_000);

  it.each(SHUFFLES)('certifies the default reference with the suites shuffled (seed %i), every part of every MUST judged', (seed) => {
    const c = certs.get(`shuffled ${seed}`)!;
    expect(openMusts(c)).toEqual([]);
    expect(c.verdict).toBe('certified');
    // The parts are named: AUTH-11's writes and OS-3's vouchers, each judged.
    expect(partsOf(c, 'AUTH-11')).toBe(4);
    expect(partsOf(c, 'OS-3')).toBeGreaterThanOrEqual(10);
  });

  it.each(PREFIXES)('judges every part of every MUST of %s run alone', (prefix) => {
    const c = certs.get(`--only ${prefix}`)!;
    // The run of the suites this prefix alone selects, no other.
    const group = GROUPS.find(([, only]) => only.includes(prefix))!;
    expect([...selectSuites(c.selection!, false)].join(','), c.selection!.join(',')).toBe(group[0]);
    expect(openMusts(c)).toEqual([]);
  });

  it('fails AUTH-11 (and no other MUST) of a vendor that stores a status update sent without a token, with every suite, with and without Order Create', () => {
    for (const name of ['status-write-then-403', 'status-write-then-403 without Order Create']) {
      const c = certs.get(name)!;
      expect(
        c.requirements.filter((r) => r.status === 'failed').map((r) => r.id),
        name,
      ).toEqual(['AUTH-11']);
      expect(c.verdict, name).toBe('not-certified');
    }
  });

  it('fails OS-3 of a vendor that takes a partially paid voucher for paid, on the refusals pool alone', () => {
    const c = certs.get('partial-is-paid on the pool')!;
    expect(c.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['OS-3']);
    expect(c.requirements.find((r) => r.id === 'OS-3')!.findings.some((f) => /1029|1030/.test(JSON.stringify(f)))).toBe(true);
  });
});
