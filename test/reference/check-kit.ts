// The suites' own checks applied to the exchanges of a fault probe (run-probes.ts): every
// exchange of the three operations of section 4 meets the envelope checks, as the harness applies
// them to every exchange (runtime/harness.ts); each probe's own exchanges meet the checks the suite
// that sends such a request applies, with the same parameters and requirement ids (fault-judges*.ts
// say which). A requirement fails when a check returned a finding of it.
import { rejectedUnauthorized } from '../../contract/checks/auth.ts';
import { envelopeChecks } from '../../contract/checks/envelope.ts';
import type { CheckResult } from '../../contract/checks/finding.ts';
import { itemsInRange, pageWithinLimit, reportPageChecks, TIME_ZONE_SHIFT_MS } from '../../contract/checks/report.ts';
import { statusIs, type StatusOracle } from '../../contract/checks/status.ts';
import type { Exchange } from '../../core/types.ts';
import type { ProbeRun } from './run-probes.ts';

/** How the suites judge the exchanges of one probe: the results of their checks. */
export type Judge = (shown: Exchange[], run: ProbeRun) => CheckResult[];

const SPEC_OPERATIONS: ReadonlySet<string> = new Set(['order-status', 'customer-create', 'report']);

/** The envelope checks the harness applies to every answered exchange of section 4's operations but a 429 (RL-2's). */
export function harnessChecks(sent: Exchange[]): CheckResult[] {
  return sent
    .filter((ex) => SPEC_OPERATIONS.has(ex.operation) && ex.response?.status !== 429)
    .flatMap((ex) => envelopeChecks.map((check) => check(ex, undefined)));
}

/** The requirement ids the results found failing, sorted. */
export function failingIds(results: CheckResult[]): string[] {
  return [...new Set(results.flatMap((r) => r.findings.map((f) => f.requirementId)))].sort();
}

/** The requirement ids the results saw evidence of, sorted. */
export function evidencedIds(results: CheckResult[]): string[] {
  return [...new Set(results.flatMap((r) => r.evidence.map((e) => e.requirementId)))].sort();
}

/** statusIs filed under the rule's id, as `h.expectStatus` files it. */
export const status = (ex: Exchange, oracle: StatusOracle, id: string, because = 'the rule'): CheckResult =>
  statusIs(ex, { oracle, because }, { requirementId: id });

/** rejectedUnauthorized filed under each id of a suite test that sends such a request. */
export const refused = (ex: Exchange, ...ids: string[]): CheckResult[] => ids.map((id) => rejectedUnauthorized(ex, undefined, { requirementId: id }));

/** What format.test.ts checks of every report page it reads. */
export function reportPage(ex: Exchange, limit: number): CheckResult[] {
  if (ex.response?.status !== 200) return [];
  const body = JSON.parse(ex.request.body ?? '{}') as { dateFrom: string; dateTo: string };
  return [
    ...reportPageChecks.map((check) => check(ex, undefined)),
    itemsInRange(ex, { dateFrom: body.dateFrom, dateTo: body.dateTo, shiftMs: TIME_ZONE_SHIFT_MS }),
    pageWithinLimit(ex, { limit }),
  ];
}

/** The limit a report exchange asked for. */
export const limitOf = (ex: Exchange): number => (JSON.parse(ex.request.body ?? '{}') as { limit: number }).limit;

/** Judges every shown exchange that is a report page with format.test.ts's checks. */
export const pages = (shown: Exchange[]): CheckResult[] => shown.filter((ex) => ex.operation === 'report').flatMap((ex) => reportPage(ex, limitOf(ex)));
