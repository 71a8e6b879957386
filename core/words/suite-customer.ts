// The reasons the customer suites (3: creation, read-back, text, unknown city) write of their own for a requirement they could not judge
// (inconclusive), that the config leaves out (out of scope), or a test they skip, by code
// (suites/customer/). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. A reason a suite writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const CUSTOMER_WORDS = {
  cuBodyBranchNotCreated: {
    say: (v: { status: Value }) => `the customer with a branchId in its body was not created (HTTP ${v.status}): CU-1 judges creation`,
  },
  cuBodyBranchUnread: {
    say: (v: { contactId: Value; branchId: Value; status: Value; otherBranchId: Value }) =>
      `contactId ${v.contactId} read back in neither branch ${v.branchId} (HTTP ${v.status}) nor, as sent, in ${v.otherBranchId}: CU-8 judges read-back`,
  },
  cuNoWrites: { say: () => 'writes: false forbids creating customers' },
  cuNoContactId: { say: () => 'no creation answered a contactId (see CU-1)' },
  cuContactANotCreated: { say: (v: { answer: Value }) => `contact A was answered ${v.answer}, not created (CU-1 and CU-3 judge creation)` },
  cuContactAUnread: {
    say: (v: { contactId: Value; answer: Value }) => `contact A (${v.contactId}) read back without two addressIds (${v.answer}): CU-8 judges the read-back`,
  },
  cuContactIdShared: {
    say: (v: { contactId: Value }) =>
      `contactId ${v.contactId} was answered to more than one creation (CU-2): what reads back under it may be another customer`,
  },
  cuFewParallelCreated: {
    say: (v: { created: Value; asked: Value }) => `only ${v.created} of ${v.asked} parallel creations answered a contactId (see CU-1)`,
  },
  cuNotTogether: {
    say: (v: { created: Value }) => `${v.created} customers were created, but fewer than 2 of them met another creation in flight`,
  },
  cuReadBackNotCreated: { say: (v: { status: Value }) => `a customer to read back was not created (HTTP ${v.status}): CU-1 and CU-3 judge creation` },
  cuTwoDefaultsNotCreated: { say: (v: { status: Value }) => `the customer marking two defaults was answered ${v.status}: CU-1 and CU-3 judge creation` },
  cuContactIdTwice: { say: (v: { contactId: Value }) => `contactId ${v.contactId} was answered to more than one creation (CU-2)` },
  cuNoTextAccepted: { say: () => 'no customer with unusual text was accepted with a contactId to read back (CU-13 shows the answers)' },
  cuNoCityList: { say: () => 'operations.get-city-list is not configured: no city code is known to be unknown' },
  cuNoCityWithState: { say: () => 'the state and city lists gave no city with its state: no city code is known to be unknown' },
  cuNoReadBackContact: { say: () => 'no readBack.getContactById in the config: the spec gives Get Contact By Id no path' },
} satisfies WordsTable;
