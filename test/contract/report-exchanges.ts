// Synthetic report exchanges for the unit tests of the report checks: pages of transactions with
// given ids and dates, as a conforming target or a broken one would answer them.
import type { CheckResult } from '../../contract/checks/finding.ts';
import type { Exchange } from '../../core/types.ts';
import { reportItem } from './examples.ts';

let seq = 0;

const REQUEST: Exchange['request'] = {
  method: 'POST',
  url: 'http://127.0.0.1:1/api/v1/report/consumption-production-report',
  headers: { 'api-token': '***', 'content-type': 'application/json' },
  body: '{}',
};

/** A report exchange answered `status` with `body` (a JSON value, or text sent as is); null: no answer (a timeout). */
export function exchange(status: number | null, body: unknown, o: Partial<Exchange> = {}): Exchange {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return {
    seq: ++seq,
    operation: 'report',
    tokenKind: 'valid',
    request: { ...REQUEST, headers: { ...REQUEST.headers } },
    ...(status === null
      ? { failure: { kind: 'timeout', message: 'no answer in 100 ms' } }
      : { response: { status, headers: { 'content-type': 'application/json' }, body: text, bytes: text.length, truncated: false } }),
    ...(json !== undefined ? { json } : { jsonError: 'not JSON' }),
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    ...o,
  };
}

/** An exchange answering `status` with `body` to a request with `requestBody`. */
export const answer = (status: number, body: unknown, requestBody = '{}'): Exchange => exchange(status, body, { request: { ...REQUEST, body: requestBody } });

/** A transaction of 2.5 with this id, dated dd/mm/yyyy. */
export const tx = (id: number | string, date = '05/01/2026') => ({ ...reportItem, transactionId: id, date });

/** A 200 report page holding `items`, with `totalCount` (default: the number of items). */
export const reportPage = (items: unknown[], totalCount: unknown = items.length) =>
  answer(200, { status: true, message: 'Consumption production report list', code: '200', response: { totalCount, items } });

/** A page of transactions by id. */
export const idsPage = (ids: number[], totalCount?: number) =>
  reportPage(
    ids.map((id) => tx(id)),
    totalCount ?? ids.length,
  );

/** The findings of a relation's result, and its evidence summed by requirement. */
export function withEvidence(fn: () => CheckResult): { result: CheckResult['findings']; evidence: Record<string, number> } {
  const evidence: Record<string, number> = {};
  const out = fn();
  for (const e of out.evidence) evidence[e.requirementId] = (evidence[e.requirementId] ?? 0) + e.n;
  return { result: out.findings, evidence };
}
