// Every operation of the index (section 1) counts against a quota of its own, under its stable
// name: run.rateLimit and --rate-limit take those names, a request the client sends through
// `index` is matched to its configured operation (a literal path segment before a placeholder),
// the five names of the three section-4 operations and the two read-backs are aliases of their
// quotas, and a stated quota on one index operation paces it alone (simulated clock).
import { describe, expect, it } from 'vitest';
import { indexQuotaOf, operationMatcher } from '../../client/operation-of.ts';
import { createScheduler } from '../../client/scheduler.ts';
import { readRateLimitFlag, showRateLimit, statedQuotas } from '../../client/stated-quotas.ts';
import type { UnnumberedExchange } from '../../client/transport.ts';
import { INDEX_OPERATIONS } from '../../core/operations.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { operationsOfKey, QUOTA_KEYS, QUOTA_OPERATIONS, quotaOfIndexOperation } from '../../core/quota.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';
import { clock } from '../../bench/support/sim-clock.ts';

const config = runConfigSchema.parse(referenceRunConfig('http://127.0.0.1:1', ['t1', 't2'], 42));

describe('quota names of the index operations', () => {
  it('every index operation is a quota key; five of them alias the quotas of section 4 and the read-backs', () => {
    for (const name of INDEX_OPERATIONS) expect(QUOTA_KEYS).toContain(name);
    expect(operationsOfKey('get-product-list')).toEqual(['get-product-list']);
    expect(operationsOfKey('contact-save')).toEqual(['customerCreate']);
    expect(operationsOfKey('consumption-production-report')).toEqual(['report']);
    expect(operationsOfKey('update-order-status')).toEqual(['orderStatus']);
    expect(operationsOfKey('get-contact-by-id')).toEqual(['contactRead']);
    expect(operationsOfKey('order-status')).toEqual(['orderStatusRead']);
    expect(quotaOfIndexOperation('get-tax-list')).toBe('get-tax-list');
    expect(quotaOfIndexOperation('no-such-operation')).toBe('other');
    expect(quotaOfIndexOperation(undefined)).toBe('other');
    // Every quota operation is paced on its own: the index's 35 plus the 5 and "other".
    expect(new Set(QUOTA_OPERATIONS).size).toBe(35 + 5 + 1);
  });

  it('run.rateLimit and --rate-limit accept them; an unknown name stays refused', () => {
    const ok = runConfigSchema.safeParse({ ...config, run: { rateLimit: { 'get-product-list': '10/1m', report: '5/1m' } } });
    expect(ok.success).toBe(true);
    expect(statedQuotas(ok.data!.run.rateLimit).map((q) => [q.operations, q.quota.requests])).toEqual([
      [['report'], 5],
      [['get-product-list'], 10],
    ]);
    expect(runConfigSchema.safeParse({ ...config, run: { rateLimit: { 'get-product-lists': '10/1m' } } }).success).toBe(false);
    expect(readRateLimitFlag('get-product-list=2/1s,readBack=4/6s')).toEqual({ 'get-product-list': '2/1s', readBack: '4/6s' });
    expect(readRateLimitFlag('get-product-lists=2/1s')).toBeNull();
    expect(showRateLimit({ 'branch-list': '1/1m' })).toBe('branch-list 1/1m');
  });

  it('a request of the index counts against its configured operation: method and path, a literal segment before a placeholder, the query aside', () => {
    const match = operationMatcher(config.operations);
    expect(match('GET', '/api/v1/products?limit=10&offset=0')).toBe('get-product-list');
    expect(match('GET', '/api/v1/product/products-inventory?branchId=1')).toBe('products-with-inventory');
    expect(match('GET', '/api/v1/product/17')).toBe('get-product-by-id');
    expect(match('GET', '/api/v1/product/x-1')).toBe('get-product-by-id');
    expect(match('POST', '/api/v1/products')).toBeUndefined();
    expect(match('GET', '/api/v1/elsewhere')).toBeUndefined();
    expect(indexQuotaOf(match, 'GET', '/api/v1/master/tax')).toBe('get-tax-list');
    // The three of section 4 have no entry (the spec's paths); one a config still names counts under its alias.
    expect(indexQuotaOf(match, 'POST', '/api/v1/customer/create?branch_id=1')).toBe('other');
    const named = operationMatcher({ ...config.operations, 'contact-save': { method: 'POST', path: '/api/v1/customer/create' } });
    expect(indexQuotaOf(named, 'POST', '/api/v1/customer/create?branch_id=1')).toBe('customerCreate');
    expect(indexQuotaOf(match, 'GET', '/api/v1/elsewhere')).toBe('other');
    // Changed paths: the config says where each operation lives.
    const moved = operationMatcher({ 'get-product-list': { method: 'GET', path: '/erp/v2/catalogue/items' } });
    expect(moved('GET', '/erp/v2/catalogue/items?limit=1')).toBe('get-product-list');
    expect(moved('GET', '/api/v1/products')).toBeUndefined();
  });

  it('a quota stated for one index operation paces it alone (simulated clock)', async () => {
    const { now, sleep } = clock();
    const s = createScheduler({ concurrency: 4, pacing: true, now, sleep, quotas: statedQuotas({ 'get-product-list': '2/1s' }) });
    const ok = async (): Promise<UnnumberedExchange> => ({
      operation: 'index',
      tokenKind: 'valid',
      request: { method: 'GET', url: 'http://t/x', headers: {} },
      response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
      startedAt: '',
      durationMs: 1,
    });
    const done: Record<string, number> = {};
    const t0 = now();
    const run = (op: string, n: number) =>
      Promise.all(Array.from({ length: n }, () => s.run(ok, () => ({}) as UnnumberedExchange, op))).then(() => (done[op] = now() - t0));
    await Promise.all([run('get-product-list', 8), run('get-tax-list', 20), run('branch-list', 20)]);
    // 8 requests at 2 per second take at least three more windows; the other two lists wait for none.
    expect(done['get-product-list']).toBeGreaterThanOrEqual(3000);
    expect(done['get-tax-list']).toBeLessThan(500);
    expect(done['branch-list']).toBeLessThan(500);
    expect(s.stats().operations['get-product-list']!.pacing).toBe('stated: get-product-list 2/1s');
    expect(s.stats().operations['get-tax-list']!.pacing).toBe('none needed');
  });
});
