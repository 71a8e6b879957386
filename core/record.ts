// The record a conformance test leaves on its vitest task (task.meta.erp): the requirement ids
// it verifies, its findings, the evidence its checks saw, its observations and requests. The
// run's reporter turns them into the certificate.
import type { Exchange, Finding } from './types.ts';
import { countLatency, type LatencyHistogram } from './latency.ts';

/** What a conformance test declares beside its sentence (runtime/verifies.ts), on its vitest task
 *  from its collection on (task.meta.declared): its stable id and the requirement ids it verifies. */
export interface DeclaredTest {
  /** `<file stem>/<ids joined by +>[/<variant>]`: the plan's cost table keys tests by it. */
  testId: string;
  /** In the order declared. */
  ids: string[];
}

export interface TestRecord {
  /** The test's declared id (verifies): what the plan's cost table keys it by (bench/plan-costs.ts reads it here). */
  testId?: string;
  ids: string[];
  /** Findings kept for the certificate (a few per check, chosen by a stable order). */
  findings: Finding[];
  /** Findings per requirement, counted before keeping only a few. */
  findingCounts: Record<string, number>;
  /** Exchanges or items each requirement's checks applied to: a requirement without any is inconclusive. */
  evidence: Record<string, number>;
  /** The same evidence by the check or relation that saw it (requirement id -> check id -> cases). */
  evidenceBy?: Record<string, Record<string, number>>;
  /**
   * The parts of a requirement made of parts (AUTH-11's writes, OS-3's vouchers): requirement id ->
   * part name -> how many cases it judged, or why it judged none. A part the config allows that
   * judged nothing leaves the requirement inconclusive, whatever the other parts saw.
   */
  parts?: Record<string, Record<string, PartOutcome>>;
  /** Why a requirement saw nothing to apply to, as the test knows it ("the report range held no transactions"). */
  inconclusive: Record<string, string[]>;
  /**
   * Requirements the config gave nothing to apply to, and why ("no index operation is configured"):
   * a scope fact, not missing evidence. The certificate skips them as out of scope (reports/scope.ts)
   * unless the config's certify.require names them.
   */
  outOfScope?: Record<string, string>;
  observations: Record<string, unknown>;
  /** Why the test did not verify its requirements (writes: false, no readBack ...). */
  skipReason?: string;
  /** Why the test did not (fully) run: the run budget or request budget was spent, the run was interrupted, or its own time limit was reached. */
  notRun?: string;
  /** What stopped it (with notRun): the run budget, the request budget, an interrupt. */
  stoppedBy?: 'budget' | 'max-requests' | 'interrupted';
  /** The kit's time limit for this one test (ms) stopped it (with notRun): a limit of the kit, never a failure. */
  timeLimitMs?: number;
  /** Exchanges seen (every request the test made, sent or not). */
  exchanges: number;
  /** Requests actually sent, retries after a 429 included. */
  requests: number;
  /** The same requests by the operation whose quota they counted against (engine/phases/plan/costs.ts is measured from them). */
  requestsByOperation?: Record<string, number>;
  /** Exchanges the target answered with an HTTP status (any status). */
  answered?: number;
  /** The first transport failure the test met (no answer), for the certificate's reason. */
  firstFailure?: string;
  /** By the exchange's operation: requests sent (retries included), answers 429 met (waited out or still refused), and each
   *  sent exchange's duration (core/latency.ts). The certificate's figures per operation (reports/operation-figures.ts). */
  byOperation?: Record<string, OperationCount>;
  /** Exchanges that met a 429: the 429s waited out (retries), those still refused when answered (refused), each request's waits summed. */
  rateLimited: { exchanges: number; retries: number; waitedMs: number; refused?: number };
}

/** What one operation's exchanges cost a test: requests (retries included), answers 429, durations. */
export interface OperationCount {
  requests: number;
  answers429: number;
  latency: LatencyHistogram;
}

/** One part of a requirement: cases judged, or why none (`outOfScope`: the config gives it nothing to apply to). */
export interface PartOutcome {
  judged: number;
  why?: string;
  outOfScope?: boolean;
}

/** A part the config allows that judged nothing. */
export const unjudged = (p: PartOutcome): boolean => p.judged === 0 && !p.outOfScope;

export function emptyRecord(ids: string[]): TestRecord {
  return {
    ids,
    findings: [],
    findingCounts: {},
    evidence: {},
    inconclusive: {},
    observations: {},
    exchanges: 0,
    requests: 0,
    answered: 0,
    rateLimited: { exchanges: 0, retries: 0, waitedMs: 0 },
  };
}

/** Counts an exchange into its test's record: requests sent (each wait's retry too), by quota,
 *  answered or the first failure, and what the rate limit cost. */
export function countExchange(record: TestRecord, ex: Exchange): void {
  record.exchanges++;
  if (!ex.notSent) {
    const retries = ex.rateLimited?.retries ?? 0;
    record.requests += 1 + retries;
    const byOp = (record.requestsByOperation ??= {});
    byOp[ex.quota ?? 'other'] = (byOp[ex.quota ?? 'other'] ?? 0) + 1 + retries;
    const op = ((record.byOperation ??= {})[ex.operation] ??= { requests: 0, answers429: 0, latency: {} });
    op.requests += 1 + retries;
    op.answers429 += retries + (ex.response?.status === 429 ? 1 : 0);
    countLatency(op.latency, ex.durationMs);
    if (ex.response) record.answered = (record.answered ?? 0) + 1;
    else record.firstFailure ??= `${ex.failure?.kind ?? 'no answer'}: ${ex.failure?.message ?? ''}`;
  }
  if (ex.rateLimited) {
    record.rateLimited.exchanges++;
    record.rateLimited.retries += ex.rateLimited.retries;
    record.rateLimited.waitedMs += ex.rateLimited.waitedMs;
    if (ex.response?.status === 429) record.rateLimited.refused = (record.rateLimited.refused ?? 0) + 1;
  }
}

/** Bodies kept in a finding are cut here, so a 64 MB answer cannot bloat the certificate. */
export const MAX_KEPT_BODY = 16 * 1024;

function cut(body: string | undefined): string | undefined {
  if (body === undefined || body.length <= MAX_KEPT_BODY) return body;
  return `${body.slice(0, MAX_KEPT_BODY)}... [${body.length - MAX_KEPT_BODY} more characters not kept]`;
}

/** An exchange small enough to keep in a finding (the raw body is the evidence; the parsed JSON is dropped). */
export function keptExchange(ex: Exchange): Exchange {
  const { json: _json, ...rest } = ex;
  return {
    ...rest,
    request: { ...ex.request, body: cut(ex.request.body) },
    ...(ex.response ? { response: { ...ex.response, body: cut(ex.response.body)! } } : {}),
  };
}

/**
 * A finding small enough to keep. Its curl line is made later, from the kept exchange
 * (reports/render/finding.ts): a request body cut here is kept whole in `requestBody`, so the line
 * still sends what was sent. A sequence's exchanges serve only its curl lines: their answers are dropped.
 */
export function keptFinding(f: Finding): Finding {
  const body = f.exchange?.request.body;
  const cutBody = body !== undefined && body.length > MAX_KEPT_BODY;
  return {
    ...f,
    ...(f.exchange ? { exchange: keptExchange(f.exchange) } : {}),
    ...(cutBody ? { requestBody: body } : {}),
    ...(f.sequence ? { sequence: { ...f.sequence, steps: f.sequence.steps.map((s) => ({ ...s, exchanges: s.exchanges.map(requestOnly) })) } } : {}),
  };
}

function requestOnly(ex: Exchange): Exchange {
  const { json: _json, response: _response, ...rest } = ex;
  return rest;
}
