// The suite worker's part of the run's HAR (reports/har/har-part.ts): every exchange a test's client
// makes, tagged with the test and its requirement ids, and each check's outcome on it (passed: the
// check applied to it with no finding for that requirement; failed: a finding names it). Nothing
// is written without an output folder or with `--har off`.
import type { CheckResult } from '../contract/checks/finding.ts';
import type { Exchange, Finding } from '../core/types.ts';
import { harPart } from '../reports/har/har-part.ts';
import { defineRunState, type RunOf } from './run-state.ts';

const partOf = defineRunState('har-part', (run) => (run.ctx.outDir && run.ctx.har !== false ? harPart(run.ctx.outDir, `suites-${process.pid}`) : undefined));

/** The exchange, as a test (`where`, verifying `ids`) saw it. */
export function harExchange(of: RunOf, ex: Exchange, where: { file: string; test: string; id: string }, ids: string[]): void {
  partOf(of)?.entry(ex, { source: 'suites', testId: where.id, test: where.test, file: where.file, ids });
}

/** The failures of findings that name their exchange. */
export function harFailures(of: RunOf, findings: Finding[]): void {
  const part = partOf(of);
  if (!part) return;
  for (const f of findings) if (f.exchange) part.outcome(f.exchange.seq, { check: f.checkId, requirementId: f.requirementId, outcome: 'failed' });
}

/** A check's result on `ex`, logged, and returned as it was. */
export function harChecked(of: RunOf, ex: Exchange, result: CheckResult): CheckResult {
  const part = partOf(of);
  if (!part) return result;
  const failed = new Set(result.findings.map((f) => f.requirementId));
  for (const e of result.evidence) if (!failed.has(e.requirementId)) part.outcome(ex.seq, { check: e.via, requirementId: e.requirementId, outcome: 'passed' });
  for (const f of result.findings) part.outcome(f.exchange?.seq ?? ex.seq, { check: f.checkId, requirementId: f.requirementId, outcome: 'failed' });
  return result;
}
