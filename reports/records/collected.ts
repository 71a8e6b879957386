// What a run collected of its tests, for the certificate: each test's state, record and errors,
// the errors outside tests, and how the suite worker died if it did (the host's reporter,
// engine/phases/collector.ts, fills it in).
import type { TestRecord } from '../../core/record.ts';

export interface CollectedTest {
  name: string;
  file: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  durationMs: number;
  record?: TestRecord;
  /** The requirement ids it declared (task meta), for a test that left no record (a record holds them). */
  declared?: string[];
  /** Its declared test id, for a test that left no record (the plan's "not run" list is keyed by it). */
  declaredTestId?: string;
  /** Errors the test threw that are not findings (a crash of the suite or the client). */
  errors: string[];
  /** The part of a resumed run that ran it (reports/records/parts.ts); absent: the first. */
  part?: number;
}

/**
 * The suite worker died under the run (engine/phases/worker-exit.ts heard it end unasked): how,
 * and the suite files whose tests it was running. The certificate says it in words (reports/crash.ts).
 */
export interface WorkerCrash {
  /** 'out-of-memory': V8 said its heap reached the cap; else the signal, else the exit code. */
  cause: 'out-of-memory' | 'signal' | 'exit';
  signal?: string;
  code?: number;
  /** The worker's heap cap (--max-old-space-size), for an out-of-memory crash. */
  heapLimitMb?: number;
  /** Suite files with a test started and not ended when it died, as far as the run had heard. */
  running: string[];
  /** Tests the worker had declared when it died (0: it died loading the suites). */
  declared?: number;
}

export interface Collected {
  tests: CollectedTest[];
  /** Errors outside tests: a suite file that failed to load, an unhandled rejection. */
  errors: string[];
  /** The suite worker died (absent: it never did). */
  crashes?: WorkerCrash[];
}
