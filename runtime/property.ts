// Property runs with requests in flight at once, and the same result as fast-check run one at a
// time: the values are drawn exactly as fc.check draws them (fc.sample, same property and seed) and
// evaluated `concurrency` at a time, in index order, until the first failing run is known; only then
// does fc.check run, answering the runs up to that failure from what was already received (no
// request sent twice) and shrinking it with real requests, one at a time, within a request budget.
// Same seed, same findings. The property's examples are evaluated first (runProperty).
import fc from 'fast-check';
import { toFinding } from '../contract/checks/finding.ts';
import type { Finding } from '../core/types.ts';
import { RunStopped } from './stopped.ts';

/** Random runs a property makes after its examples however many they are. */
export const MIN_RANDOM_RUNS = 1;

/** The random runs of a property of `numRuns` runs with `examples` examples: the examples count among its runs. */
export const randomRunsOf = (numRuns: number, examples: number) => Math.max(MIN_RANDOM_RUNS, numRuns - examples);

/** Property evaluations a failure may spend on shrinking before the smallest failure so far is kept. */
export const SHRINK_BUDGET = 60;

export class PropertyFailure extends Error {
  constructor(readonly findings: Finding[]) {
    super(findings.map((f) => `${f.requirementId} ${f.title}`).join('; '));
  }
}

export interface PropertyRun<T = unknown> {
  seed: number;
  numRuns: number;
  /** Runs evaluated at once; 1 for properties whose runs depend on each other. */
  concurrency: number;
  /** Replays one counterexample only (`run --replay`): its fast-check path, or `example:N`. */
  path?: string;
  /** Values evaluated first, in every run, whatever the seed (the boundary and class examples). */
  examples?: readonly T[];
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

const EXAMPLE_PATH = /^example:(\d+)$/;

/** The replay path of example `index`. */
export const examplePath = (index: number) => `example:${index}`;

/** The findings of a failed run: its own, or the crash of the property filed under `requirementId`. */
function failureFindings(error: unknown, requirementId: string): Finding[] {
  if (error instanceof RunStopped) throw error;
  if (error instanceof PropertyFailure) return error.findings;
  return [
    toFinding('suite.property-error', requirementId, {
      title: 'The property could not run',
      received: String(error instanceof Error ? error.message : error),
      expected: 'requests sent and checked',
    }),
  ];
}

const outcomeOf = (r: Result, requirementId: string): Finding[] => ('error' in r ? failureFindings(r.error, requirementId) : r.findings);

/**
 * The examples phase: every example, `concurrency` at a time in index order, up to the first that
 * fails (all before it finished); with a replay path `example:N`, example N alone; none with a
 * fast-check path (the random runs replay it). Not failed when none of them failed.
 */
async function examplesPhase<T>(
  body: (value: T) => Promise<Finding[]>,
  o: PropertyRun<T>,
): Promise<{ failed: true; runs: number; findings: Finding[]; path: string } | { failed: false; runs: number }> {
  const examples = o.examples ?? [];
  const replayed = o.path === undefined ? undefined : EXAMPLE_PATH.exec(o.path);
  if (o.path !== undefined && !replayed) return { failed: false, runs: 0 };
  const indexes = replayed ? [Number(replayed[1])] : examples.map((_, i) => i);
  const chosen = indexes.filter((i) => i < examples.length).map((i) => examples[i]!);
  const { results, failedAt, launched } = await firstFailure(chosen, body, o.concurrency, () => false);
  if (failedAt < 0) return { failed: false, runs: launched };
  return { failed: true, runs: launched, findings: outcomeOf(results[failedAt]!, o.requirementId), path: examplePath(indexes[failedAt]!) };
}

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

/**
 * Before the random runs, the property's examples (its boundary and class values: the longest and
 * shortest, every text class, numeric edges, long digit strings, empty values) are evaluated the
 * same way, in their order (the coverage phase of Schemathesis). They are the same in every run
 * whatever the seed, so what they find never depends on it. They are the floor of the evidence:
 * the request budget's `enough` never stops them; they are the first of the property's numRuns
 * runs (random runs fill the rest, at least one), so the plan's cost per run counts them. A
 * failing example is the property's failure as it is (examples are chosen, not drawn: nothing to
 * shrink), kept under the path `example:N`, which replays that example alone; the random runs are
 * then not started (one failure per property, and requests are scarce).
 */
export async function runProperty<T>(arb: fc.Arbitrary<T>, body: (value: T) => Promise<Finding[]>, o: PropertyRun<T>): Promise<PropertyOutcome> {
  const first = await examplesPhase(body, o);
  if (first.failed) return first;
  if (o.path !== undefined && EXAMPLE_PATH.test(o.path)) return first;
  const random = await randomRuns(arb, body, o);
  return { ...random, runs: first.runs + random.runs };
}

/** The random runs: fast-check's values for the seed, evaluated at once, the failure shrunk. */
async function randomRuns<T>(arb: fc.Arbitrary<T>, body: (value: T) => Promise<Finding[]>, o: PropertyRun<T>): Promise<PropertyOutcome> {
  const numRuns = randomRunsOf(o.numRuns, o.examples?.length ?? 0);
  const probe = fc.asyncProperty(arb, async () => {});
  let known: Result[] = [];
  let values: [T][] = [];
  let failedAt = -1;
  if (o.path === undefined) {
    values = fc.sample(probe, { seed: o.seed, numRuns }) as unknown as [T][];
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
    numRuns,
    ...(o.path !== undefined ? { path: o.path, endOnFailure: true } : {}),
  });
  if (!details.failed) return { failed: false, runs: details.numRuns };
  const path = details.counterexamplePath ?? '';
  return { failed: true, runs: details.numRuns, findings: failureFindings(details.errorInstance, o.requirementId), path };
}
