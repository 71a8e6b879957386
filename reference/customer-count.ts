// Fault ix-customer-count-all-branches: Get Customer List W Branch Id pages the branch's
// customers, but its totalCount is a count without the branch's WHERE: every branch's customers
// (IX-7: the page at offset totalCount-1 is empty).
import { VALID_BRANCHES } from './constants.ts';
import type { Ctx } from './context.ts';

/** The count over every branch under the fault (for listReply's shape), else nothing. */
export function countOfEveryBranch(ctx: Ctx, customersOf: (ctx: Ctx, branchId: number) => readonly unknown[]): { total?: number } {
  if (!ctx.faults.has('ix-customer-count-all-branches')) return {};
  return { total: VALID_BRANCHES.reduce((n, b) => n + customersOf(ctx, b).length, 0) };
}
