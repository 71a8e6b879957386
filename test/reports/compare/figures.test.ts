// The figures compare reads from certification.json, computed once: the latency histogram's
// buckets and quantiles (core/latency.ts), each exchange counted by its operation into its test's
// record (requests with retries, 429s, durations), and the certificate's figures per operation.
// The fingerprint keeps the input's shape and leaves out its values.
import { describe, expect, it } from 'vitest';
import { countLatency, latencyBucket, quantile, type LatencyHistogram } from '../../../core/latency.ts';
import { countExchange, emptyRecord } from '../../../core/record.ts';
import type { Exchange } from '../../../core/types.ts';
import { operationFigures } from '../../../reports/operation-figures.ts';
import { jsonShape, requestShape } from '../../../reports/fingerprint.ts';

const ex = (durationMs: number, more: Partial<Exchange> = {}): Exchange => ({
  seq: 1,
  operation: 'report',
  tokenKind: 'valid',
  request: { method: 'POST', url: 'http://erp.test/api/v1/report', headers: {} },
  response: { status: 200, headers: {}, body: '{}', bytes: 2, truncated: false },
  startedAt: '2026-05-01T10:00:00.000Z',
  durationMs,
  ...more,
});

describe('the latency histogram', () => {
  it('keeps whole ms under 10 ms and two significant digits above', () => {
    expect([0.4, 7.6, 12.4, 987, 1234, 56_789].map(latencyBucket)).toEqual([0, 8, 12, 990, 1200, 57_000]);
  });

  it('gives the nearest-rank quantile, and nothing when empty', () => {
    const h: LatencyHistogram = {};
    for (let i = 1; i <= 100; i++) countLatency(h, i);
    expect([quantile(h, 0.5), quantile(h, 0.95), quantile(h, 1)]).toEqual([50, 95, 100]);
    expect(quantile({}, 0.5)).toBeUndefined();
  });
});

describe('the figures per operation', () => {
  it("count each exchange's requests (retries included), 429s and duration by its operation; a request not sent counts nothing", () => {
    const r = emptyRecord(['RP-1']);
    countExchange(r, ex(100));
    countExchange(r, ex(300, { rateLimited: { retries: 2, waitedMs: 50 } }));
    countExchange(r, ex(200, { rateLimited: { retries: 1, waitedMs: 50 }, response: { status: 429, headers: {}, body: '', bytes: 0, truncated: false } }));
    countExchange(r, ex(5, { operation: 'order-status', notSent: { reason: 'budget', message: 'spent' } }));
    expect(r.byOperation).toEqual({ report: { requests: 6, answers429: 4, latency: { '100': 1, '200': 1, '300': 1 } } });
    const other = emptyRecord(['RP-2']);
    countExchange(other, ex(400));
    expect(operationFigures([r, undefined, other])).toEqual([
      { operation: 'report', requests: 7, answers429: 4, share429: 0.5714, timed: 4, p50Ms: 200, p95Ms: 400 },
    ]);
  });
});

describe("a finding's input shape", () => {
  it('keeps keys, types, the method, the path without its ids and the query names; never the values', () => {
    expect(jsonShape({ b: [1, 'x', 2], a: { c: null, d: true } })).toBe('{a:{c:null,d:boolean},b:[number|string]}');
    const shape = requestShape(
      ex(1, { request: { method: 'POST', url: 'http://h:1/api/v1/sales/1003/update?branch_id=1&x=2', headers: {}, body: '{"orderStatus":"Paid"}' } }),
    );
    expect(shape).toBe('POST /api/v1/sales/{id}/update?branch_id&x {orderStatus:string}');
    expect(
      requestShape(
        ex(1, { request: { method: 'POST', url: 'http://h:2/api/v1/sales/77/update?x=9&branch_id=4', headers: {}, body: '{"orderStatus":"Done"}' } }),
      ),
    ).toBe(shape);
    expect(requestShape(ex(1, { request: { method: 'POST', url: 'http://h/r', headers: {}, body: 'not json' } }))).toBe('POST /r text');
  });
});
