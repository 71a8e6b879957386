// Which fixture voucher each order-status test uses (config fixtures.sales).
import type { Harness } from '../support/harness.ts';

export interface VoucherPlan {
  /** Walks the lifecycle (sales.unpaid[0]). */
  walk: number;
  /** Is cancelled (sales.unpaid[1], or [0] when only one is given). */
  cancel: number;
  /** Receive only requests that must be refused (sales.unpaid[2..], or all when fewer). */
  refusals: number[];
}

export function fixtureVouchers(h: Harness): VoucherPlan {
  const unpaid = h.config.fixtures.sales.unpaid;
  return {
    walk: unpaid[0]!,
    cancel: unpaid[1] ?? unpaid[0]!,
    refusals: unpaid.length > 2 ? unpaid.slice(2) : unpaid,
  };
}

export function writesForbidden(h: Harness): boolean {
  return h.config.writes === false;
}
