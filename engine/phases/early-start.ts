// The suite worker starts while the preflight runs: measured 150 ms away at 8 in flight, the
// preflight took ~4 s and the worker ~10 s more (fork, vitest, the suites' modules) before its
// first request, every slot idle meanwhile. Started early, the worker loads the modules during the
// preflight and waits for what the preflight and the plan decide (runtime/late-context.ts, over the channel)
// before it declares its tests. Under known quotas (run.rateLimit, an earlier probe's) it is made
// for the plan they foretell: with every test under way at once where an operation is scarce
// (engine/phases/pass.ts), so the scarce report's worker loads while the preflight waits on its
// quota. It is not used (closed, its reporters having heard nothing) when the run goes no further
// (a preflight problem, an interrupt) or the plan finds otherwise than it was made for.
import { rmSync } from 'node:fs';
import type { Reporter, Vitest } from 'vitest/node';
import type { SuiteContext } from '../../runtime/protocol.ts';
import type { HostChannel } from './worker-channel.ts';

export interface EarlyStart {
  /** The channel to the worker, which waits for the late context on it. */
  channel: HostChannel;
  /** The vitest created and its run started (the run's promise never rejects). */
  vitest: Promise<{ vitest: Vitest; run: Promise<void> }>;
  /** The run goes on with this worker: its reporters hear from now on, the worker gets the late context. */
  use(provide: SuiteContext): Promise<{ vitest: Vitest; run: Promise<void> }>;
  /** Whether the run went on with it (use). */
  used: boolean;
  /** Made for a plan with a scarce operation (every test under way at once), or without. */
  scarce: boolean;
  /** process.exitCode before vitest was created (vitest sets it; the run's exit code is its verdict's). */
  previousExitCode: typeof process.exitCode;
}

/** A reporter that passes nothing on to `reporter` until opened. */
export function gatedReporter(reporter: Reporter): { reporter: Reporter; open(): void } {
  let open = false;
  const gated = new Proxy(reporter, {
    get(target, key, receiver) {
      const v: unknown = Reflect.get(target, key, receiver);
      return typeof v === 'function' ? (...args: unknown[]) => (open ? (v as (...a: unknown[]) => unknown).apply(target, args) : undefined) : v;
    },
  });
  return { reporter: gated, open: () => void (open = true) };
}

/**
 * Closes an early worker the run does not use: it declares no test; within a few seconds whatever
 * it still loads. `allureDir`: removed again (the Allure reporter wrote its first files at start).
 */
export async function discardEarly(early: EarlyStart, allureDir: string | undefined, graceMs = 2000): Promise<void> {
  early.channel.late({ cancelled: true });
  const started = await early.vitest.catch(() => undefined);
  // Its run too: vitest sets process.exitCode when that ends (after the close), so it is restored after both.
  if (started) await Promise.race([Promise.all([started.vitest.close(), started.run]), new Promise((r) => setTimeout(r, graceMs).unref())]);
  if (allureDir) rmSync(allureDir, { recursive: true, force: true });
  process.exitCode = early.previousExitCode;
}
