// What a conformance run is asked to do (RunOptions) and what it hands back (RunResult): the
// options of runConformance (engine/run.ts), read also by the vitest pass (engine/phases/pass.ts),
// which run.ts itself imports; here both read them without importing each other.
import type { KeyObject } from 'node:crypto';
import type { RunConfig } from '../config/schema.ts';
import type { Certification, Invocation } from '../reports/model.ts';
import type { Shard } from '../reports/records/records.ts';
import type { RunFiles } from '../reports/manifest.ts';
import type { ReplayTarget } from '../runtime/protocol.ts';
import type { Resume } from './phases/checkpoint.ts';
import type { FailOn } from '../reports/compare/baseline.ts';
import type { PhaseRecord } from './phases/phase.ts';
import type { ProgressMode } from './progress/progress-line.ts';
import type { SlotsBusy } from './progress/slots-busy.ts';

export interface RunOptions {
  config: RunConfig;
  out: string;
  /** Requirement id prefixes (OS, CU ...) whose suites run; all when absent. */
  only?: string[];
  seed?: number;
  /** The run nonce (default: a new one each run): `--seed` with it replays the same requests. */
  nonce?: string;
  numRuns?: number;
  /** Where progress and the summary go (default: stdout). */
  log?: (line: string) => void;
  /** Suites that need --with-load (rate-limit) run only when true. */
  withLoad?: boolean;
  allure?: boolean;
  /** Called before the rate-limit pass (the embedded reference switches its limiter on here). */
  beforeRateLimitPass?: () => Promise<void> | void;
  /** Runs only this part of the suite files (vitest --shard); the certificate is then partial. */
  shard?: Shard;
  /** Replays one property failure alone. */
  replay?: ReplayTarget;
  /** Aborting ends the run; the certificate is written with verdict "interrupted". */
  signal?: AbortSignal;
  /** The signal that aborted the run (its exit code: 130 SIGINT, 143 SIGTERM). */
  abortedBy?: () => 'SIGINT' | 'SIGTERM' | undefined;
  /** Progress on `progressStream`: a live line on a terminal, plain lines in CI, or none. */
  progress?: ProgressMode;
  progressStream?: NodeJS.WriteStream;
  /** How the run was invoked, for replay lines. */
  invocation?: Invocation;
  /** A probe's rate-limit.json from an earlier run (or a folder holding one) whose limit the plan
   *  and the pacing start from (default: the one in `out`, engine/phases/plan/limits.ts). */
  limitsFrom?: string;
  /** Check the target and the fixtures before the suites (default true). */
  preflight?: boolean;
  /** Go on with a run cut by its budget or interrupted (engine/phases/checkpoint.ts): its tests not ended. */
  resume?: Resume;
  /** Stop once this many MUST requirements failed (engine/control/max-failures.ts). */
  maxFailures?: number;
  /** junit.xml: a failed SHOULD is a <failure>, not a warning. */
  strict?: boolean;
  /** Test-only (no CLI flag): the suites' files and tests start in an order shuffled with this seed (vitest
   *  sequence.shuffle), so a self-test shows that no verdict rests on which test ran first. */
  shuffleSeed?: number;
  /** Test-only (no CLI flag): the suite worker is kept for the next run of this process and adopted by it
   *  (engine/phases/kept-workers.ts): the self-tests' processes make run after run. */
  keepWorker?: boolean;
  /** Vitest's timeout of every conformance test, in ms, in place of each test's own (300 s by default);
   *  the kit stops a test a little before it (runtime/time-limit.ts), "not run", never failed. */
  testTimeLimitMs?: number;
  /** Signs the bundle: attestation.dsse.json, an in-toto statement in a DSSE envelope (reports/bundle/). */
  signKey?: KeyObject;
  /** false: no exchanges.har (`run --har off`). */
  har?: boolean;
  /** `run --baseline PREV --fail-on new|any`: the certificate says what changed since PREV; with `new` only a new MUST failure fails the run. */
  baseline?: { path: string; certification: Certification; failOn: FailOn };
}

export interface RunResult {
  certification: Certification;
  exitCode: number;
  files: RunFiles;
  /** How busy the run kept its slots (engine/progress/slots-busy.ts). */
  slots: SlotsBusy;
  /** The run's phases in order (engine/phases/run-phases.ts): each ran, or says why it did not. */
  phases: PhaseRecord[];
}
