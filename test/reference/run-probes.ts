// Runs the fault probes (fault-probes*.ts) against a fresh reference with the given faults on, and
// gives each probe's answers and every exchange it sent, recorded as the kit's own Exchange (the
// record a check reads). faults.test.ts compares the answers; fault-checks.test.ts judges the
// exchanges with the suites' checks.
import type { Exchange } from '../../core/types.ts';
import { DEFAULT_TOKENS } from '../../reference/constants.ts';
import { fault as faultOf, type FaultName } from '../../reference/faults.ts';
import { startReference } from '../../reference/server.ts';
import { exchangeOf } from './exchange-of.ts';
import { PROBES, RL_TOKENS } from './fault-probes.ts';
import { call, type Answer } from './helpers.ts';
import { RL_LIMIT, type Send } from './probe-kit.ts';

export const TOKENS = [...DEFAULT_TOKENS, ...RL_TOKENS];

/** What one probe saw: the answers it returned, and the exchanges of all its requests in the order sent. */
export interface ProbeRun {
  answers: Answer[];
  /** The exchanges of `answers`, one for one. */
  shown: Exchange[];
  /** Every request the probe sent (its set-up reads and writes too). */
  sent: Exchange[];
}

/**
 * Runs every probe (or those of `only`) against a fresh reference with `faults` on, the rate-limit
 * probes first on a limited one: the Retry-After they see counts from its start, not from however
 * long the other probes took (a race fault makes every report wait its window: seconds over the probes).
 */
export async function runProbes(faults: FaultName[], only?: FaultName[]): Promise<Map<FaultName, ProbeRun>> {
  // One server for the probes of `only` (started when first needed), one more for the rate-limit probes.
  let plain: Awaited<ReturnType<typeof startReference>> | undefined;
  let limited: typeof plain;
  try {
    const runs = new Map<FaultName, ProbeRun>();
    const probes = PROBES.filter((p) => !only || only.includes(p.fault));
    let seq = 0;
    for (const probe of [...probes.filter((p) => p.op === 'rate-limit'), ...probes.filter((p) => p.op !== 'rate-limit')]) {
      // A fault made for a profile (Fault.profile) is probed on a server of that profile, of its own.
      const profile = faultOf(probe.fault).profile;
      const own = profile ? await startReference({ faults, tokens: TOKENS, profile }) : undefined;
      if (probe.op === 'rate-limit') limited ??= await startReference({ faults, tokens: TOKENS, rateLimit: RL_LIMIT });
      else if (!own) plain ??= await startReference({ faults, tokens: TOKENS });
      const url = own ? own.url : probe.op === 'rate-limit' ? limited!.url : plain!.url;
      const sent: Exchange[] = [];
      const of = new Map<Answer, Exchange>();
      const send: Send = async (path, opts = {}, method = 'POST') => {
        const startedAt = new Date();
        const answer = await call(url, method, path, opts);
        const ex = exchangeOf({ seq: ++seq, base: url, method, path, opts, startedAt }, answer);
        sent.push(ex);
        of.set(answer, ex);
        return answer;
      };
      const answers = await probe.run(send).finally(() => own?.close());
      runs.set(probe.fault, { answers, shown: answers.map((a) => of.get(a)!), sent });
    }
    return runs;
  } finally {
    await Promise.all([plain?.close(), limited?.close()]);
  }
}
