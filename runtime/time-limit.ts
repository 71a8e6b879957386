// A conformance test's time limit is the kit's, never the target's failure. Vitest's timeout for
// the test is the outer bound; the kit's own limit, a little shorter, ends the test itself first:
// its waiting and later requests are not sent (the scheduler refuses its flow's requests, reason
// 'time-limit'), and it ends "not run" with the reason in its record. Should vitest's timeout come
// all the same (a body that never yields), its error carries the declared mark KIT_LIMIT and the
// record says the same, so the host takes it for the kit's stop, not a crash. What the target
// answered before the limit keeps its findings: those still fail their requirements.
import { KIT_LIMIT } from './protocol.ts';
import { reasonSays } from '../core/words/reasons.ts';
import { RunStopped } from './stopped.ts';

/** A test's time limit when neither it nor the run names one. */
export const DEFAULT_TEST_TIMEOUT_MS = 300_000;

/** The kit's own limit for a test whose vitest timeout is `timeoutMs`: a tenth sooner, between 1 s and 15 s sooner (never below half). */
export function ownLimitMs(timeoutMs: number): number {
  const margin = Math.min(15_000, Math.max(1_000, timeoutMs / 10));
  return Math.max(Math.floor(timeoutMs / 2), Math.floor(timeoutMs - margin));
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Why a test the kit's own limit stopped did not verify its requirements. */
export const ownLimitReason = (ms: number) => reasonSays('ownTimeLimit', { seconds: seconds(ms) });

/** The same, where vitest's timeout for the test (or one of its hooks) came before the kit's own limit. */
export const vitestLimitReason = (ms: number) => reasonSays('vitestTimeLimit', { seconds: seconds(ms) });

export interface TimeLimit {
  /** The kit's own limit, in ms from the start. */
  readonly ms: number;
  /** Aborted at the limit (its reason the sentence): the test's flow stops sending (client/scheduler/slots.ts). */
  readonly signal: AbortSignal;
  /** `p`, or a RunStopped('time-limit') once the limit is reached first. */
  within<T>(p: Promise<T>): Promise<T>;
  clear(): void;
}

/**
 * Starts a test's limits: the kit's own at `ownMs` (started first thing in the test's function,
 * as vitest starts its timeout: on a busy worker the rest of the function may run a second
 * later), and a watch on the test's signal for vitest's timeout (`vitestMs`), which marks vitest's
 * error (KIT_LIMIT) as it is raised. `stopped` is told the reason once, synchronously, before
 * vitest reports the test (the record goes with the report).
 */
export function startTimeLimit(ownMs: number, vitestMs: number, testSignal: AbortSignal, stopped: (reason: string) => void): TimeLimit {
  const own = new AbortController();
  const stop = (reason: string) => {
    if (own.signal.aborted) return;
    stopped(reason);
    own.abort(reason);
  };
  const timer = setTimeout(() => stop(ownLimitReason(ownMs)), ownMs);
  timer.unref();
  const onAbort = () => {
    const why = testSignal.reason as { name?: unknown } | undefined;
    // A cancelled run is the run's stop (runtime/worker-signals.ts); any other abort is vitest's timeout of the test or a hook.
    if (!why || typeof why !== 'object' || why.name === 'TestRunAbortError') return;
    (why as Record<string, unknown>)[KIT_LIMIT] = 'time-limit';
    stop(vitestLimitReason(vitestMs));
  };
  testSignal.addEventListener('abort', onAbort, { once: true });
  const reached = new Promise<never>((_, reject) => {
    own.signal.addEventListener('abort', () => reject(new RunStopped('time-limit', String(own.signal.reason))), { once: true });
  });
  reached.catch(() => {}); // raised through `within` only
  return {
    ms: ownMs,
    signal: own.signal,
    within: (p) => Promise.race([p, reached]),
    clear: () => {
      clearTimeout(timer);
      testSignal.removeEventListener('abort', onAbort);
    },
  };
}
