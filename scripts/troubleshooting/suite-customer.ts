// What to do about each reason the customer suites write of their own (core/words/suite-customer.ts),
// by code: a reason without its entry here does not compile.
import type { CUSTOMER_WORDS } from '../../core/words/suite-customer.ts';

const CREATION = 'CU-1 judges creation: fix the customer master data (fixtures.customer) until a valid customer is created.';
const SHARED = 'CU-2 judges a contactId answered twice: read its finding; the read-back is judged once contactIds are distinct.';

export const CUSTOMER_TODO: Record<keyof typeof CUSTOMER_WORDS, string> = {
  cuBodyBranchNotCreated: CREATION,
  cuBodyBranchUnread: 'CU-8 judges the read-back: check `readBack.getContactById` (its path and branch) against the target.',
  cuNoWrites: 'Set `writes: true` (on a target whose data may change: staging) to verify the customer requirements.',
  cuNoContactId: CREATION,
  cuContactANotCreated: CREATION,
  cuContactAUnread: 'CU-8 judges the read-back: check `readBack.getContactById` and that the target answers the addresses of the contact.',
  cuContactIdShared: SHARED,
  cuNotTogether:
    'The kit could not send the creations together: give `run.concurrency` 2 or more, and state the customer-create quota (`run.rateLimit`) if the target limits it.',
  cuFewParallelCreated: 'CU-1 judges creation: read its findings, and check the target accepts customers created at once (`run.rateLimit`, `run.concurrency`).',
  cuReadBackNotCreated: CREATION,
  cuTwoDefaultsNotCreated: CREATION,
  cuContactIdTwice: SHARED,
  cuNoTextAccepted: 'CU-13 shows the answers to unusual text: read them; a target that refuses all of it leaves nothing to read back.',
  cuNoCityList: 'Configure `operations["get-city-list"]` (and `operations["get-state-list"]`) so the run knows which city codes exist.',
  cuNoCityWithState: 'Check `operations["get-state-list"]` and `operations["get-city-list"]`: they should list cities with their states.',
  cuNoReadBackContact: 'Configure `readBack.getContactById` (ask the vendor for its path) to verify the read-back requirements.',
};
