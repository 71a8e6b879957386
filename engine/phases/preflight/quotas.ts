// The preflight under quotas: what it reads when reads are scarce, and which answers defer a
// check instead of failing the config. A 429 (still refused after the waits it asked for), a
// request not sent, or no answer at all says nothing about the fixtures.
import { statedQuotas } from '../../../client/stated-quotas.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { VOUCHER_ROLES, type VoucherRole } from '../../../config/schema.ts';
import type { Exchange } from '../../../core/types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';

export function deferred(ex: Exchange): boolean {
  return ex.response?.status === 429 || ex.notSent !== undefined || !ex.response;
}

/**
 * How many vouchers of each role the preflight reads: all of them, or, when a quota stated for the
 * order-status read allows fewer reads per window than the pools list, the first of each pool
 * (the one a run takes first).
 */
export function readSample(config: RunConfig): { perRole: number; note?: string } {
  const reads = statedQuotas(config.run.rateLimit).filter((q) => q.operations === null || q.operations.includes('orderStatusRead'));
  const all = VOUCHER_ROLES.reduce((n, role) => n + (config.fixtures.sales[role as VoucherRole]?.length ?? 0), 0) + 1;
  const fewest = Math.min(...reads.map((q) => q.quota.requests));
  if (!reads.length || all <= fewest) return { perRole: Infinity };
  return {
    perRole: 1,
    note: preflightSays('readsScarce', { quotas: reads.map((q) => q.name).join(', '), count: all - 1 }),
  };
}
