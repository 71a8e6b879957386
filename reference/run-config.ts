// The run config pointing at a reference server (what `serve --print-config` prints and what
// `run` uses with no config): the fixtures of constants.ts at the paths of the profile's index.
import type { RunConfigInput } from '../config/schema.ts';
import {
  BRANCH_ID,
  CITIES,
  COUNTRY_CODE,
  DEFAULT_TOKENS,
  EMPTY_BRANCH_ID,
  INVALID_BRANCH_ID,
  MISSING_VOUCHER,
  OTHER_BRANCH_ID,
  OTHER_BRANCH_VOUCHERS,
  REPORT_BRANCH_LIST,
  REPORT_DATE_FROM,
  REPORT_DATE_TO,
  VOUCHERS_BY_ROLE,
} from './constants.ts';
import { referenceData } from './data.ts';
import { referenceOperations } from './index-routes.ts';
import { answerPathOf } from './index-style.ts';
import { defaultProfile, profileOf, type Profile } from './profiles/index.ts';
import { jsonId } from './profiles/types.ts';

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
  const operations = referenceOperations(profile);
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
    // Section 1: the index operations it serves (all but the three of section 4 and the
    // read-backs, configured above), at the reference's paths (index-routes.ts).
    ...(Object.keys(operations).length ? { operations } : {}),
    writes: true,
    // The run's marker in a voucher's remark, which Get Sales Data By Id shows (routes/index-sales.ts).
    marker: { 'order-create': 'remark', 'get-sales-data-by-id': answerPathOf(profile, 'response.remark'), 'customer-create': 'remark' },
    properties: { numRuns: 100, seed },
    load: { allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 },
  } satisfies RunConfigInput;
  return config;
}
