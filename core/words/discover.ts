// Every "not found" line of `init --discover` (bin/cli/init-discover.ts), by code: a fixture the
// target's own lists did not give, written into the new config's "$comment" and printed. Each names
// the fixture key it is about (`key`, as the troubleshooting page shows it) and keeps the
// template's value or leaves the key out. scripts/troubleshooting/discover.ts says what to do about
// each code, one entry per code.
import type { Value, WordsTable } from './words.ts';

export const DISCOVER_WORDS = {
  branches: {
    key: 'fixtures.branchId / otherBranchId / invalidBranchId',
    say: (v: { why: string }) => `branches (branchId, otherBranchId, invalidBranchId): ${v.why}`,
  },
  fewBranches: {
    key: 'fixtures.branchId / otherBranchId / invalidBranchId',
    say: (v: { count: Value }) => `branches (branchId, otherBranchId, invalidBranchId): Branch List holds ${v.count} branch(es) with an id`,
  },
  reportBranches: {
    key: 'fixtures.report.branchList',
    say: (v: { from: string; to: string }) =>
      `report.branchList: no branch answered a report page with transactions in ${v.from} .. ${v.to} (set the range, then the branches)`,
  },
  emptyBranch: {
    key: 'fixtures.report.emptyBranchId',
    say: () => 'report.emptyBranchId: no listed branch without transactions was found (optional)',
  },
  filterIds: {
    key: 'fixtures.report.filterIds',
    say: () => 'report.filterIds: not written (the report suites take ids from the product, category, brand, department and recipe lists at run time)',
  },
  salesRole: {
    key: 'fixtures.sales.<role>',
    say: (v: { role: string; branch: Value }) =>
      `sales.${v.role}: Get All Sales Data of branch ${v.branch} gave none; the template's ids are kept: replace them`,
  },
  salesParallel: {
    key: 'fixtures.sales.parallel',
    say: (v: { branch: Value }) => `sales.parallel: Get All Sales Data of branch ${v.branch} gave none; left out (OS-7 is then not verified)`,
  },
  sales: {
    key: 'fixtures.sales',
    say: (v: { why: string }) => `sales (every pool): ${v.why}; the template's ids are kept: replace them`,
  },
  noSales: {
    key: 'fixtures.sales',
    say: () => "sales (every pool): Get All Sales Data listed no voucher; the template's ids are kept: replace them",
  },
  country: {
    key: 'fixtures.customer.countriesCode',
    say: (v: { why: string }) => `customer.countriesCode: the country list was not read: ${v.why}`,
  },
  noCountry: {
    key: 'fixtures.customer.countriesCode',
    say: () => 'customer.countriesCode: the country list holds no code',
  },
  cities: {
    key: 'fixtures.customer.cities',
    say: (v: { why: string }) => `customer.cities: ${v.why}; the template's are kept`,
  },
  noCities: {
    key: 'fixtures.customer.cities',
    say: () => "customer.cities: the city list gave no city with its state; the template's are kept",
  },
  unlisted: {
    key: 'fixtures.customer.contactTypes / dateFormat',
    say: () => "customer.contactTypes and customer.dateFormat: no list gives them; the template's are kept (check them with the vendor)",
  },
} satisfies WordsTable;

export type DiscoverCode = keyof typeof DISCOVER_WORDS;

/** The words of "not found" line `code` from its values. */
export function discoverSays<C extends DiscoverCode>(code: C, ...v: Parameters<(typeof DISCOVER_WORDS)[C]['say']>): string {
  return (DISCOVER_WORDS[code].say as (x: unknown) => string)(v[0]);
}
