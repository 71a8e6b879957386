// How the rules across operations read an answer (suites/order-status/across-outcome.ts): an
// Update Payment Status refused as HTTP 200 with the config's refusal shape is a refusal, not a
// payment status set (the scenario would otherwise judge Delivered against a payment that never
// changed); the order status update keeps the spec's reading, a 2xx accepted and a 4xx refused.
import { describe, expect, it } from 'vitest';
import type { OperationConfig } from '../../../config/operations.ts';
import type { Exchange } from '../../../core/types.ts';
import { outcome } from '../../../suites/order-status/across-outcome.ts';

const exchange = (status: number, json: unknown): Exchange =>
  ({
    seq: 1,
    operation: 'update-payment-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v1/sales/1/payment', headers: {}, body: '{}' },
    response: { status, headers: {}, body: JSON.stringify(json), bytes: 0, truncated: false },
    json,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  }) as unknown as Exchange;

const pay = { method: 'POST', path: '/api/v1/sales/{salesId}/payment', refusal: { status: false } } as unknown as OperationConfig;
const plain = { method: 'POST', path: '/api/v1/sales/{salesId}/payment' } as unknown as OperationConfig;

describe('an answer as the rules across operations read it', () => {
  it("takes a 2xx in the operation's refusal shape as refused, and its other 2xx as accepted", () => {
    expect(outcome(exchange(200, { status: false, message: 'payment cannot go back' }), pay)).toMatchObject({ answered: true, accepted: false, refused: true });
    expect(outcome(exchange(200, { status: true, message: 'updated' }), pay)).toMatchObject({ answered: true, accepted: true, refused: false });
    // Without a refusal shape in the config, a 2xx is the operation's success.
    expect(outcome(exchange(200, { status: false }), plain)).toMatchObject({ accepted: true, refused: false });
  });

  it('reads the order status update by its status code: 2xx accepted, 4xx refused, 5xx and 429 no usable answer', () => {
    expect(outcome(exchange(200, null))).toMatchObject({ answered: true, accepted: true, refused: false });
    expect(outcome(exchange(400, { status: false }))).toMatchObject({ answered: true, accepted: false, refused: true });
    expect(outcome(exchange(500, {}))).toMatchObject({ answered: false });
    expect(outcome(exchange(429, {}))).toMatchObject({ answered: false });
  });
});
