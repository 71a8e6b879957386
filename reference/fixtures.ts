// The data the reference holds that a conformance run relies on, and the run config pointing at
// it (what `serve --print-config` prints and what `run` uses with no config).
import type { RunConfigInput } from '../config/schema.ts';
import { referenceData } from './data.ts';
import { referenceOperations } from './index-routes.ts';
import type { RateLimitConfig } from './limiter.ts';
import { defaultProfile, profileOf, type Profile } from './profiles/index.ts';
import { jsonId } from './profiles/types.ts';

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

/** An id as the run config writes it: a number, or the string of its digits past 2^53 (config targetId). */
const configId = (profile: Profile, n: number): number | string => {
  const id = jsonId(profile.ids.base + BigInt(n));
  return typeof id === 'bigint' ? String(id) : id;
};

const FILTER_FIELDS = {
  recipeIds: null,
  productIds: 'id',
  categoryIds: 'categoryId',
  subCategoryIds: 'subCategoryId',
  brandIds: 'brandId',
  subBrandIds: 'subBrandId',
  departmentIds: 'departmentId',
} as const;

/** 4.3 id filters: for each, the three ids that occur most often in the report range (branches 1 and 2). */
export function reportFilterIds(seed: number): Record<keyof typeof FILTER_FIELDS, string[]> {
  const branches = REPORT_BRANCH_LIST.split(',').map(Number);
  const txs = referenceData(seed).transactions.filter((tx) => branches.includes(tx.branchId));
  const out = {} as Record<keyof typeof FILTER_FIELDS, string[]>;
  for (const [key, field] of Object.entries(FILTER_FIELDS) as Array<[keyof typeof FILTER_FIELDS, (typeof FILTER_FIELDS)[keyof typeof FILTER_FIELDS]]>) {
    const counts = new Map<number, number>();
    for (const tx of txs) {
      const ids = field === null ? (tx.recipeId === null ? [] : [tx.recipeId]) : [...tx.consumed, ...tx.produced].map((l) => l.product[field]);
      for (const id of new Set(ids)) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    out[key] = [...counts]
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, 3)
      .map(([id]) => String(id));
  }
  return out;
}

/** The run config pointing at a reference server of `profile` (default: the default vendor). */
export function referenceRunConfig(url: string, tokens: string[], seed: number, profileName?: string | Profile) {
  const profile = profileOf(profileName);
  const ids = (list: readonly number[]) => list.map((n) => configId(profile, n));
  const cities = Object.fromEntries(Object.entries(CITIES).map(([code, c]) => [code, c.stateCode]));
  const config = {
    target: {
      name: profile === defaultProfile ? 'erp-conformance reference' : `erp-conformance reference (profile ${profile.name})`,
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
        lifecycle: ids(VOUCHERS_BY_ROLE.lifecycle),
        cancel: ids(VOUCHERS_BY_ROLE.cancel),
        deliver: ids(VOUCHERS_BY_ROLE.deliver),
        refusals: ids(VOUCHERS_BY_ROLE.refusals),
        parallel: ids(VOUCHERS_BY_ROLE.parallel),
        otherBranch: ids(OTHER_BRANCH_VOUCHERS),
        missing: configId(profile, MISSING_VOUCHER),
      },
      report: {
        branchList: REPORT_BRANCH_LIST,
        dateFrom: REPORT_DATE_FROM,
        dateTo: REPORT_DATE_TO,
        filterIds: reportFilterIds(seed),
        emptyBranchId: EMPTY_BRANCH_ID,
      },
      customer: {
        countriesCode: COUNTRY_CODE,
        cities,
        contactTypes: [...profile.customer.contactTypes],
        dateFormat: profile.customer.dateFormat,
      },
    },
    readBack: {
      getContactById: profile.readBack.contact,
      orderStatus: { ...profile.readBack.orderStatus },
    },
    // Section 1: the whole index, at the reference's paths (index-routes.ts).
    operations: referenceOperations(profile),
    writes: true,
    properties: { numRuns: 100, seed },
    load: { allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 },
  } satisfies RunConfigInput;
  return config;
}
