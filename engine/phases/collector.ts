// A vitest reporter on the host that collects what each conformance test left on its task
// (task.meta.erp), its state and errors, for the certificate (reports/records/collected.ts). It
// prints one line per finished suite file.
import path from 'node:path';
import type { Reporter, TestCase, TestModule, TestSuite } from 'vitest/node';
import { requirements } from '../../contract/requirements.ts';
import type { Requirement } from '../../core/types.ts';
import type { Collected, CollectedTest, WorkerCrash } from '../../reports/records/collected.ts';
import { FINDINGS_ERROR, fromPool, isKitLimit, SUITE_FILE } from '../../runtime/protocol.ts';

export type { Collected, CollectedTest, WorkerCrash };

/** How a worker ended, as engine/phases/worker-exit.ts heard it. */
export interface WorkerEnd {
  code: number | null;
  signal: string | null;
  outOfMemory: boolean;
  heapLimitMb: number;
  /** The suite files of the tests it was running, as the worker told them (engine/phases/worker-channel.ts). */
  running: string[];
}

/** The suite file of a test: the one its side-by-side block declares (runtime/side-by-side.test.ts), else its module. */
function fileOf(test: TestCase, root: string): string {
  return test.meta().suiteFile ?? path.relative(root, test.module.moduleId);
}

/** The suite file a side-by-side block loads: declared on it (a block inside it inherits the same). */
function blockFile(suite: TestSuite): string | undefined {
  const file = suite.meta().suiteFile;
  return file && suite.parent.meta().suiteFile !== file ? file : undefined;
}

/** The ids a test declared, and its test id, when it declared any (runtime/verifies.ts). */
function declaredIds(test: TestCase): Pick<CollectedTest, 'declared' | 'declaredTestId'> {
  const d = test.meta().declared;
  return d?.ids ? { declared: d.ids, ...(d.testId ? { declaredTestId: d.testId } : {}) } : {};
}

function summaryLine(file: string, tests: TestCase[], ms: number): string {
  const failed = tests.filter((t) => t.result().state === 'failed').length;
  const skipped = tests.filter((t) => t.result().state === 'skipped').length;
  return `  ${file.padEnd(44)} ${tests.length} tests, ${failed} failed, ${skipped} skipped (${(ms / 1000).toFixed(1)}s)`;
}

export class CollectorReporter implements Reporter {
  readonly collected: Collected = { tests: [], errors: [] };
  private testsTotal = 0;
  private readonly planned: TestCase[] = [];
  private readonly reportedIds: string[] = [];
  private readonly done = new Set<string>();
  private readonly requirementsTotal: number;

  constructor(
    private readonly root: string,
    private readonly log: (line: string) => void = () => {},
    suites?: Requirement['suite'][],
  ) {
    this.requirementsTotal = requirements.filter((r) => !suites || suites.includes(r.suite)).length;
  }

  /** For the progress line: tests and requirements done of total so far. */
  counts() {
    return { testsDone: this.collected.tests.length, testsTotal: this.testsTotal, requirementsDone: this.done.size, requirementsTotal: this.requirementsTotal };
  }

  onTestModuleCollected(module: TestModule) {
    const tests = [...module.children.allTests()];
    this.testsTotal += tests.length;
    for (const t of tests) this.planned.push(t);
  }

  /** Every collected test, those that never reported a result included (the run stopped while they ran or waited). */
  final(): Collected {
    const reported = new Set(this.reportedIds);
    const unreported: CollectedTest[] = this.planned
      .filter((t) => !reported.has(t.id))
      .map((t) => ({ name: t.name, file: fileOf(t, this.root), state: 'pending' as const, durationMs: 0, ...declaredIds(t), errors: [] }));
    return { ...this.collected, tests: [...this.collected.tests, ...unreported] };
  }

  /** The suite worker died: how, and the files of the tests it was running. */
  workerDied(end: WorkerEnd) {
    const cause = end.outOfMemory ? 'out-of-memory' : end.signal ? 'signal' : 'exit';
    const crash: WorkerCrash = {
      cause,
      ...(end.signal && cause === 'signal' ? { signal: end.signal } : {}),
      ...(end.code !== null && cause === 'exit' ? { code: end.code } : {}),
      ...(cause === 'out-of-memory' ? { heapLimitMb: end.heapLimitMb } : {}),
      running: end.running,
      declared: this.testsTotal,
    };
    (this.collected.crashes ??= []).push(crash);
  }

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    const record = test.meta().erp;
    const errors = (result.errors ?? [])
      // A test that has findings throws a summary of them (runtime/verifies.ts, by its name); that is not a crash.
      .filter((e) => !(record && record.findings.length > 0 && e.name === FINDINGS_ERROR))
      // Nor is vitest's timeout of a test the kit marked as its own time limit (runtime/time-limit.ts): the record says "not run".
      .filter((e) => !isKitLimit(e))
      .map((e) => e.message ?? String(e));
    for (const id of record?.ids ?? []) this.done.add(id);
    this.reportedIds.push(test.id);
    this.collected.tests.push({
      name: test.name,
      file: fileOf(test, this.root),
      state: result.state,
      durationMs: test.diagnostic()?.duration ?? 0,
      record,
      ...(record ? {} : declaredIds(test)),
      errors,
    });
  }

  private readonly fileStarted = new Map<string, number>();
  private readonly fileEnded = new Set<string>();

  onTestSuiteReady(suite: TestSuite) {
    const file = blockFile(suite);
    if (file) this.fileStarted.set(file, Date.now());
  }

  /** A side-by-side suite file ended: its line. */
  onTestSuiteResult(suite: TestSuite) {
    // A cancelled run reports its suites again: one line each.
    const file = blockFile(suite);
    if (!file || this.fileEnded.has(file)) return;
    this.fileEnded.add(file);
    for (const e of suite.errors()) this.collected.errors.push(`${file}: ${e.message}`);
    this.log(summaryLine(file, [...suite.children.allTests()], Date.now() - (this.fileStarted.get(file) ?? Date.now())));
  }

  onTestModuleEnd(module: TestModule) {
    const file = path.relative(this.root, module.moduleId);
    for (const e of module.errors()) this.collected.errors.push(`${file}: ${e.message}`);
    // The side-by-side module has had a line per suite file.
    if (SUITE_FILE.test(file)) this.log(summaryLine(file, [...module.children.allTests()], module.diagnostic().duration ?? 0));
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string; cause?: unknown }>) {
    for (const e of unhandledErrors) {
      // A worker that died is named by its crash (its cause, what it ran), not by vitest's error for
      // it (known by its cause: the end the pool heard, runtime/protocol.ts PoolEvent).
      if (this.collected.crashes?.length && fromPool(e)) continue;
      this.collected.errors.push(`unhandled: ${e.message ?? String(e)}`);
    }
  }
}
