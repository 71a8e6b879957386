// The reasons a suite writes of its own for a requirement it could not judge (inconclusive), that
// the config leaves out (out of scope), or a test it skips, by code: OS-9's (suites/order-status/
// lifecycle.test.ts, parallel.test.ts) and CU-16's (suites/customer/refusal-state.test.ts) here, each
// suite folder's in core/words/suite-*.ts, gathered into one table. Each names what the test saw.
// scripts/troubleshooting/suites.ts says what to do about each code, one entry per code; a suite
// passes no reason written in place (test/conventions/suite-reasons.test.ts).
import type { Value, WordsTable } from './words.ts';
import { CUSTOMER_WORDS } from './suite-customer.ts';
import { ORDER_STATUS_WORDS } from './suite-order-status.ts';
import { ORDER_STATUS_VOUCHER_WORDS } from './suite-order-status-vouchers.ts';
import { OTHER_SUITE_WORDS } from './suite-others.ts';
import { REPORT_WORDS } from './suite-report.ts';

export const SUITE_WORDS = {
  os9NotAlone: {
    say: (v: { salesId: Value; from: string; to: string; said: string }) =>
      `voucher ${v.salesId} still read ${v.from} after ${v.to} was accepted while another update was in flight, and could not be updated alone (${v.said})`,
  },
  os9StoredAlone: {
    say: (v: { salesId: Value; from: string; to: string }) =>
      `voucher ${v.salesId} read ${v.from} after ${v.to} was accepted while another update was in flight, and ${v.to} sent alone was stored: OS-7 judges updates that interfere`,
  },
  os9Unread: {
    say: (v: { salesId: Value; to: string; why: string }) => `voucher ${v.salesId} could not be read after ${v.to} was accepted: ${v.why}`,
  },
  os9OtherState: {
    say: (v: { salesId: Value; now: string; from: string; to: string }) =>
      `voucher ${v.salesId} reads ${v.now} after ${v.from} -> ${v.to} was accepted: another run may be using the same vouchers`,
  },
  os9NoVoucher: {
    say: (v: { first: Value; passed: string }) =>
      `no voucher of fixtures.sales.parallel past its first ${v.first} (those are OS-7's) can take a lifecycle step: ${v.passed || 'those left are taken'}`,
  },
  os9NotBothAnswered: { say: (v: { what: string }) => `${v.what}: not both answered` },
  os9NotTogether: {
    say: (v: { what: string; rounds: number }) =>
      `${v.what}: one was answered before the other was sent${v.rounds > 1 ? `, in each of ${v.rounds} tries` : ''}, so the two never met in flight`,
  },
  os9BothRefused: { say: (v: { what: string }) => `${v.what}: both refused, so nothing was to be stored` },
  os9OverlapUnread: { say: (v: { what: string; why: string }) => `${v.what}; the voucher could not be read back: ${v.why}` },
  os9ThirdState: {
    say: (v: { what: string; now: string }) => `${v.what}; then it reads ${v.now}, a third state: another client may be using the voucher`,
  },
  cu16NotRefused: {
    say: (v: { status: Value }) => `the customer with a non-numeric opening was answered ${v.status}, not refused (CU-4 judges that)`,
  },
  cu16NotCreated: { say: (v: { status: Value }) => `the valid customer was answered ${v.status} (CU-1 judges creation)` },
  cu16LookupNotServed: {
    say: (v: { lookup: string; status: Value }) => `operations.${v.lookup}: not served (404/405 to its configured request in the preflight): ${v.status}`,
  },
  cu16LookupNotConfigured: {
    say: (v: { lookup: string }) => `operations.${v.lookup} is not configured: only a target that keeps mobile numbers unique shows a refused customer saved`,
  },
  cu16LookupListsNone: {
    say: (v: { lookup: string; contactId: string }) =>
      `${v.lookup} lists no contact with the mobile number of contactId ${v.contactId}, just created: it cannot show a refused one either`,
  },
  ...ORDER_STATUS_WORDS,
  ...ORDER_STATUS_VOUCHER_WORDS,
  ...CUSTOMER_WORDS,
  ...REPORT_WORDS,
  ...OTHER_SUITE_WORDS,
} satisfies WordsTable;

export type SuiteCode = keyof typeof SUITE_WORDS;

/** The words of a suite's reason `code` from its values. */
export function suiteSays<C extends SuiteCode>(code: C, ...v: Parameters<(typeof SUITE_WORDS)[C]['say']>): string {
  return (SUITE_WORDS[code].say as (x: unknown) => string)(v[0]);
}
