// What to do about each thing the preflight says (engine/phases/preflight/): a problem stops the
// run with exit 2 naming a config key; a note is printed ("preflight note: ...") and kept in the
// certificate. `says` is a piece of the words the code writes, as they stand in its source (a test
// fails when the preflight says something no entry covers, or an entry covers nothing it says:
// test/scripts/troubleshooting.test.ts); docs/troubleshooting.md is made from this list.

export interface Saying {
  /** Words of the message as the code writes them ("…" where a value goes in). */
  says: string;
  /** The config key a problem names (absent: a note, the run goes on). */
  key?: string;
  todo: string;
}

export const PREFLIGHT: readonly Saying[] = [
  {
    says: 'does not answer: ',
    key: 'target.baseUrl',
    todo: 'Nothing answered (DNS, refused connection, TLS, timeout). Check the URL and that the server is up from this machine (`curl -sS URL`), a proxy or VPN, and `target.timeoutMs` for a slow target.',
  },
  {
    says: 'the target refused this token with',
    key: 'target.token / target.secondToken',
    todo: 'The token is refused on the report and on the order status update. Check that the environment variable named by `"env:NAME"` is set in this shell or job, that the token is for this staging target, and that the second token belongs to another client.',
  },
  {
    says: 'the report requirements need transactions over more than one page',
    key: 'fixtures.report',
    todo: 'Choose a past `dateFrom .. dateTo` and `branchList` that hold at least two transactions (ask the vendor for a busy month).',
  },
  {
    says: 'the module requirements (RP-5, RP-8) need both modules',
    key: 'fixtures.report',
    todo: 'Widen the range until it holds both `bom` and `mc` transactions.',
  },
  { says: 'holds no transaction in', key: 'fixtures.report.branchList', todo: 'List only branches that hold transactions in the range, or widen the range.' },
  {
    says: 'matches no transaction in the range',
    key: 'fixtures.report.filterIds.<filter>',
    todo: 'Take filter ids from transactions of the range (read one report page with the range and copy its ids).',
  },
  { says: 'in the range: it must hold none', key: 'fixtures.report.emptyBranchId', todo: 'Set a branch id that exists and holds no transaction in the range.' },
  {
    says: 'either it is not empty or the target ignores branchList',
    todo: 'A doubt, not a stop: if the branch really holds transactions, choose another; if it is empty, RP-9 and RP-9b will report that the target ignores branchList.',
  },
  {
    says: 'report fixtures not checked: the report did not answer a page with a totalCount',
    todo: 'The report suites judge why (RP-*); read their findings. Nothing to change in the config unless the report path or token is wrong.',
  },
  {
    says: 'vouchers not checked: without readBack.orderStatus',
    todo: 'Add `readBack.orderStatus` (the GET that reads a voucher) so the preflight can check the voucher pools and OS-7 can be verified.',
  },
  {
    says: 'could not be read in branch',
    key: 'fixtures.sales.<role>',
    todo: 'The voucher is not in that branch (or not readable): take voucher ids the vendor listed for `fixtures.branchId` (`otherBranch`: `fixtures.otherBranchId`).',
  },
  {
    says: 'no fixture voucher could be read: ',
    key: 'readBack.orderStatus',
    todo: 'No voucher at all could be read: the read-back path or its `orderStatus` field is wrong, not the vouchers. Compare `readBack.orderStatus.path` with a read that works by hand.',
  },
  {
    says: 'Delivered needs paid vouchers',
    key: 'fixtures.sales.deliver',
    todo: 'Put only paid vouchers under `deliver` (or set `readBack.orderStatus.paymentStatus`/`paidValue` to how the target says paid).',
  },
  {
    says: 'this role needs vouchers whose payment is not paid',
    key: 'fixtures.sales.<role>',
    todo: 'Move paid vouchers to `deliver`; the other pools take unpaid vouchers in status Pending.',
  },
  { says: 'exists in branch', key: 'fixtures.sales.missing', todo: 'Set a voucher id that exists nowhere (a very large number the vendor never issued).' },
  {
    says: 'voucher read(s) deferred: the target answered 429 (or nothing) after the waits it asked for',
    todo: "Not a stop: the rate limit kept some reads from being answered. State the target's quota in `run.rateLimit` so the run paces itself.",
  },
  {
    says: 'reads are scarce (',
    todo: 'Not a stop: under the stated quota only the first voucher of each pool is read. Nothing to do; the other vouchers are learnt from their first answers.',
  },
  {
    says: 'more like these',
    key: '(the key of the problems before it)',
    todo: 'At most three problems a key are printed: the same problem for more values of that key; fix them all the same way.',
  },
  {
    says: 'a customer with the configured master data (',
    key: 'fixtures.customer.* (the key named)',
    todo: "The target refused a customer for a value the config decides (date format, contact type, city/state, country, branch): set the key named to what the target's own lists hold (`init --discover` reads them).",
  },
  {
    says: 'naming no field the config decides: the customer suites judge it',
    todo: "Not a stop: the refusal names no config key; the customer suites (CU-*) judge it. Read the target's message in the note.",
  },
  {
    says: "customer master data not checked: the preflight's customer was answered",
    todo: 'Not a stop: the customer creation did not answer 200 with a contactId; the customer suites judge it.',
  },
  {
    says: 'customer master data not checked: writes is false',
    todo: 'The run sends no write: the customer and status-changing requirements are out of scope. Set `writes: true` on a staging target to check them.',
  },
  {
    says: 'not read back: without readBack.getContactById',
    todo: 'Add `readBack.getContactById` (the GET that reads a contact) to verify CU-8..CU-10.',
  },
  {
    says: 'created by the preflight, read back',
    todo: 'The read-back of a contact just created failed: check `readBack.getContactById` (its path and `{contactId}`).',
  },
  {
    says: 'no fixtures.sales.parallel: OS-7',
    todo: 'List unpaid Pending vouchers under `fixtures.sales.parallel`, or configure `operations["order-create"]` so the run makes its own.',
  },
  { says: 'set without readBack.orderStatus: OS-7 is not verified', todo: 'Add `readBack.orderStatus` to verify OS-7.' },
  {
    says: 'branches not checked against Branch List',
    todo: 'Not a stop: `operations["branch-list"]` answered no list of branches where the config says; fix its path or `list` ([index-operations.md](index-operations.md)).',
  },
  { says: 'is not in Branch List (', key: 'fixtures.branchId / fixtures.otherBranchId', todo: 'Take branch ids from the list the note prints.' },
  { says: 'it must be a branch that does not exist', key: 'fixtures.invalidBranchId', todo: 'Set a branch id the Branch List does not hold.' },
  { says: 'branches checked against Branch List (', todo: 'Information: the branches are listed by the target.' },
  {
    says: 'customer cities not checked against the city list',
    todo: 'Not a stop: the city list gave no city with its state; check `operations["get-city-list"]` (its path, params and `list`).',
  },
  {
    says: 'is not in the state list of',
    key: 'fixtures.customer.cities',
    todo: "Use state codes from the target's state list of `fixtures.customer.countriesCode`.",
  },
  { says: 'is not in the city list of state', key: 'fixtures.customer.cities', todo: "Use city codes from that state's city list." },
  { says: 'is listed in state', key: 'fixtures.customer.cities', todo: 'Pair each city with the state the city list gives it.' },
  { says: 'customer cities checked against', todo: 'Information: the customers use the cities printed.' },
  {
    says: 'not served (404/405): ',
    todo: 'Those index operations are out of scope for this run. Remove them from `operations`, or fix their paths if the target does serve them.',
  },
  {
    says: ': fill it with a value the target holds',
    key: 'operations["<name>"]',
    todo: 'A write template still holds a placeholder `init` could not fill: put an id the target holds (a contact, a product) in its `params` or body.',
  },
  {
    says: 'its configured request (',
    key: 'operations["<name>"]',
    todo: "The target refused the write with the config's values, in its own words: set that entry's body or `params` to values the target holds (e.g. an existing `contactId`).",
  },
  {
    says: 'a read-back is configured under readBack only',
    todo: 'Deprecated config: move the entry from `operations` to the `readBack` key named, and remove it from `operations`.',
  },
];
