// The data the reference holds that a conformance run relies on, and the run config pointing at
// it (what `serve --print-config` prints and what `run` uses with no config).
import type { RunConfigInput } from '../config/schema.ts';
import type { RateLimitConfig } from './limiter.ts';

const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Branches 1, 2 and 3 exist; every other id is an invalid branch. */
export const VALID_BRANCHES: readonly number[] = [1, 2, 3];
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
export const OTHER_BRANCH_VOUCHERS: readonly number[] = range(3001, 3010);
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
export const CONTACT_TYPES: readonly string[] = ['Wholesale', 'Retail'];
/** Contacts created by contactSave get ids from this one up. */
/** The limiter the embedded reference switches on to be probed: small, so a probe takes seconds. */
export const DEFAULT_REFERENCE_LIMIT: RateLimitConfig = { limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token' };

export const FIRST_CONTACT_ID = 5001;

export const DEFAULT_TOKENS: readonly string[] = ['reference-token-1', 'reference-token-2'];

export function referenceRunConfig(url: string, tokens: string[], seed: number) {
  const cities = Object.fromEntries(Object.entries(CITIES).map(([code, c]) => [code, c.stateCode]));
  const config = {
    target: {
      name: 'erp-conformance reference',
      baseUrl: url,
      token: tokens[0] ?? DEFAULT_TOKENS[0]!,
      secondToken: tokens[1] ?? DEFAULT_TOKENS[1]!,
      timeoutMs: 10_000,
    },
    fixtures: {
      branchId: BRANCH_ID,
      otherBranchId: OTHER_BRANCH_ID,
      invalidBranchId: INVALID_BRANCH_ID,
      sales: {
        lifecycle: [...VOUCHERS_BY_ROLE.lifecycle],
        cancel: [...VOUCHERS_BY_ROLE.cancel],
        deliver: [...VOUCHERS_BY_ROLE.deliver],
        refusals: [...VOUCHERS_BY_ROLE.refusals],
        parallel: [...VOUCHERS_BY_ROLE.parallel],
        otherBranch: [...OTHER_BRANCH_VOUCHERS],
        missing: MISSING_VOUCHER,
      },
      report: { branchList: REPORT_BRANCH_LIST, dateFrom: REPORT_DATE_FROM, dateTo: REPORT_DATE_TO },
      customer: {
        countriesCode: COUNTRY_CODE,
        cities,
        contactTypes: [...CONTACT_TYPES],
        dateFormat: 'YYYY-MM-DD' as const,
      },
    },
    readBack: {
      getContactById: '/api/v1/contact/{contactId}?branch_id={branchId}',
      orderStatus: { path: '/api/v1/sales/{salesId}/order-status?branch_id={branchId}', orderStatus: 'response.orderStatus', paymentStatus: 'response.paymentStatus', paidValue: 'paid' },
    },
    writes: true,
    properties: { numRuns: 100, seed },
    load: { allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 },
  } satisfies RunConfigInput;
  return config;
}
