// Every problem and note the preflight writes (engine/phases/preflight/, config/operations.ts), by
// code: a problem stops the run with exit 2 and names a config key (`key`, as the troubleshooting
// page shows it: the code names the actual key); a note is printed and kept in the certificate.
// scripts/troubleshooting/preflight.ts says what to do about each code, one entry per code.
import type { Value, Words, WordsTable } from './words.ts';

export const PREFLIGHT_WORDS = {
  silent: {
    key: 'target.baseUrl',
    say: (v: { baseUrl: string; kind: Value | undefined; message: Value | undefined }) => `${v.baseUrl} does not answer: ${v.kind}: ${v.message}`,
  },
  tokenRefused: {
    key: 'target.token / target.secondToken',
    say: (v: { status: Value }) =>
      `the target refused this token with ${v.status} on the report and the order status update (spec 5: "a token provided by the service operator")`,
  },
  fewTransactions: {
    key: 'fixtures.report',
    say: (v: { range: string; whole: Value }) =>
      `the range ${v.range} holds ${v.whole} transaction(s); the report requirements need transactions over more than one page (at least 2): choose a range that holds some`,
  },
  moduleMissing: {
    key: 'fixtures.report',
    say: (v: { range: string; module: string }) =>
      `the range ${v.range} holds no ${v.module} transaction; the module requirements (RP-5, RP-8) need both modules`,
  },
  branchEmpty: {
    key: 'fixtures.report.branchList',
    say: (v: { branch: string; from: string; to: string }) => `branch ${v.branch} holds no transaction in ${v.from} .. ${v.to}; list branches that hold some`,
  },
  filterMatchesNone: {
    key: 'fixtures.report.filterIds.<filter>',
    say: (v: { id: Value; range: string }) => `id ${v.id} matches no transaction in the range ${v.range}`,
  },
  emptyBranchHolds: {
    key: 'fixtures.report.emptyBranchId',
    say: (v: { branch: Value | undefined; count: Value }) => `branch ${v.branch} holds ${v.count} transaction(s) in the range: it must hold none`,
  },
  emptyBranchDoubt: {
    say: (v: { branch: Value | undefined; count: Value; branchList: string }) =>
      `doubt: branch ${v.branch} (fixtures.report.emptyBranchId) reports ${v.count} transaction(s), as many as ${v.branchList}: either it is not empty or the target ignores branchList (RP-9, RP-9b judge it)`,
  },
  reportUnchecked: {
    say: () => 'report fixtures not checked: the report did not answer a page with a totalCount (the report suites say why)',
  },
  vouchersUnchecked: {
    say: () => 'vouchers not checked: without readBack.orderStatus there is no way to read a voucher (its state is then learnt from the first answers)',
  },
  voucherUnread: {
    key: 'fixtures.sales.<role>',
    say: (v: { salesId: Value; branchId: Value; read: string }) => `voucher ${v.salesId} could not be read in branch ${v.branchId}: ${v.read}`,
  },
  noVoucherRead: {
    key: 'readBack.orderStatus',
    say: (v: { read: string }) => `no fixture voucher could be read: ${v.read}`,
  },
  deliverUnpaid: {
    key: 'fixtures.sales.deliver',
    say: (v: { salesId: Value; field: string; value: string }) => `voucher ${v.salesId} is not paid (${v.field} = ${v.value}); Delivered needs paid vouchers`,
  },
  rolePaid: {
    key: 'fixtures.sales.<role>',
    say: (v: { salesId: Value }) => `voucher ${v.salesId} is paid; this role needs vouchers whose payment is not paid`,
  },
  missingExists: {
    key: 'fixtures.sales.missing',
    say: (v: { salesId: Value; branchId: Value }) => `voucher ${v.salesId} exists in branch ${v.branchId}`,
  },
  readsDeferred: {
    say: (v: { count: Value }) =>
      `${v.count} voucher read(s) deferred: the target answered 429 (or nothing) after the waits it asked for; the suites learn those vouchers' state from their first answers`,
  },
  readsScarce: {
    say: (v: { quotas: string; count: Value }) =>
      `reads are scarce (${v.quotas}): the preflight read the first voucher of each pool (the one a run takes first), not all ${v.count}`,
  },
  reportCountsShown: {
    say: (v: { quota: string; made: Value; of: Value; shown: Value }) =>
      `reports are scarce (${v.quota}): the preflight made ${v.made} of its ${v.of} fixture counts; the other ${v.shown} (a module, a filter id, the only branch) were shown by one page of the range read with the index's product and recipe lists`,
  },
  moreLikeThese: {
    key: '(the key of the problems before it)',
    say: (v: { count: Value }) => `and ${v.count} more like these`,
  },
  customerRefused: {
    key: 'fixtures.customer.* (the key named)',
    say: (v: { what: string; text: string; key: string }) =>
      `a customer with the configured master data (${v.what}) was refused: HTTP 400 ${v.text}; set ${v.key} to what the target takes`,
  },
  customerRefusedElse: {
    say: (v: { text: string }) =>
      `customer master data: the preflight's customer was refused (HTTP 400 ${v.text}), naming no field the config decides: the customer suites judge it`,
  },
  customerUnanswered: {
    say: (v: { answered: string }) => `customer master data not checked: the preflight's customer was answered ${v.answered}: the customer suites judge it`,
  },
  customerNoWrites: {
    say: () => 'customer master data not checked: writes is false (no customer is created)',
  },
  contactNotReadBack: {
    say: (v: { contactId: string }) =>
      `customer master data accepted (contact ${v.contactId}); not read back: without readBack.getContactById the read-back requirements (CU-8..CU-10) are skipped`,
  },
  contactReadFailed: {
    say: (v: { contactId: string; answered: string; template: string }) =>
      `readBack.getContactById: contact ${v.contactId}, created by the preflight, read back ${v.answered} (GET ${v.template}): check the path; the read-back requirements judge it`,
  },
  noParallel: {
    say: () => 'no fixtures.sales.parallel: OS-7 (parallel updates each take effect) is not verified',
  },
  parallelUnread: {
    say: (v: { source: string }) => `${v.source} set without readBack.orderStatus: OS-7 is not verified`,
  },
  branchesUnchecked: {
    say: (v: { request: string; answered: Value | undefined; listPath: string }) =>
      `branches not checked against Branch List: ${v.request} answered ${v.answered} without a list of {branchId} at ${v.listPath}`,
  },
  branchNotListed: {
    key: 'fixtures.branchId / fixtures.otherBranchId',
    say: (v: { branch: Value; path: string; listed: string }) => `branch ${v.branch} is not in Branch List (${v.path} lists ${v.listed})`,
  },
  invalidBranchListed: {
    key: 'fixtures.invalidBranchId',
    say: (v: { branch: Value }) => `branch ${v.branch} is in Branch List: it must be a branch that does not exist`,
  },
  branchesChecked: {
    say: (v: { count: Value }) => `branches checked against Branch List (${v.count} listed)`,
  },
  citiesUnchecked: {
    say: (v: { why: string }) => `customer cities not checked against the city list: ${v.why}`,
  },
  stateNotListed: {
    key: 'fixtures.customer.cities',
    say: (v: { state: string; city: string; country: string }) => `state ${v.state} (of city ${v.city}) is not in the state list of ${v.country}`,
  },
  cityNotListed: {
    key: 'fixtures.customer.cities',
    say: (v: { city: string; state: string }) => `city ${v.city} is not in the city list of state ${v.state}`,
  },
  cityInOtherState: {
    key: 'fixtures.customer.cities',
    say: (v: { city: string; listed: string; state: string }) => `city ${v.city} is listed in state ${v.listed}, not ${v.state}`,
  },
  citiesChecked: {
    say: (v: { source: string; count: Value; used: string }) => `customer cities checked against ${v.source} (${v.count} cities); the customers use ${v.used}`,
  },
  notServed: {
    say: (v: { names: string }) => `not served (404/405): ${v.names} - remove them from operations, or fix their paths (out of scope for this run)`,
  },
  writeUnfilled: {
    key: 'operations["<name>"]',
    say: (v: { unfilled: string }) => `${v.unfilled}: fill it with a value the target holds (a write is sent with the config's values)`,
  },
  writeRefused: {
    key: 'operations["<name>"]',
    say: (v: { request: string; why: string; message: string }) =>
      `its configured request (${v.request}) was refused: ${v.why} ${v.message}; set its body or params to values the target holds`,
  },
  readBackInOperations: {
    say: (v: { moves: string }) => `deprecated: ${v.moves}: a read-back is configured under readBack only; not sent from operations, remove it there`,
  },
} satisfies WordsTable;

export type PreflightCode = keyof typeof PREFLIGHT_WORDS;

/** The words of preflight message `code` from its values. */
export function preflightSays<C extends PreflightCode>(code: C, ...v: Parameters<(typeof PREFLIGHT_WORDS)[C]['say']>): string {
  return (PREFLIGHT_WORDS[code].say as (x: unknown) => string)(v[0]);
}

export type { Words };
