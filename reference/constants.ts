// The data the reference holds that a conformance run relies on: branches, vouchers, the report
// range, cities, tokens. A leaf: the routes, the store and the run config (run-config.ts) read it.
import type { RateLimitConfig } from './limiter.ts';
import { defaultProfile } from './profiles/default.ts';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Branches 1 to 4 exist (4 holds no transaction); every other id is an invalid branch. */
export const VALID_BRANCHES: readonly number[] = [1, 2, 3, 4];
/** A valid branch without any transaction (4.3 branchList; RP-9b: it adds none). */
export const EMPTY_BRANCH_ID = 4;
export const BRANCH_ID = 1;
export const OTHER_BRANCH_ID = 2;
export const INVALID_BRANCH_ID = 999;

/** Sales vouchers (2.2): unpaid and paid ones in branch 1, unpaid ones in branch 2, all Pending. */
export const UNPAID_VOUCHERS: readonly number[] = range(1001, 1060);
export const PAID_VOUCHERS: readonly number[] = range(2001, 2020);
/** The unpaid vouchers by the role the run config gives them (pools of ten: ten runs between resets). */
export const VOUCHERS_BY_ROLE = {
  lifecycle: range(1001, 1010),
  cancel: range(1011, 1020),
  refusals: range(1021, 1030),
  parallel: range(1031, 1046),
  deliver: range(2001, 2010),
} as const;
/** The last two of the refusals pool are partially paid (not paid: 4.1 rule 3 refuses Delivered on them), as a vendor's pool may hold. */
export const PARTIALLY_PAID_VOUCHERS: readonly number[] = VOUCHERS_BY_ROLE.refusals.slice(-2);
export const OTHER_BRANCH_VOUCHERS: readonly number[] = range(3001, 3010);
/** Unpaid vouchers in branch 1 that only the index's write operations' templates touch (due date, shipping, payment). */
export const INDEX_VOUCHERS: readonly number[] = range(4001, 4010);
export const MISSING_VOUCHER = 999999;

/** Report range holding every transaction of the reference (4.3). */
export const REPORT_BRANCH_LIST = '1,2';
export const REPORT_DATE_FROM = '2026-01-01T00:00:00Z';
export const REPORT_DATE_TO = '2026-04-30T23:59:59Z';

/** City codes -> state codes of the reference's master data (2.4 cityCode, stateCode). */
export const CITIES: Readonly<Record<string, { name: string; stateCode: string; stateName: string }>> = {
  MUM: { name: 'Mumbai', stateCode: '27', stateName: 'Maharashtra' },
  BLR: { name: 'Bengaluru', stateCode: '29', stateName: 'Karnataka' },
  DEL: { name: 'New Delhi', stateCode: '07', stateName: 'Delhi' },
  MAA: { name: 'Chennai', stateCode: '33', stateName: 'Tamil Nadu' },
};
export const COUNTRY_CODE = 'IN';
/** The limiter the embedded reference (default profile) switches on to be probed: small, so a probe takes seconds. */
export const DEFAULT_REFERENCE_LIMIT: RateLimitConfig = defaultProfile.rateLimit.probe!;

/** Contacts created by contactSave (default profile) get ids from this one up. */
export const FIRST_CONTACT_ID = Number(defaultProfile.ids.firstContactId);

export const DEFAULT_TOKENS: readonly string[] = ['reference-token-1', 'reference-token-2'];
