// The suite worker starts while the preflight still runs (engine/phases/early-start.ts): forking it and
// loading the suites' modules takes seconds during which no request would be in flight. What only
// the preflight and the plan know (property runs, scarce operations, MUSTs first, the preflight's
// customer and cities, the waves of suite files) reaches the worker afterwards over the channel
// (runtime/protocol.ts): the worker says it waits, and the host answers once it knows, whichever
// comes first. The worker declares the suites' tests only then. `{ cancelled: true }`: the run goes
// no further (a preflight problem, an interrupt), the worker declares nothing.
import { hostEnd } from './channel.ts';
import { LATE_KEYS, type ChannelEnd, type HostMessage, type LateContext, type SuiteContext, type WorkerMessage } from './protocol.ts';

// The message's shape and the keys it carries are declared in runtime/protocol.ts.
export { LATE_KEYS, type LateContext } from './protocol.ts';

/** Merges the late context into `ctx` (in place); the suite files in their waves (none: cancelled). */
export function applyLateContext(late: LateContext, ctx: SuiteContext): string[][] {
  if (late.cancelled) return [];
  // In place: every suiteContext() of the worker returns this one object (vitest's inject).
  for (const k of LATE_KEYS) delete (ctx as Partial<SuiteContext>)[k];
  Object.assign(ctx, late.context);
  return late.waves;
}

/** Worker: says it waits, waits for the host's late context, then merges it into `ctx`. */
export function awaitLateContext(ctx: SuiteContext, host: ChannelEnd<WorkerMessage, HostMessage> = hostEnd()): Promise<string[][]> {
  return new Promise((resolve) => {
    // Listening before asking: the answer may come at once.
    const stop = host.listen((m) => {
      if (m.erp !== 'late') return;
      stop();
      resolve(applyLateContext(m.late, ctx));
    });
    host.send({ erp: 'waiting' });
  });
}
