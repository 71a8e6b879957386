// Each fault of reference/faults.ts changes exactly the behaviour it names: its probe is
// answered differently, in the way `does` says, and every probe of another fault that the
// fault is not related to (see `related` in probe-kit.ts for the rule) is answered exactly as
// by the clean reference.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULT_NAMES, FAULTS, type FaultName } from '../../reference/faults.ts';
import { PROBES } from './fault-probes.ts';
import { expectSame, related, toSeen, type Seen } from './probe-kit.ts';
import { runProbes } from './run-probes.ts';
import { WHOLE_FILE } from '../tiers.ts';

/** The answers every probe saw, against a fresh reference with `faults` on (run-probes.ts). */
async function seenOf(faults: FaultName[]): Promise<Map<FaultName, Seen[]>> {
  const runs = await runProbes(faults);
  return new Map([...runs].map(([fault, run]) => [fault, run.answers.map(toSeen)]));
}

let clean: Map<FaultName, Seen[]>;
beforeAll(async () => {
  clean = await seenOf([]);
});

describe('the fault table', () => {
  it('has exactly one probe for every fault of FAULTS', () => {
    expect(PROBES.map((p) => p.fault).sort()).toEqual([...FAULT_NAMES].sort());
  });

  it('gets the same answers from the clean reference when the probes run again', async () => {
    const again = await seenOf([]);
    for (const probe of PROBES) expectSame(again.get(probe.fault)!, clean.get(probe.fault)!, probe.fault);
  });
});

describe('each fault changes exactly the behaviour it names', WHOLE_FILE, () => {
  for (const { name, does } of FAULTS) {
    it(`${name}: ${does}, and no unrelated probe changes`, async () => {
      const faulty = await seenOf([name]);
      const own = PROBES.find((p) => p.fault === name)!;
      own.differs(clean.get(name)!, faulty.get(name)!);
      let unrelated = 0;
      for (const probe of PROBES) {
        if (probe === own) continue;
        const [before, after] = [clean.get(probe.fault)!, faulty.get(probe.fault)!];
        if (name === 'content-type-text') {
          // Only the label of the answers changes: statuses and bodies stay.
          expect(
            after.map(({ status, body }) => ({ status, body })),
            probe.fault,
          ).toEqual(before.map(({ status, body }) => ({ status, body })));
          continue;
        }
        if (related(name, probe, before)) continue;
        unrelated++;
        expectSame(after, before, `probe of ${probe.fault} under ${name}`);
      }
      if (name !== 'content-type-text') expect(unrelated).toBeGreaterThanOrEqual(15);
    });
  }
});
