// The plan counts only what the config lets the suites send: an index operation config
// `operations` leaves out sends nothing, nor does a write among them with `writes: false`.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config/load.ts';
import { referenceRunConfig } from '../../../../reference/run-config.ts';
import { MAIN_OPERATIONS, planLines, planRun } from '../../../../engine/phases/plan/plan.ts';
import { statedByOperation } from '../../../../engine/phases/plan/plan-only.ts';
import { unsentOperation } from '../../../../engine/phases/plan/costs.ts';

const FIVE = ['branch-list', 'department', 'category', 'get-product-list', 'order-create'];

const config = (over: { only?: string[]; writes?: boolean }) => {
  const base = referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default') as Record<string, unknown>;
  const all = base.operations as Record<string, unknown>;
  const operations = over.only ? Object.fromEntries(over.only.map((k) => [k, all[k]])) : all;
  return loadConfig({ base: { ...base, operations, ...(over.writes === false ? { writes: false } : {}) }, env: {} });
};

const indexOps = (c: ReturnType<typeof config>) =>
  planRun(c, 100, statedByOperation(c))
    .operations.filter((o) => !MAIN_OPERATIONS.includes(o.op) && o.requests > 0)
    .map((o) => o.op);

describe('the plan and config operations', () => {
  it('with the whole index configured counts every index operation the tests send', () => {
    expect(indexOps(config({})).length).toBeGreaterThan(30);
  });

  it('with five operations configured counts those five only, and fewer requests', () => {
    const all = config({});
    const five = config({ only: FIVE });
    expect(indexOps(five).sort()).toEqual([...FIVE].sort());
    const p = planRun(five, 100, statedByOperation(five));
    expect(p.requests).toBeLessThan(planRun(all, 100, statedByOperation(all)).requests);
    // The three operations of section 4 and the read paths are sent whatever `operations` holds.
    for (const op of MAIN_OPERATIONS) expect(p.operations.find((o) => o.op === op)!.requests).toBeGreaterThan(0);
    const sent = p.operations.filter((o) => FIVE.includes(o.op)).reduce((n, o) => n + o.requests, 0);
    expect(planLines(p, 100)[0]).toMatch(new RegExp(`, 5 index operations ${sent}\\)$`));
  });

  it('with writes: false leaves out the write operations (Order Create, update-payment-status)', () => {
    const c = config({ writes: false });
    expect(unsentOperation(c, 'order-create')).toBe('operations.order-create writes, and writes is false');
    expect(unsentOperation(c, 'update-payment-status')).toMatch(/writes is false/);
    expect(unsentOperation(c, 'branch-list')).toBeUndefined();
    expect(indexOps(c)).not.toContain('order-create');
    expect(indexOps(c)).not.toContain('update-payment-status');
    expect(indexOps(c)).toContain('branch-list');
  });

  it('never leaves out the operations section 4 details or the read paths', () => {
    const c = config({ only: [] });
    for (const op of [...MAIN_OPERATIONS, 'contact-save', 'update-order-status', 'consumption-production-report'])
      expect(unsentOperation(c, op)).toBeUndefined();
    expect(unsentOperation(c, 'branch-list')).toBe('operations.branch-list is not configured');
  });
});
