// Synthetic report exchanges for the unit tests of the report checks: pages of transactions with
// given ids and dates, as a conforming target or a broken one would answer them.
import { withEvidenceSink } from '../../contract/checks/evidence.ts';
import type { Exchange } from '../../contract/types.ts';
import { reportItem } from './examples.ts';

let seq = 0;

/** An exchange answering `status` with `body` (a JSON value, or text sent as is). */
export function answer(status: number, body: unknown, requestBody = '{}'): Exchange {
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
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:1/api/v1/report/consumption-production-report',
      headers: { 'api-token': '***', 'content-type': 'application/json' },
      body: requestBody,
    },
    response: { status, headers: { 'content-type': 'application/json' }, body: text, bytes: text.length, truncated: false },
    ...(json !== undefined ? { json } : { jsonError: 'not JSON' }),
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
}

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

/** What `fn` noted as evidence, by requirement, and what it returned. */
export function withEvidence<T>(fn: () => T): { result: T; evidence: Record<string, number> } {
  const evidence: Record<string, number> = {};
  const result = withEvidenceSink((id, n) => {
    evidence[id] = (evidence[id] ?? 0) + n;
  }, fn);
  return { result, evidence };
}
