// OS-7's reasons name where the parallel test's vouchers came from: the vouchers Order Create made
// in this run (with the fix that belongs to Order Create), or the pool fixtures.sales.parallel.
import { describe, expect, it } from 'vitest';
import { parallelSource, tooFewReason } from '../../../suites/order-status/parallel-source.ts';

describe("the parallel test's voucher source", () => {
  it('names the vouchers Order Create made, never the pool, when it made two or more', () => {
    const s = parallelSource([500001, 500002, 2n ** 60n]);
    expect(s.name).toBe('the 3 vouchers Order Create made in this run (500001, 500002, 1152921504606846976)');
    for (const text of Object.values(s)) expect(text).not.toContain('fixtures.sales.parallel');
    expect(s.usedUp).toContain('operations["order-create"]');
    expect(s.paid).toContain('operations["order-create"]');
  });

  it('names the pool, with the pool fix, when Order Create made fewer than two or is not configured', () => {
    for (const made of [[], [500001]]) {
      const s = parallelSource(made);
      expect(s.name).toBe('the vouchers of fixtures.sales.parallel');
      expect(s.usedUp).toBe('reset the staging data or add fresh vouchers to the pool');
      expect(s.paid).toContain('correct fixtures.sales.parallel');
    }
  });

  it('says what Order Create made when neither it nor the pool gives two vouchers', () => {
    expect(tooFewReason([], [], false)).toBe('needs fixtures.sales.parallel (at least 2 unpaid vouchers in branchId) or operations["order-create"]');
    expect(tooFewReason([500001], [1001], true)).toMatch(/^Order Create made 1 voucher\(s\), fewer than 2 .*fixtures\.sales\.parallel holds 1: needs/);
  });
});
