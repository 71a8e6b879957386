// A vitest reporter that collects what each conformance test left on its task (task.meta.erp),
// its state and errors, for the certificate. It prints one line per finished suite file.
import path from 'node:path';
import type { Reporter, TestCase, TestModule } from 'vitest/node';
import { requirements } from '../contract/requirements.ts';
import type { Requirement } from '../contract/types.ts';
import type { TestRecord } from '../suites/support/record.ts';

export interface CollectedTest {
  name: string;
  file: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  durationMs: number;
  record?: TestRecord;
  /** Errors the test threw that are not findings (a crash of the suite or the client). */
  errors: string[];
}

export interface Collected {
  tests: CollectedTest[];
  /** Errors outside tests: a suite file that failed to load, an unhandled rejection. */
  errors: string[];
}

export class CollectorReporter implements Reporter {
  readonly collected: Collected = { tests: [], errors: [] };
  private testsTotal = 0;
  private readonly done = new Set<string>();
  private readonly requirementsTotal: number;

  constructor(private readonly root: string, private readonly log: (line: string) => void = () => {}, suites?: Requirement['suite'][]) {
    this.requirementsTotal = requirements.filter((r) => !suites || suites.includes(r.suite)).length;
  }

  /** For the progress line: tests and requirements done of total so far. */
  counts() {
    return { testsDone: this.collected.tests.length, testsTotal: this.testsTotal, requirementsDone: this.done.size, requirementsTotal: this.requirementsTotal };
  }

  onTestModuleCollected(module: TestModule) {
    this.testsTotal += [...module.children.allTests()].length;
  }

  onTestCaseResult(test: TestCase) {
    const result = test.result();
    const record = test.meta().erp;
    const errors = (result.errors ?? [])
      .map((e) => e.message ?? String(e))
      // A test that has findings throws a summary of them; that is not a crash.
      .filter((m) => !(record && record.findings.length > 0 && /^\d+ finding\(s\):/.test(m)));
    for (const id of record?.ids ?? []) this.done.add(id);
    this.collected.tests.push({
      name: test.name,
      file: path.relative(this.root, test.module.moduleId),
      state: result.state,
      durationMs: test.diagnostic()?.duration ?? 0,
      record,
      errors,
    });
  }

  onTestModuleEnd(module: TestModule) {
    for (const e of module.errors()) this.collected.errors.push(`${path.relative(this.root, module.moduleId)}: ${e.message}`);
    const tests = [...module.children.allTests()];
    const failed = tests.filter((t) => t.result().state === 'failed').length;
    const skipped = tests.filter((t) => t.result().state === 'skipped').length;
    const secs = ((module.diagnostic().duration ?? 0) / 1000).toFixed(1);
    this.log(`  ${path.relative(this.root, module.moduleId).padEnd(44)} ${tests.length} tests, ${failed} failed, ${skipped} skipped (${secs}s)`);
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<{ message?: string }>) {
    for (const e of unhandledErrors) this.collected.errors.push(`unhandled: ${e.message ?? String(e)}`);
  }
}
