// OS-9's one step sent twice at the same instant to one voucher. Two updates that never met in
// flight (the scheduler freed one slot at a time, a second connection was still opening) test
// nothing about updates that meet, so the step is sent twice again, from the state the voucher
// reads, until the two meet: at most OVERLAP_ROUNDS times, and never past the unpaid lifecycle
// (three steps from Pending). Whether the two met is judged on what the transport timed
// (contract/checks/in-flight.ts), never assumed from the two being sent together.
import type { OrderStatus } from '../../contract/schemas/order-status.ts';
import { metInFlight } from '../../contract/checks/in-flight.ts';
import type { Exchange } from '../../core/types.ts';
import { nextUnpaid, type Id, type Read } from './plan.ts';

/** Times the step is sent twice at once before OS-9 is left unverified for two that never met. */
export const OVERLAP_ROUNDS = 3;

export interface Step {
  salesId: Id;
  from: OrderStatus;
  to: OrderStatus;
}

export interface OverlapIo {
  /** Sends `step` twice at the same instant, on two connections. */
  twice: (step: Step) => Promise<[Exchange, Exchange]>;
  read: (salesId: Id) => Promise<Read>;
  /** Whether an exchange has an answer the test can use. */
  answered: (ex: Exchange) => boolean;
}

/** The last round's step and answers; `met`: the two were in flight together. */
export interface Overlap {
  outcome: 'met' | 'not-both-answered' | 'apart';
  step: Step;
  answers: [Exchange, Exchange];
  rounds: number;
}

/** The voucher's next unpaid lifecycle step from what it reads, or undefined (unread, paid, or no step left). */
export function stepAfter(salesId: Id, read: Read): Step | undefined {
  const to = read.ok && !read.paid ? nextUnpaid(read.orderStatus) : undefined;
  return read.ok && to ? { salesId, from: read.orderStatus, to } : undefined;
}

export async function sendOverlapping(first: Step, io: OverlapIo, rounds = OVERLAP_ROUNDS): Promise<Overlap> {
  let step = first;
  for (let round = 1; ; round++) {
    const answers = await io.twice(step);
    const result = (outcome: Overlap['outcome']): Overlap => ({ outcome, step, answers, rounds: round });
    if (!answers.every(io.answered)) return result('not-both-answered');
    if (metInFlight(answers)) return result('met');
    if (round >= rounds) return result('apart');
    // The two went one after the other: the voucher's next step, from what it reads now.
    const next = stepAfter(step.salesId, await io.read(step.salesId));
    if (!next) return result('apart');
    step = next;
  }
}
