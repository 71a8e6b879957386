// The preflight's writes (engine/phases/preflight/writes.ts): a write's configured request refused
// for its values (a 4xx, or 200 + the entry's refusal shape) is a problem naming the entry and the
// target's message; a route not served, a 429, a 5xx or no answer is not; a write whose template
// holds a placeholder without a value is named before anything is sent.
import { describe, expect, it } from 'vitest';
import type { OperationConfig } from '../../../../config/operations.ts';
import type { RunConfig } from '../../../../config/schema.ts';
import type { Exchange } from '../../../../core/types.ts';
import { preflight } from '../../../../engine/phases/preflight/preflight.ts';
import { refusedWrites, unfilledWrites, writeRefusal } from '../../../../engine/phases/preflight/writes.ts';
import { referenceTarget } from './kit.ts';

const answer = (status: number, json?: unknown): Exchange =>
  ({ response: { status, headers: {}, body: json === undefined ? '' : JSON.stringify(json) }, json }) as unknown as Exchange;
const create: OperationConfig = { method: 'POST', path: '/api/v1/sales/order-create', writes: true, body: { contactId: 1001 } };
const shaped: OperationConfig = { ...create, refusal: { status: false } };

describe('writeRefusal', () => {
  it('a 4xx is a refusal, and a 2xx of the refusal shape where the entry declares it', () => {
    expect(writeRefusal(create, answer(400, { status: false, message: 'contactId must be an existing contact' }))).toBe('HTTP 400');
    expect(writeRefusal(create, answer(422, {}))).toBe('HTTP 422');
    expect(writeRefusal(shaped, answer(200, { status: false, message: 'no' }))).toBe('HTTP 200 + status: false');
    // Without the declared shape, a 200 is an acceptance.
    expect(writeRefusal(create, answer(200, { status: false, message: 'no' }))).toBeUndefined();
    expect(writeRefusal(shaped, answer(200, { status: true, message: 'Order created' }))).toBeUndefined();
  });

  it('a route not served, a 429 still refused, a 5xx or no answer is not a refusal of the values', () => {
    expect(writeRefusal(create, answer(404, '<html>'))).toBeUndefined();
    expect(writeRefusal(create, answer(405))).toBeUndefined();
    expect(writeRefusal(create, answer(429, { message: 'Too many request' }))).toBeUndefined();
    expect(writeRefusal(create, answer(500, {}))).toBeUndefined();
    expect(writeRefusal(create, { failure: { kind: 'timeout', message: 'x' } } as unknown as Exchange)).toBeUndefined();
  });
});

describe('the preflight against the reference', () => {
  const t = referenceTarget();
  const withCreate = (body: unknown): RunConfig => ({
    ...t.config,
    operations: { ...t.config.operations, 'order-create': { ...t.config.operations!['order-create']!, body } },
  });

  it('names a refused write with its key and the target message, and only it', async () => {
    const config = withCreate({ contactId: 999_999, items: [{ productId: 101, qty: 1 }] });
    const r = await preflight(config);
    expect(r.problems.map((p) => p.key)).toEqual(['operations["order-create"]']);
    expect(r.problems[0]!.problem).toContain('HTTP 400 "contactId must be an existing contact"');
    // The same write, accepted, is no problem.
    expect(refusedWrites(t.config, { 'order-create': answer(200, { status: true, response: { salesId: 5 } }) })).toEqual([]);
  }, 60_000);

  it('a write holding a placeholder without a value stops the preflight before it is sent; a read that does is left to the index suite', async () => {
    const config = withCreate({ contactId: '{contactId}', items: [{ productId: 101, qty: 1 }] });
    expect(unfilledWrites(config).map((p) => p.key)).toEqual(['operations["order-create"]']);
    expect(unfilledWrites(config)[0]!.problem).toMatch(/\{contactId\} without a value.*fill it/);
    const r = await preflight(config);
    expect(r.problems.map((p) => p.key)).toEqual(['operations["order-create"]']);
    expect(unfilledWrites({ ...config, writes: false })).toEqual([]);
    const read = { ...config, operations: { 'branch-list': { method: 'GET' as const, path: '/api/v1/branch/{what}' } } };
    expect(unfilledWrites(read)).toEqual([]);
  }, 60_000);
});
