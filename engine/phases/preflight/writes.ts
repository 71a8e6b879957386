// The preflight's writes: each write of config `operations` the run sends (order-create,
// update-payment-status, ...) goes out once with the fixtures' values and the entry's params
// (served.ts sends it). One the target refuses - a 4xx, or a 2xx of the entry's `refusal` shape
// (200 + status: false) - refuses the config's values (a contact, a product the target does not
// hold), not the suites' requests: the run stops before any suite, naming the entry and the
// target's own message. A write whose template holds a placeholder without a value (init's "fill
// this") stops it the same way, before anything is sent. A 404/405 is a route not served (out of
// scope, served.ts), a 429 still refused or no answer is deferred, a 5xx is the suites' to judge.
import { refusedByShape } from '../../../config/answer-shape.ts';
import type { OperationConfig } from '../../../config/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { sendableOperations } from '../../../client/index-operation.ts';
import type { Exchange } from '../../../core/types.ts';
import { notServedAnswer } from './served.ts';
import type { PreflightProblem } from './types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';

/** The config key of an entry of `operations`, as a problem names it. */
export const operationKey = (name: string) => `operations[${JSON.stringify(name)}]`;

/** The target's own words in an answer: its `message`, else the start of its body. */
export function targetMessage(ex: Exchange): string {
  const msg = (ex.json as { message?: unknown } | undefined)?.message;
  return typeof msg === 'string' ? msg : (ex.response?.body ?? '').slice(0, 300);
}

/** Why an answer to a write's configured request is a refusal of its values ("HTTP 400", "HTTP 200 + status: false"), or undefined. */
export function writeRefusal(op: OperationConfig, ex: Exchange): string | undefined {
  const status = ex.response?.status;
  if (status === undefined || status === 429 || notServedAnswer(op, ex)) return undefined;
  if (status >= 400 && status < 500) return `HTTP ${status}`;
  if (refusedByShape(op, status, ex.json))
    return `HTTP ${status} + ${Object.entries(op.refusal ?? {})
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join(', ')}`;
  return undefined;
}

/** The writes the run would send that hold a placeholder without a value: the config's to fill, before anything is sent. */
export function unfilledWrites(config: RunConfig): PreflightProblem[] {
  const { unfilled } = sendableOperations(config);
  return Object.keys(unfilled)
    .filter((name) => config.operations?.[name as keyof typeof config.operations]?.writes)
    .map((name) => ({
      key: operationKey(name),
      problem: preflightSays('writeUnfilled', { unfilled: unfilled[name]! }),
    }));
}

/** The writes the target refused, from the exchanges of their configured requests (served.ts). */
export function refusedWrites(config: RunConfig, sent: Record<string, Exchange>): PreflightProblem[] {
  const problems: PreflightProblem[] = [];
  for (const s of sendableOperations(config).list) {
    const ex = sent[s.name];
    if (!s.op.writes || !ex) continue;
    const why = writeRefusal(s.op, ex);
    if (!why) continue;
    const req = `${s.request.method} ${s.request.path}${s.request.body !== undefined ? ` ${JSON.stringify(s.request.body).slice(0, 160)}` : ''}`;
    problems.push({
      key: operationKey(s.name),
      problem: preflightSays('writeRefused', { request: req, why, message: JSON.stringify(targetMessage(ex).slice(0, 200)) }),
    });
  }
  return problems;
}
