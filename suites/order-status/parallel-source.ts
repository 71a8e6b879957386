// Where the vouchers of OS-7's parallel updates came from, as the test's reasons name it: made in
// this run by Order Create when the config names it (fresh.ts), else the pool
// fixtures.sales.parallel. A reason names the place the vouchers came from and the fix that
// belongs to it (a pool is reset or refilled; Order Create's vouchers are a question of its config).
import type { Id } from './plan.ts';
import { suiteSays } from '../../core/words/suites.ts';

export interface ParallelSource {
  /** `the 4 vouchers Order Create made in this run (500001, ...)`, or `the vouchers of fixtures.sales.parallel`. */
  name: string;
  /** What to do when they are at the end of the lifecycle and the target does not move them back to Pending. */
  usedUp: string;
  /** What to do when they read paid (the role needs unpaid vouchers). */
  paid: string;
}

/** The source of the vouchers the test uses: `made` by Order Create (when 2 or more), else the pool. */
export function parallelSource(made: readonly Id[]): ParallelSource {
  if (made.length >= 2)
    return {
      name: `the ${made.length} vouchers Order Create made in this run (${made.join(', ')})`,
      usedUp: 'a voucher Order Create makes is expected to take a lifecycle step (check operations["order-create"])',
      paid: 'this role needs unpaid vouchers, and Order Create made them paid (check operations["order-create"])',
    };
  return {
    name: 'the vouchers of fixtures.sales.parallel',
    usedUp: 'reset the staging data or add fresh vouchers to the pool',
    paid: 'this role needs unpaid vouchers; correct fixtures.sales.parallel',
  };
}

/** Why the test has too few vouchers to send at once (it needs 2): the pool's size, and what Order Create made. */
export function tooFewReason(made: readonly Id[], pool: readonly Id[], orderCreate: boolean): string {
  if (!orderCreate) return suiteSays('osParallelNeeds');
  return suiteSays('osParallelTooFew', { made: made.length, pool: pool.length });
}
