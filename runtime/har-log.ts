// The suite worker's part of the run's HAR (reports/har/har-part.ts): every exchange a test's client
// makes, tagged with the test and its requirement ids, and each check's outcome on it (passed: the
// check applied to it with no finding for that requirement; failed: a finding names it). A test
// that sends on a sender of its own (the rate-limit suite's probe, bursts and load) logs those
// exchanges too, under the sender's name, as their numbers start from 1 again. Nothing is written
// without an output folder or with `--har off`.
import type { CheckResult } from '../contract/checks/finding.ts';
import type { Exchange, Finding } from '../core/types.ts';
import type { HarSource } from '../reports/har/har-entry.ts';
import { harPart } from '../reports/har/har-part.ts';
import { defineRunState, type RunOf } from './run-state.ts';

const partOf = defineRunState('har-part', (run) => (run.ctx.outDir && run.ctx.har !== false ? harPart(run.ctx.outDir, `suites-${process.pid}`) : undefined));
/** The exchanges of senders of their own, each with its sender's name; how many senders were named. */
const sendersOf = defineRunState('har-senders', () => ({ of: new WeakMap<Exchange, string>(), named: 0 }));

type Where = { file: string; test: string; id: string };

/** The exchange, as a test (`where`, verifying `ids`) saw it. */
export function harExchange(of: RunOf, ex: Exchange, where: Where, ids: string[]): void {
  partOf(of)?.entry(ex, { source: 'suites', testId: where.id, test: where.test, file: where.file, ids });
}

/** Writes the lines the run's part holds (at a test's end: what the host learns of a test is on disk). */
export function harFlush(of: RunOf): void {
  partOf.peek(of)?.flush();
}

/** A sender of its own of a test (the probe's, a burst's, a load's): logs each exchange given, under a name new in the run. */
export function harSender(of: RunOf, source: Exclude<HarSource, 'preflight' | 'suites'>, where: Where, ids: string[]): (ex: Exchange) => void {
  const senders = sendersOf(of);
  const sender = `${source}-${++senders.named}`;
  return (ex) => {
    senders.of.set(ex, sender);
    partOf(of)?.entry(ex, { source, sender, testId: where.id, test: where.test, file: where.file, ids });
  };
}

/** The failures of findings that name their exchange. */
export function harFailures(of: RunOf, findings: Finding[]): void {
  const part = partOf(of);
  if (!part) return;
  const senders = sendersOf(of);
  for (const f of findings)
    if (f.exchange) part.outcome(f.exchange.seq, { check: f.checkId, requirementId: f.requirementId, outcome: 'failed' }, senders.of.get(f.exchange));
}

/** A check's result on `ex`, logged, and returned as it was. */
export function harChecked(of: RunOf, ex: Exchange, result: CheckResult): CheckResult {
  const part = partOf(of);
  if (!part) return result;
  const sender = sendersOf(of).of.get(ex);
  const failed = new Set(result.findings.map((f) => f.requirementId));
  for (const e of result.evidence)
    if (!failed.has(e.requirementId)) part.outcome(ex.seq, { check: e.via, requirementId: e.requirementId, outcome: 'passed' }, sender);
  for (const f of result.findings) {
    const on = f.exchange ?? ex;
    part.outcome(on.seq, { check: f.checkId, requirementId: f.requirementId, outcome: 'failed' }, on === ex ? sender : sendersOf(of).of.get(on));
  }
  return result;
}
