// What to do about each reason the rate-limit, envelope-auth and index-operations suites write of
// their own (core/words/suite-others.ts), by code: a reason without its entry here does not compile.
import type { OTHER_SUITE_WORDS } from '../../core/words/suite-others.ts';

const NO_WRITES = 'Set `writes: true` (on a target whose data may change: staging) to verify these requirements.';
const NO_429 = 'Nothing, if the target has no rate limit; else raise load.maxRequests and load.maxSeconds until it answers 429.';

export const OTHER_SUITE_TODO: Record<keyof typeof OTHER_SUITE_WORDS, string> = {
  rlProbeUnanswered: 'The probe got no answer: check the target is up (`target.baseUrl`) and `target.timeoutMs`, then run again with --with-load.',
  rl429NoEnvelope: 'ENV-8 records the shape of the 429 bodies: read it.',
  rlNoRetryAfter: 'Nothing: Retry-After is not in the spec; whether a Retry-After tells the truth is judged only on a target that sends one.',
  rlNo429NoRetryAfter: NO_429,
  rlNo429: NO_429,
  rlNoLimit: NO_429,
  rlCapsUsed: 'Raise load.maxRequests and load.maxSeconds to let the probe measure the limit.',
  rlLoadUnanswered: 'No answer came under the load: check the target is up and `target.timeoutMs`, then run again with --with-load.',
  envErrorsNoEnvelope: 'ENV-8 records the shape of the error bodies: read it.',
  envNoWritesJunk: NO_WRITES,
  envNoReadBack: 'Configure `readBack` (ask the vendor for the paths of the reads) to verify these requirements.',
  envNoWrites: NO_WRITES,
  envNoIndexNoReadBack: 'Configure the index operations (`operations`) or `readBack` ([index-operations.md](index-operations.md)).',
  envNoRead: 'Configure the reads named in the reason (`readBack`, `operations`) so the run can see what a refused write changed.',
  ixNoCustomerList: 'Configure `operations["get-customer-list-w-branch-id"]` with its list, and allow writes, to verify it.',
  ixNoWrites: NO_WRITES,
  ixNoContactId: 'CU-1 judges creation: fix the customer master data (fixtures.customer) until a valid customer is created.',
  ixNotServed: 'Fix the paths of the operations named (`operations`, ask the vendor), or remove them (then they are out of scope).',
  ixNoIndexOperation:
    'Nothing, if the target serves only the detailed operations; else configure the index operations (`operations`, [index-operations.md](index-operations.md)).',
  ixAllWrites: NO_WRITES,
  ixOthersWrites: NO_WRITES,
  ixNoPagedList: 'Mark the paged lists of `operations` with `paged: true` and their list ([index-operations.md](index-operations.md)).',
  ixNoAnswer: 'The operation named gave no answer: check the target is up and `target.timeoutMs`, then run again.',
  ixTokenRefused: 'Ask the vendor for a token scoped to the operation named (`target.token`), or remove the operation from `operations`.',
  ixNotAtPath: 'Fix the path of the operation named (`operations`, ask the vendor), or remove it (then it is out of scope).',
  ixStill429: "Set `run.rateLimit` (or a quota for the operation named) to the target's limit, then run again.",
};
