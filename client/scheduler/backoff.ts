// Backing off the concurrency: a connection refused or reset before any answer while other
// requests are in flight is what a small server's full accept queue looks like, not a target that
// is down. The slots are halved (down to one), and with `resend` (requests that change nothing:
// the preflight's reads) the request goes again after a short pause, a few times. After a run of
// answers, the slots grow back one at a time.
import type { Policy } from './policy.ts';
import type { Slots } from './slots.ts';

const OVERFLOW = new Set(['connection-refused', 'connection-reset']);

export function backoffPolicy(o: { slots: Slots; resend: boolean }): Policy {
  let answeredInRow = 0;
  return (next) => async (job) => {
    for (let tries = 0; ; tries++) {
      const crowded = o.slots.inFlight() > 1;
      const ex = await next(job);
      if (!(ex.failure && !ex.response && OVERFLOW.has(ex.failure.kind))) {
        if (ex.response && ++answeredInRow >= 20 && o.slots.limit() < Infinity) {
          answeredInRow = 0;
          o.slots.setLimit(o.slots.limit() + 1);
        }
        return ex;
      }
      answeredInRow = 0;
      if (crowded) o.slots.setLimit(Math.ceil(o.slots.limit() / 2));
      if (!o.resend || !crowded || tries >= 3) return ex;
      // The slot is given back meanwhile: the request goes again under the halved concurrency.
      await job.park(250 * 2 ** tries);
    }
  };
}
