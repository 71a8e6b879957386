// Which fixture voucher each order-status test uses (config fixtures.sales).
import type { Harness } from '../support/harness.ts';

type Id = number | bigint;

export interface VoucherPlan {
  walk: Id;
  cancel: Id;
  refusals: Id[];
}

export function fixtureVouchers(h: Harness): VoucherPlan {
  const s = h.config.fixtures.sales;
  return { walk: s.lifecycle[0]!, cancel: s.cancel[0]!, refusals: s.refusals };
}

export function writesForbidden(h: Harness): boolean {
  return h.config.writes === false;
}
