// Whether requests meant to meet at the target did: the requirements about requests in flight
// together (lost updates, id races) are judged only on requests that were, from each exchange's own
// start and duration as the transport timed them. Requests the scheduler had to send one after
// another (a quota, a single slot) test nothing about what happens when they meet.
import type { Exchange } from '../../core/types.ts';

/**
 * Whether requests were in flight together at one instant: the last of them was sent before the
 * first answer ended. A request not sent meets nothing. From the sending clock's fine times when
 * every exchange has one; else from startedAt's whole milliseconds, only where their rounding
 * cannot make requests one after another look together.
 */
export function metInFlight(exchanges: readonly Exchange[]): boolean {
  const sent = exchanges.filter((ex) => ex.notSent === undefined);
  if (sent.length < 2 || sent.length < exchanges.length) return false;
  const fine = sent.every((ex) => ex.sentAtMs !== undefined);
  const start = (ex: Exchange) => (fine ? ex.sentAtMs! : Date.parse(ex.startedAt));
  // Each was sent before every other's answer ended (a whole millisecond's start may be up to 1 ms later).
  const before = (a: Exchange, b: Exchange) => (fine ? start(a) < start(b) + b.durationMs : start(a) + 1 <= start(b) + b.durationMs);
  return sent.every((a) => sent.every((b) => a === b || before(a, b)));
}

/** The indices of the exchanges that were in flight together with at least one other. */
export function metAnother(exchanges: readonly Exchange[]): number[] {
  return exchanges.flatMap((ex, k) => (exchanges.some((other, j) => j !== k && metInFlight([ex, other])) ? [k] : []));
}
