// The writes one test sent (every request but a GET; none the run held back), in the order answered: a stateful finding
// cuts its sequence of steps from them (suites/order-status/voucher-trail.ts), from the voucher's
// creation to the step that failed. Bounded: at most MAX_WRITES kept, an answer's body only when
// small (the id a creation answered is read from it), so a long test keeps little.
import type { Exchange } from '../core/types.ts';

/** Writes kept per test; later ones are not (a sequence then ends without them). */
export const MAX_WRITES = 2000;
/** An answer body kept whole up to this many characters (a creation's answer); longer ones are dropped. */
const MAX_BODY = 4096;

export class WriteTrail {
  private readonly kept: Exchange[] = [];

  /** Keeps `ex` when it is a write that was sent and there is room. */
  add(ex: Exchange): void {
    if (ex.request.method === 'GET' || ex.notSent || this.kept.length >= MAX_WRITES) return;
    const { json, response, ...rest } = ex;
    const small = response !== undefined && response.body.length <= MAX_BODY;
    this.kept.push({
      ...rest,
      ...(response ? { response: { ...response, body: small ? response.body : '' } } : {}),
      ...(small && json !== undefined ? { json } : {}),
    });
  }

  /** The writes kept, in the order answered. */
  list(): readonly Exchange[] {
    return this.kept;
  }
}
