// How the rules across operations (across.ts) read an answer: accepted, refused, or no usable
// answer. The order status update (4.1) refuses with "a validation error (status 400)"; Update
// Payment Status is an index operation whose config may name a refusal shape (a 2xx with
// `status: false`, as the production deployment answers some refusals): a refusal too, never a
// payment status the scenario then believes was set.
import { acceptedBy, refusedByShape } from '../../config/answer-shape.ts';
import type { OperationConfig } from '../../config/operations.ts';
import type { Exchange } from '../../core/types.ts';
import type { Outcome } from './across.ts';
import { answered, said, statusAccepted } from './vouchers.ts';

/**
 * An answer as the scenarios read it. `op`: the index operation that sent it (Update Payment
 * Status), whose config may name a refusal shape (a 2xx with `status: false`); without it, the
 * order status update (4.1), whose refusals are 4xx.
 */
export function outcome(ex: Exchange, op?: OperationConfig): Outcome {
  if (!answered(ex) || ex.response!.status >= 500) return { answered: false, said: said(ex), ex };
  const status = ex.response!.status;
  const shaped = op !== undefined && refusedByShape(op, status, ex.json);
  const accepted = op ? acceptedBy(op, status, ex.json) : statusAccepted(ex);
  return { answered: true, accepted, refused: shaped || (status >= 400 && status < 500), said: said(ex), ex };
}
