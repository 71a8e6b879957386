// Core records that flow one way through the kit:
// config -> client (Exchange) -> checks (Finding) -> reports.

/** MUST: the spec states it. SHOULD: the spec implies it. INFO: the spec leaves it "not shown"; observed. */
export type Level = 'MUST' | 'SHOULD' | 'INFO';

/** The operations this kit calls. `contact-read` is the configurable read-back extension; `index`
 *  any other operation of the index (section 1) as the config's `operations` describes it. */
export type Operation = 'order-status' | 'customer-create' | 'report' | 'contact-read' | 'index' | 'raw';

/** Which spec section folder of suites/ verifies a requirement. */
export type SuiteName = 'envelope-auth' | 'order-status' | 'customer' | 'report' | 'rate-limit' | 'index-operations';

export interface Requirement {
  /** Stable id tied to the spec: `OS-3` = section 4.1 rule 3. */
  id: string;
  /** Spec section(s) the requirement comes from, e.g. "4.1" or "2.1, 7". */
  section: string;
  level: Level;
  /** One-line sentence used as the requirement's title in every report. */
  title: string;
  /** The spec's own words this requirement stands on (quoted verbatim). */
  quote: string;
  /** Where the spec is ambiguous: what it leaves open and which oracle this kit chose. */
  ambiguity?: string;
  /** For a requirement no automated test verifies: why. */
  notTested?: string;
  suite: SuiteName;
  /** The operations the requirement applies to. */
  operations: Operation[];
}

/** How the api-token header of a request was set; the value itself is never recorded. */
export type TokenKind = 'valid' | 'second' | 'invalid' | 'none' | 'variant';

/**
 * A near miss of the valid token, or the valid token in the wrong place (spec 5: "Every operation
 * requires the header api-token ... A request without a valid token is rejected with HTTP 403").
 * Recorded on the exchange, so its curl line sends the same thing with $ERP_API_TOKEN.
 */
export type TokenVariant =
  | { kind: 'suffix'; text: string }
  | { kind: 'prefix'; text: string }
  | { kind: 'cut'; chars: number }
  | { kind: 'case'; to: 'upper' | 'lower' }
  | { kind: 'pad'; left: string; right: string }
  | { kind: 'empty' }
  | { kind: 'twice'; first: 'valid' | 'invalid'; second: 'valid' | 'invalid' }
  | { kind: 'query'; name: string }
  | { kind: 'header'; name: string; scheme?: string }
  /** The valid token as a field of the JSON body object, and no api-token header. */
  | { kind: 'body'; name: string };

export interface RecordedRequest {
  method: string;
  /** Absolute URL; never contains a token. */
  url: string;
  /** Headers sent, names lower-cased; `api-token` is recorded as `***` (or the invalid token's placeholder). */
  headers: Record<string, string>;
  /** Raw body text sent, if any (tokens redacted). */
  body?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** Raw body text received, cut at the client's size cap, tokens redacted. */
  body: string;
  /** Bytes received (may exceed body length when the cap cut it). */
  bytes: number;
  /** True when the body was cut at the size cap. */
  truncated: boolean;
}

/** A transport-level or decoding fact: never thrown, always recorded. */
export type ExchangeFailureKind = 'timeout' | 'connection-reset' | 'connection-refused' | 'too-large' | 'network';

/** Why a request was not sent: the run's budget, its request budget, the breaker, an interrupt, or
 *  the time limit of the one test that asked for it (runtime/time-limit.ts). */
export type NotSentReason = 'budget' | 'max-requests' | 'breaker' | 'interrupted' | 'time-limit';

export interface Exchange {
  /** Sequence number within a run, 1-based. */
  seq: number;
  operation: Operation;
  tokenKind: TokenKind;
  /** With tokenKind 'variant': how the token was sent. */
  tokenVariant?: TokenVariant;
  /** The environment variable the token came from (the config's env:NAME) when it is not the kit's own
   *  ERP_API_TOKEN (ERP_API_TOKEN_2 for the second): the curl line names it. */
  tokenEnv?: string;
  request: RecordedRequest;
  /** Absent when no response arrived (see `failure`). */
  response?: RecordedResponse;
  /** The body parsed as JSON when it is JSON; `undefined` otherwise. */
  json?: unknown;
  /** Why the body is not usable JSON: "not JSON: Unexpected token <", "truncated at 1048576 bytes" ... */
  jsonError?: string;
  failure?: { kind: ExchangeFailureKind; message: string };
  /**
   * The request was not sent: the run budget (`budget`) or request budget (`max-requests`) was spent,
   * the target failed the previous requests at the transport level (`breaker`), or the run was
   * interrupted. No response, no failure: such an exchange is evidence of nothing.
   */
  notSent?: { reason: NotSentReason; message: string };
  /** 429 answers the client backed off from before this exchange (functional suites retry them). */
  rateLimited?: { retries: number; waitedMs: number };
  /** The operation whose quota the request counted against ("report", "contactRead" ...): the plan's cost tables count by it. */
  quota?: string;
  startedAt: string;
  /** When the request went out, in ms of the sending process's clock (performance.now(), finer than
   *  startedAt's milliseconds): orders the exchanges one process sent (contract/checks/in-flight.ts). */
  sentAtMs?: number;
  durationMs: number;
}

/**
 * Replay handle of a finding: the run's seed and nonce and the test that made it, so that the test
 * replays alone (`run --replay-test`); of a property-based failure, also the fast-check path of its
 * counterexample and which property, so that only that input is sent.
 */
export interface Replay {
  seed: number;
  /** The run nonce the unique values (mobile numbers, e-mails, GSTIN, PAN) were made with. */
  nonce?: string;
  /** The counterexample's fast-check path (or `example:N`); absent: the finding is not of a property's input. */
  path?: string;
  /** The suite file and the test's full name. */
  file?: string;
  test?: string;
  /** Index of the property within the test (0 for the first). */
  property?: number;
  numRuns?: number;
}

/** An id a step of a sequence answered (a voucher Order Create made), kept in a shell variable for the steps after it. */
export interface SequenceBinding {
  name: string;
  /** Its path in the answer ("response.salesId"). */
  at: string;
  value: string;
  /** Only as the value (or an array element) of these JSON keys is it named ("addressId"): then a short id is named too. */
  fields?: string[];
}

/**
 * A finding is data: what was received and what the rule expected, the requirement, the exchange
 * and the replay handle. Its words ("Received ...\nExpected ...") and its curl line are made by
 * reports/render/finding.ts, so every report prints the same and a stored finding can be printed again.
 */
export interface Finding {
  /** Stable id of the check that produced it, e.g. `envelope.code-matches-status`. */
  checkId: string;
  requirementId: string;
  title: string;
  /** What the exchange(s) showed ("HTTP 500 \"...\"", "totalCount 7; ..."). */
  received: string;
  /** What the requirement expects instead. */
  expected: string;
  /** Further facts, each printed on a line of its own after Expected ("Empty: name, email"). */
  notes?: string[];
  /**
   * A sequence of requests that leads to the finding (a model-based run, a stateful walk): each step
   * with the exchanges it sent. `binds`: the answer to the step's first exchange holds, at path `at`,
   * an id the later steps name (`value` in this run): its curl line keeps it in the shell variable
   * `name` (a read-back may bind several: each address id it answered).
   */
  sequence?: { title: string; steps: { label: string; exchanges: Exchange[]; binds?: SequenceBinding | SequenceBinding[] }[] };
  exchange?: Exchange;
  /** The exchange's request body whole, where the kept exchange's was cut (core/record.ts keptFinding): its curl line sends it. */
  requestBody?: string;
  replay?: Replay;
  /** Requirement, check, operation and the input's shape, hashed (reports/fingerprint.ts): set once, in certification.json. */
  fingerprint?: string;
}

/**
 * Requirement verdicts of a run.
 * - passed: its tests ran and their checks saw at least one exchange or item they apply to, with no finding;
 * - failed: a MUST or SHOULD check found a defect (or its test crashed);
 * - observed: an INFO requirement recorded what the target does (its notes are observations, never failures);
 * - inconclusive: its tests ran but saw nothing it applies to (an empty fixture, a voucher used up, a target
 *   that stopped answering): no verdict without evidence, and the reason says how to fix it;
 * - skipped: deliberately not run (writes: false, no readBack, not selected, not testable), with the reason;
 * - not-run: the run budget or an interrupt ended the run before it ran.
 */
export type Verdict = 'passed' | 'failed' | 'observed' | 'inconclusive' | 'skipped' | 'not-run';

/**
 * The verdict of a run (and its exit code):
 * - certified (0): every MUST passed, over the whole catalogue;
 * - selection-passed (0): a run narrowed by --only or a shard, in which no MUST failed and none was inconclusive:
 *   it says what the selection showed, never that the target is certified;
 * - not-certified (1): a MUST failed, or the suite crashed;
 * - preflight-failed (2): the target or the fixtures are not what the config says (no suite ran);
 * - inconclusive (3): no MUST failed, but one was inconclusive or not run (empty fixtures, run budget spent);
 * - interrupted (130 on SIGINT, 143 on SIGTERM): the run was stopped; the certificate holds what it had;
 * - reproduced (1) / not-reproduced (0): a replay of one property (`run --replay-test`) failed again on
 *   its input, or passed on it: a verdict about that property, never a certification of the target.
 */
export type RunVerdict =
  'certified' | 'selection-passed' | 'not-certified' | 'preflight-failed' | 'inconclusive' | 'interrupted' | 'reproduced' | 'not-reproduced';
