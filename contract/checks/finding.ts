// A check is one named function with a stable id: it takes an exchange and returns findings and
// the evidence it saw. A finding is data: title, facts (received, expected), requirement id and a
// reproduction (the exchange and the property's replay handle); reports/render/finding.ts makes
// its words and curl line. Checks are pure: nothing here sends, records or prints.
import { stringifyJson } from '../../core/json.ts';
import type { Exchange, Finding, Replay } from '../../core/types.ts';

export interface Fact {
  title: string;
  received: string;
  expected: string;
}

export interface CheckOptions {
  /** Requirement the finding is filed under, when the check serves several. */
  requirementId?: string;
  /** Replay handle of the property run that sent the exchange. */
  replay?: Replay;
}

/**
 * No verdict without evidence: a requirement passes only when its checks saw at least one exchange
 * or item they apply to. "Check `via` saw `n` exchanges or items requirement `requirementId` applies to."
 */
export interface Evidence {
  requirementId: string;
  n: number;
  via: string;
}

/** What a check (or relation) returns: its findings, and what it applied to (the harness records both). */
export interface CheckResult {
  findings: Finding[];
  evidence: Evidence[];
}

export interface Check<P = undefined> {
  readonly id: string;
  readonly requirementId: string;
  (exchange: Exchange, params: P, options?: CheckOptions): CheckResult;
}

/** Nothing found, nothing applied to (a fresh result: callers may add to it). */
export function nothing(): CheckResult {
  return { findings: [], evidence: [] };
}

/** `n` cases of requirement `requirementId` seen by `via` (none when n is 0). */
export function evidence(requirementId: string, n: number, via: string): Evidence[] {
  return n > 0 ? [{ requirementId, n, via }] : [];
}

/**
 * A relation's result: `judge` calls `note` for what it applied to (several requirements at
 * times) and returns its findings. The notes stay in the result: nothing is recorded on the side.
 */
export function judged(judge: (note: (requirementId: string, n: number, via: string) => void) => Finding[]): CheckResult {
  const seen: Evidence[] = [];
  const findings = judge((requirementId, n, via) => void seen.push(...evidence(requirementId, n, via)));
  return { findings, evidence: seen };
}

/** The results of several checks or relations as one. */
export function joined(results: CheckResult[]): CheckResult {
  return { findings: results.flatMap((r) => r.findings), evidence: results.flatMap((r) => r.evidence) };
}

/**
 * Defines a check: `facts` returns what is wrong (empty when the exchange conforms), or null when
 * the check does not apply to the exchange (no answer, not a success, no item ...). Whatever it
 * returns but null is evidence for the requirement, returned beside the findings: a requirement
 * whose checks never applied is inconclusive, not passed. `count` counts the applicable items
 * of an exchange (default 1).
 */
export function defineCheck<P = undefined>(
  id: string,
  requirementId: string,
  facts: (exchange: Exchange, params: P) => Fact[] | null,
  count: (exchange: Exchange, params: P) => number = () => 1,
): Check<P> {
  const run = (exchange: Exchange, params: P, options: CheckOptions = {}): CheckResult => {
    // A request the run did not send is evidence of nothing, and no finding; so is a 429 the
    // functional client still met after the waits it allows (the target's rate limit, not the rule).
    if (exchange.notSent || (exchange.rateLimited && exchange.response?.status === 429)) return nothing();
    if (timedOut(exchange)) return nothing();
    const found = facts(exchange, params);
    const req = options.requirementId ?? requirementId;
    if (found === null) return nothing();
    return { findings: found.map((f) => toFinding(id, req, f, exchange, options.replay)), evidence: evidence(req, count(exchange, params), id) };
  };
  return Object.assign(run, { id, requirementId });
}

/**
 * A request that got no complete answer within target.timeoutMs shows nothing of any rule (a far
 * or busy target, a slow network): no finding and no evidence; the harness gives it as the reason
 * when a requirement saw nothing else. A dropped connection (reset, refused) is not this: the
 * target failed on that very request.
 */
export function timedOut(ex: Exchange): boolean {
  return !ex.response && ex.failure?.kind === 'timeout';
}

export function toFinding(checkId: string, requirementId: string, fact: Fact, exchange?: Exchange, replay?: Replay): Finding {
  return {
    checkId,
    requirementId,
    title: fact.title,
    received: fact.received,
    expected: fact.expected,
    ...(exchange ? { exchange } : {}),
    ...(replay ? { replay } : {}),
  };
}

/** A short description of what came back, for "Received ..." lines. */
export function describeResponse(ex: Exchange): string {
  if (!ex.response) return `no response (${ex.failure?.kind ?? 'unknown'}: ${ex.failure?.message ?? ''})`;
  const body = ex.response.body.length > 300 ? `${ex.response.body.slice(0, 300)}...` : ex.response.body;
  return `HTTP ${ex.response.status} ${JSON.stringify(body)}`;
}

/** Short JSON for facts, cut at `max` characters. */
export function show(value: unknown, max = 200): string {
  // stringifyJson: an integer past 2^53 is shown with the server's own digits.
  const text = value === undefined ? 'undefined' : stringifyJson(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

export function isSuccess(ex: Exchange): boolean {
  const s = ex.response?.status;
  return s !== undefined && s >= 200 && s < 300;
}
