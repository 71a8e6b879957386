// The reasons the rate-limit, envelope-auth and index-operations suites write of their own for a requirement they could not judge
// (inconclusive), that the config leaves out (out of scope), or a test they skip, by code
// (suites/rate-limit/, suites/envelope-auth/, suites/index-operations/). core/words/suites.ts gathers them; scripts/troubleshooting/ says what to do
// about each code. A reason a suite writes is made here or does not compile.
import type { Value, WordsTable } from './words.ts';

export const OTHER_SUITE_WORDS = {
  rlProbeUnanswered: { say: () => 'the probe got no answer to push the rate limit with' },
  rl429NoEnvelope: { say: () => 'the target\'s 429s do not carry the envelope (ENV-8 records the shape): nothing to hold to status false and code "429"' },
  rlNoRetryAfter: { say: () => 'the target sends no Retry-After with its 429s' },
  rlNo429NoRetryAfter: { say: () => 'no 429 came within the load caps, so no Retry-After to test' },
  rlNo429: { say: () => 'no 429 came within the load caps (load.maxRequests, load.maxSeconds)' },
  rlNoLimit: { say: () => 'no rate limit was measured (the probe found none within the load caps): no limit to hold a burst to' },
  rlCapsUsed: {
    say: (v: { maxRequests: Value; maxSeconds: Value }) => `the probe used the load caps (load.maxRequests ${v.maxRequests}, load.maxSeconds ${v.maxSeconds})`,
  },
  rlLoadUnanswered: { say: () => 'no answer came under the load' },
  envErrorsNoEnvelope: {
    say: (v: { shapes: unknown }) => `the target's error bodies do not carry the envelope (${v.shapes}): nothing to hold to status false`,
  },
  envNoWritesJunk: { say: () => 'writes: false: junk sent to the write operations could change data on a non-conforming target' },
  envNoReadBack: { say: () => 'no readBack is configured: the spec gives the two reads no path' },
  envNoWrites: { say: () => 'writes: false forbids the writes this test sends' },
  envNoIndexNoReadBack: { say: () => 'no index operation and no readBack is configured (config operations, readBack)' },
  envNoRead: { say: (v: { whys: Value }) => `no read shows what a refused write changed: ${v.whys}` },
  ixNoCustomerList: { say: (v: { list: Value }) => `operations.${v.list} is not configured with its list (or writes is false)` },
  ixNoWrites: { say: () => 'writes is false: no customer is created' },
  ixNoContactId: { say: (v: { status: Value | undefined }) => `contactSave did not answer a contactId (HTTP ${v.status})` },
  ixNotServed: { say: (v: { what: Value }) => `not served (404/405 to its configured request in the preflight): ${v.what}` },
  ixNoIndexOperation: { say: () => 'no index operation is configured (config operations)' },
  ixAllWrites: { say: () => 'every configured index operation is a write, and writes is false' },
  ixOthersWrites: { say: (v: { served: string }) => `the others are writes, and writes is false: ${v.served}` },
  ixNoPagedList: { say: () => 'no operation of config operations is a paged list (paged: true with its list)' },
  ixNoAnswer: { say: (v: { name: string; kind: string }) => `${v.name}: no answer (${v.kind})` },
  ixTokenRefused: {
    say: (v: { name: string; status: Value }) => `${v.name}: the configured token is refused with ${v.status} (not scoped to this operation?)`,
  },
  ixNotAtPath: { say: (v: { name: string; status: Value }) => `${v.name}: answered ${v.status} at the configured path (check operations.${v.name})` },
  ixStill429: { say: (v: { name: string }) => `${v.name}: still rate limited (429)` },
} satisfies WordsTable;
