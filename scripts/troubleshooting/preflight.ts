// What to do about each problem and note the preflight writes (core/words/preflight.ts, by code):
// a problem stops the run with exit 2 naming a config key; a note is printed ("preflight note:
// ...") and kept in the certificate. One entry per code, or this does not compile;
// docs/troubleshooting.md is made from the words' table and this one, in the table's order.
import type { PreflightCode } from '../../core/words/preflight.ts';

export const PREFLIGHT_TODO: Record<PreflightCode, string> = {
  silent:
    'Nothing answered (DNS, refused connection, TLS, timeout). Check the URL and that the server is up from this machine (`curl -sS URL`), a proxy or VPN, and `target.timeoutMs` for a slow target.',
  tokenRefused:
    'The token is refused on the report and on the order status update. Check that the environment variable named by `"env:NAME"` is set in this shell or job, that the token is for this staging target, and that the second token belongs to another client.',
  fewTransactions: 'Choose a past `dateFrom .. dateTo` and `branchList` that hold at least two transactions (ask the vendor for a busy month).',
  moduleMissing: 'Widen the range until it holds both `bom` and `mc` transactions.',
  branchEmpty: 'List only branches that hold transactions in the range, or widen the range.',
  filterMatchesNone: 'Take filter ids from transactions of the range (read one report page with the range and copy its ids).',
  emptyBranchHolds: 'Set a branch id that exists and holds no transaction in the range.',
  emptyBranchDoubt:
    'A doubt, not a stop: if the branch really holds transactions, choose another; if it is empty, RP-9 and RP-9b will report that the target ignores branchList.',
  reportUnchecked: 'The report suites judge why (RP-*); read their findings. Nothing to change in the config unless the report path or token is wrong.',
  vouchersUnchecked: 'Add `readBack.orderStatus` (the GET that reads a voucher) so the preflight can check the voucher pools and OS-7 can be verified.',
  voucherUnread:
    'The voucher is not in that branch (or not readable): take voucher ids the vendor listed for `fixtures.branchId` (`otherBranch`: `fixtures.otherBranchId`).',
  noVoucherRead:
    'No voucher at all could be read: the read-back path or its `orderStatus` field is wrong, not the vouchers. Compare `readBack.orderStatus.path` with a read that works by hand.',
  deliverUnpaid: 'Put only paid vouchers under `deliver` (or set `readBack.orderStatus.paymentStatus`/`paidValue` to how the target says paid).',
  rolePaid: 'Move paid vouchers to `deliver`; the other pools take unpaid vouchers in status Pending.',
  missingExists: 'Set a voucher id that exists nowhere (a very large number the vendor never issued).',
  readsDeferred: "Not a stop: the rate limit kept some reads from being answered. State the target's quota in `run.rateLimit` so the run paces itself.",
  readsScarce:
    'Not a stop: under the stated quota only the first voucher of each pool is read. Nothing to do; the other vouchers are learnt from their first answers.',
  reportCountsShown:
    'Not a stop: under a scarce report quota the preflight counts only what one page of the range does not already show, so the suites keep the quota. Nothing to do.',
  moreLikeThese: 'At most three problems a key are printed: the same problem for more values of that key; fix them all the same way.',
  customerRefused:
    "The target refused a customer for a value the config decides (date format, contact type, city/state, country, branch): set the key named to what the target's own lists hold (`init --discover` reads them).",
  customerRefusedElse: "Not a stop: the refusal names no config key; the customer suites (CU-*) judge it. Read the target's message in the note.",
  customerUnanswered: 'Not a stop: the customer creation did not answer 200 with a contactId; the customer suites judge it.',
  customerNoWrites:
    'The run sends no write: the customer and status-changing requirements are out of scope. Set `writes: true` on a staging target to check them.',
  contactNotReadBack: 'Add `readBack.getContactById` (the GET that reads a contact) to verify CU-8..CU-10.',
  contactReadFailed: 'The read-back of a contact just created failed: check `readBack.getContactById` (its path and `{contactId}`).',
  noParallel: 'List unpaid Pending vouchers under `fixtures.sales.parallel`, or configure `operations["order-create"]` so the run makes its own.',
  parallelUnread: 'Add `readBack.orderStatus` to verify OS-7.',
  branchesUnchecked:
    'Not a stop: `operations["branch-list"]` answered no list of branches where the config says; fix its path or `list` ([index-operations.md](index-operations.md)).',
  branchNotListed: 'Take branch ids from the list the note prints.',
  invalidBranchListed: 'Set a branch id the Branch List does not hold.',
  branchesChecked: 'Information: the branches are listed by the target.',
  citiesUnchecked: 'Not a stop: the city list gave no city with its state; check `operations["get-city-list"]` (its path, params and `list`).',
  stateNotListed: "Use state codes from the target's state list of `fixtures.customer.countriesCode`.",
  cityNotListed: "Use city codes from that state's city list.",
  cityInOtherState: 'Pair each city with the state the city list gives it.',
  citiesChecked: 'Information: the customers use the cities printed.',
  notServed: 'Those index operations are out of scope for this run. Remove them from `operations`, or fix their paths if the target does serve them.',
  writeUnfilled: 'A write template still holds a placeholder `init` could not fill: put an id the target holds (a contact, a product) in its `params` or body.',
  writeRefused:
    "The target refused the write with the config's values, in its own words: set that entry's body or `params` to values the target holds (e.g. an existing `contactId`).",
  readBackInOperations: 'Deprecated config: move the entry from `operations` to the `readBack` key named, and remove it from `operations`.',
};
