// What to do about each reason a suite writes of its own (core/words/suites.ts; each suite
// folder's in suite-*.ts here) and each "not found" line of `init --discover`
// (core/words/discover.ts), by code. Typed records: a message without its entry here does not compile.
import type { DiscoverCode } from '../../core/words/discover.ts';
import type { SuiteCode } from '../../core/words/suites.ts';
import { CUSTOMER_TODO } from './suite-customer.ts';
import { ORDER_STATUS_TODO } from './suite-order-status.ts';
import { ANOTHER_CLIENT, ORDER_STATUS_VOUCHER_TODO, READ_BACK } from './suite-order-status-vouchers.ts';
import { OTHER_SUITE_TODO } from './suite-others.ts';
import { REPORT_TODO } from './suite-report.ts';

export const SUITE_TODO: Record<SuiteCode, string> = {
  os9NotAlone: 'The target refused the same update sent alone: read OS-7 and the lifecycle requirements first; run again on a quiet server.',
  os9StoredAlone: 'Nothing about OS-9: an update that overlapped another was lost, and OS-7 judges that.',
  os9Unread: READ_BACK,
  os9OtherState: ANOTHER_CLIENT,
  os9NoVoucher: 'Give fixtures.sales.parallel more vouchers (Pending, unpaid) than the four OS-7 takes ([configuration.md](configuration.md)).',
  os9NotBothAnswered: 'The target answered only one of two updates sent at once: check its concurrency limit (`run.rateLimit`) and run again.',
  os9NotTogether:
    'The kit could not send the two updates together: give `run.concurrency` 2 or more, and state the Order Status quota (`run.rateLimit`) if the target limits it; run again on a quiet server.',
  os9BothRefused: 'The target refused both updates sent at once: read the refusals (OS-7 and the lifecycle requirements judge them).',
  os9OverlapUnread: READ_BACK,
  os9ThirdState: ANOTHER_CLIENT,
  cu16NotRefused: 'CU-4 judges the answer to a non-numeric opening; CU-16 needs it refused first.',
  cu16NotCreated: 'CU-1 judges creation: fix the customer master data (fixtures.customer) until a valid customer is created.',
  cu16LookupNotServed: 'Fix the path of `operations["get-contact-by-mobile-no"]`, or remove it (then CU-16 is out of scope).',
  cu16LookupNotConfigured: 'Configure `operations["get-contact-by-mobile-no"]` to verify CU-16 on a target that does not keep mobile numbers unique.',
  cu16LookupListsNone: 'Check the response of `operations["get-contact-by-mobile-no"]`: it should list the contact just created under its mobile number.',
  ...ORDER_STATUS_TODO,
  ...ORDER_STATUS_VOUCHER_TODO,
  ...CUSTOMER_TODO,
  ...REPORT_TODO,
  ...OTHER_SUITE_TODO,
};

const TEMPLATE = "The template's value is kept: replace it with one the target holds (ask the vendor) before a run.";

export const DISCOVER_TODO: Record<DiscoverCode, string> = {
  branches: 'Check `operations["branch-list"]` (path, token) with the reason given; or write fixtures.branchId, otherBranchId, invalidBranchId by hand.',
  fewBranches: 'The target lists fewer than two branches: ask the vendor for a second branch, or write fixtures.otherBranchId by hand.',
  reportBranches: 'Set fixtures.report.dateFrom and dateTo to a range that holds transactions, then run `init --discover` again.',
  emptyBranch: 'Optional: name a branch without transactions in the range to verify the empty-branch requirements (RP-9).',
  filterIds: 'Nothing: the report suites read their filter ids at run time.',
  salesRole: TEMPLATE,
  salesParallel: 'Give more Pending unpaid vouchers (or `operations["order-create"]`) to verify OS-7.',
  sales: 'Check `operations["get-all-sales-data"]` with the reason given; or ask the vendor for vouchers and pass them with `--vouchers`.',
  noSales: 'Ask the vendor for Pending vouchers in fixtures.branchId, and pass them with `init --discover --vouchers`.',
  country: 'Check `operations["get-country-list"]` with the reason given; or write fixtures.customer.countriesCode by hand.',
  noCountry: 'Write fixtures.customer.countriesCode by hand (ask the vendor).',
  cities: 'Check `operations["get-state-list"]` and `operations["get-city-list"]` with the reason given; or write fixtures.customer.cities by hand.',
  noCities: 'Write fixtures.customer.cities by hand: city codes with their state codes, as the target lists them.',
  unlisted: 'Check fixtures.customer.contactTypes and dateFormat with the vendor: the preflight names them if a customer is refused over them.',
};
