// The run's reporter when the suite worker dies: the crash names the suite files whose tests had
// started and not ended (as the worker told them, engine/phases/worker-channel.ts), and replaces
// vitest's own error for it ("Worker ... emitted error.", its cause the end the pool heard); any
// other unhandled error stays a run error.
import { describe, expect, it } from 'vitest';
import type { TestCase } from 'vitest/node';
import { CollectorReporter } from '../../../engine/phases/collector.ts';
import { PoolEvent } from '../../../runtime/protocol.ts';

/** A test of the side-by-side block of `file` (runtime/side-by-side.test.ts), as vitest hands it to a reporter. */
function testOf(id: string, file: string): TestCase {
  return {
    id,
    name: `${id} [RP-1]`,
    parent: { type: 'suite', name: file, parent: { type: 'module' } },
    module: { moduleId: '/kit/runtime/side-by-side.test.ts' },
    result: () => ({ state: 'passed', errors: [] }),
    meta: () => ({ suiteFile: file }),
    diagnostic: () => ({ duration: 1 }),
  } as unknown as TestCase;
}

/** Vitest's error for the end the pool heard: its cause is that end (engine/phases/worker-exit.ts). */
const POOL_LINE = { message: '[vitest-pool]: Worker erp-forks emitted error.', cause: new PoolEvent('the suite worker ended (signal SIGKILL)') };

describe('the collector, when the suite worker dies', () => {
  it('records the crash with the files the worker told it was running, whether or not vitest reported those tests yet', () => {
    const c = new CollectorReporter('/kit');
    // Vitest's events for the tests come after the end (a starved host reads all at once): none yet.
    const running = ['suites/report/paging.test.ts', 'suites/report/walk.test.ts'];
    c.workerDied({ code: null, signal: 'SIGABRT', outOfMemory: true, heapLimitMb: 256, running });
    c.onTestCaseResult(testOf('a', 'suites/report/paging.test.ts'));
    expect(c.final().crashes).toEqual([{ cause: 'out-of-memory', heapLimitMb: 256, running, declared: 0 }]);
  });

  it('says a signal or an exit code when V8 did not say it was out of memory', () => {
    const c = new CollectorReporter('/kit');
    c.workerDied({ code: null, signal: 'SIGKILL', outOfMemory: false, heapLimitMb: 256, running: [] });
    c.workerDied({ code: 7, signal: null, outOfMemory: false, heapLimitMb: 256, running: [] });
    expect(c.final().crashes).toEqual([
      { cause: 'signal', signal: 'SIGKILL', running: [], declared: 0 },
      { cause: 'exit', code: 7, running: [], declared: 0 },
    ]);
  });

  it("drops vitest's line for the dead worker, keeps every other unhandled error", () => {
    const c = new CollectorReporter('/kit');
    c.workerDied({ code: null, signal: 'SIGKILL', outOfMemory: false, heapLimitMb: 256, running: [] });
    c.onTestRunEnd([], [POOL_LINE, { message: 'TypeError: boom' }]);
    expect(c.final().errors).toEqual(['unhandled: TypeError: boom']);
  });

  it("keeps vitest's line where no crash was heard (the cause is then unknown, not hidden)", () => {
    const c = new CollectorReporter('/kit');
    c.onTestRunEnd([], [POOL_LINE]);
    expect(c.final()).toMatchObject({ errors: [`unhandled: ${POOL_LINE.message}`] });
    expect(c.final().crashes).toBeUndefined();
  });
});
