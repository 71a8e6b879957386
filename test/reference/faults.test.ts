// Each fault of reference/faults.ts changes exactly the behaviour it names: its probe is
// answered differently, in the way `does` says, and every probe of another fault that the
// fault is not related to (see `related` in probe-kit.ts for the rule) is answered exactly as
// by the clean reference.
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULT_NAMES, FAULTS, type FaultName } from '../../reference/faults.ts';
import { DEFAULT_TOKENS } from '../../reference/constants.ts';
import { startReference } from '../../reference/server.ts';
import { PROBES, RL_TOKENS } from './fault-probes.ts';
import { call } from './helpers.ts';
import { expectSame, related, RL_LIMIT, toSeen, type Seen, type Send } from './probe-kit.ts';

const TOKENS = [...DEFAULT_TOKENS, ...RL_TOKENS];

/**
 * Runs every probe against a fresh reference with `faults` on, the rate-limit probes first on a
 * limited one: the Retry-After they see counts from its start, not from however long the other
 * probes took (a race fault makes every report wait its window: seconds over the probes).
 */
async function runProbes(faults: FaultName[]): Promise<Map<FaultName, Seen[]>> {
  const plain = await startReference({ faults, tokens: TOKENS });
  let limited: Awaited<ReturnType<typeof startReference>> | undefined;
  try {
    const seen = new Map<FaultName, Seen[]>();
    const rateLimit = PROBES.filter((p) => p.op === 'rate-limit');
    for (const probe of [...rateLimit, ...PROBES.filter((p) => p.op !== 'rate-limit')]) {
      if (probe.op === 'rate-limit') limited ??= await startReference({ faults, tokens: TOKENS, rateLimit: RL_LIMIT });
      const url = probe.op === 'rate-limit' ? limited!.url : plain.url;
      const send: Send = (path, opts = {}, method = 'POST') => call(url, method, path, opts);
      seen.set(probe.fault, (await probe.run(send)).map(toSeen));
    }
    return seen;
  } finally {
    await Promise.all([plain.close(), limited?.close()]);
  }
}

let clean: Map<FaultName, Seen[]>;
beforeAll(async () => {
  clean = await runProbes([]);
});

describe('the fault table', () => {
  it('has exactly one probe for every fault of FAULTS', () => {
    expect(PROBES.map((p) => p.fault).sort()).toEqual([...FAULT_NAMES].sort());
  });

  it('gets the same answers from the clean reference when the probes run again', async () => {
    const again = await runProbes([]);
    for (const probe of PROBES) expectSame(again.get(probe.fault)!, clean.get(probe.fault)!, probe.fault);
  });
});

describe('each fault changes exactly the behaviour it names', () => {
  for (const { name, does } of FAULTS) {
    it(`${name}: ${does}, and no unrelated probe changes`, async () => {
      const faulty = await runProbes([name]);
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
