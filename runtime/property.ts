// Property runs with requests in flight at once, and the same result as fast-check run one at a
// time. The values of the runs are drawn exactly as fc.check draws them (fc.sample of the same
// property and seed); they are evaluated `concurrency` at a time, in index order, until the first
// failing run is known (every earlier run finished). Only then does fc.check run, answering the
// runs up to that failure from what was already received (no request sent twice) and shrinking
// the failure with real requests, one at a time, within a request budget. The first failure and
// its shrunk counterexample are thus the ones a sequential run finds: same seed, same findings.
import fc from 'fast-check';
import { toFinding } from '../contract/checks/finding.ts';
import type { Finding } from '../core/types.ts';
import { RunStopped } from './stopped.ts';

/** Property evaluations a failure may spend on shrinking before the smallest failure so far is kept. */
export const SHRINK_BUDGET = 60;

export class PropertyFailure extends Error {
  constructor(readonly findings: Finding[]) {
    super(findings.map((f) => `${f.requirementId} ${f.title}`).join('; '));
  }
}

export interface PropertyRun {
  seed: number;
  numRuns: number;
  /** Runs evaluated at once; 1 for properties whose runs depend on each other. */
  concurrency: number;
  /** Replays one counterexample only (`run --replay`): its fast-check path. */
  path?: string;
  /** Requirement id a crash of the property is filed under. */
  requirementId: string;
  /** The request budget's say: no further run is started once it returns true (given the runs started). */
  enough?: (launched: number) => boolean;
}

export type PropertyOutcome = { failed: false; runs: number } | { failed: true; runs: number; findings: Finding[]; path: string };

type Result = { findings: Finding[] } | { error: unknown };

async function evaluate<T>(body: (value: T) => Promise<Finding[]>, value: T): Promise<Result> {
  try {
    return { findings: await body(value) };
  } catch (error) {
    if (error instanceof RunStopped) throw error; // the run budget, not the property
    return { error };
  }
}

const failedResult = (r: Result) => 'error' in r || r.findings.length > 0;

/** Evaluates the runs in index order, `concurrency` at a time; returns the results up to the first failure. */
async function firstFailure<T>(
  values: T[],
  body: (value: T) => Promise<Finding[]>,
  concurrency: number,
  enough: (launched: number) => boolean,
): Promise<{ results: Result[]; failedAt: number; launched: number }> {
  const results: Result[] = [];
  let next = 0;
  let failedAt = -1;
  const worker = async () => {
    while (next < values.length && (failedAt < 0 || next < failedAt) && !enough(next)) {
      const i = next++;
      const r = await evaluate(body, values[i]!);
      results[i] = r;
      if (failedResult(r) && (failedAt < 0 || i < failedAt)) failedAt = i;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, values.length)) }, worker));
  return { results, failedAt, launched: next };
}

export async function runProperty<T>(arb: fc.Arbitrary<T>, body: (value: T) => Promise<Finding[]>, o: PropertyRun): Promise<PropertyOutcome> {
  const probe = fc.asyncProperty(arb, async () => {});
  let known: Result[] = [];
  let values: [T][] = [];
  let failedAt = -1;
  if (o.path === undefined) {
    values = fc.sample(probe, { seed: o.seed, numRuns: o.numRuns }) as unknown as [T][];
    let launched: number;
    ({
      results: known,
      failedAt,
      launched,
    } = await firstFailure(
      values.map((v) => v[0]),
      body,
      o.concurrency,
      o.enough ?? (() => false),
    ));
    if (failedAt < 0) return { failed: false, runs: launched };
  }
  let calls = 0;
  let shrinks = 0;
  const prop = fc.asyncProperty(arb, async (value) => {
    const i = calls++;
    let r: Result;
    if (i <= failedAt && fc.stringify(value) === fc.stringify(values[i]![0])) r = known[i]!;
    else {
      // Shrinking: real requests, within the budget (past it the smallest failure so far is kept).
      if (i > failedAt && failedAt >= 0 && ++shrinks > SHRINK_BUDGET) return;
      r = await evaluate(body, value);
    }
    if ('error' in r) throw r.error;
    if (r.findings.length > 0) throw new PropertyFailure(r.findings);
  });
  const details = await fc.check(prop, {
    seed: o.seed,
    numRuns: o.numRuns,
    ...(o.path !== undefined ? { path: o.path, endOnFailure: true } : {}),
  });
  if (!details.failed) return { failed: false, runs: details.numRuns };
  const path = details.counterexamplePath ?? '';
  const err = details.errorInstance;
  if (err instanceof RunStopped) throw err;
  const findings =
    err instanceof PropertyFailure
      ? err.findings
      : [
          toFinding('suite.property-error', o.requirementId, {
            title: 'The property could not run',
            received: String(err instanceof Error ? err.message : err),
            expected: 'requests sent and checked',
          }),
        ];
  return { failed: true, runs: details.numRuns, findings, path };
}
