// The run's one object in the suite worker, and the one home of every fact a run keeps while it
// goes (the report's limit cap, the vouchers taken, the MUSTs still pending, the client ...). A
// run is its nonce, its deadline and its target: every test reaches the same object, through its
// harness (h.run) or its context. A suite declares each piece of its per-run state once, with
// defineRunState, and reads it through the accessor it gets: never a module-level let or map per
// fact, so one worker serving two runs (the self-test) never mixes them.
import type { SuiteContext } from './context.ts';

/** One run of the suites in this worker. */
export interface RunShared {
  /** `nonce|deadline|baseUrl`: the one key of a run (runKey). */
  readonly key: string;
  /** The context the run was first reached with: its config, deadline and concurrency are the run's. */
  readonly ctx: SuiteContext;
  /** Each declared state's value in this run, made on first use (defineRunState). */
  readonly states: Map<symbol, unknown>;
}

/** What reaches a run: the run object itself, or a harness (anything holding `run`). */
export type RunOf = RunShared | { readonly run: RunShared };

/** Every run this worker has served, by runKey: the registry the accessors read through. */
const runs = new Map<string, RunShared>();

/** The one key of a run. */
export function runKey(ctx: SuiteContext): string {
  return `${ctx.nonce}|${ctx.deadline}|${ctx.config.target.baseUrl}`;
}

/** The run's object (a run is its nonce, its deadline and its target). */
export function runShared(ctx: SuiteContext): RunShared {
  const key = runKey(ctx);
  let run = runs.get(key);
  if (!run) runs.set(key, (run = { key, ctx, states: new Map() }));
  return run;
}

const runOf = (of: RunOf): RunShared => ('states' in of ? of : of.run);

/** A piece of per-run state: `state(h)` is this run's value, made by `init` on first use. */
export interface RunState<T> {
  (of: RunOf): T;
  /** This run's value if it was made, without making it. */
  peek(of: RunOf): T | undefined;
  /** The value in every run of this worker that made it (the worker's signal handlers stop them all). */
  made(): T[];
}

/**
 * Declares a piece of per-run state, once, at module level: `const vouchers = defineRunState('vouchers',
 * () => ({ ... }))`, then `vouchers(h)` in any test. `init` gets the run (its context is `run.ctx`).
 */
export function defineRunState<T>(name: string, init: (run: RunShared) => T): RunState<T> {
  const slot = Symbol(name);
  const peek = (of: RunOf) => runOf(of).states.get(slot) as T | undefined;
  const state = (of: RunOf): T => {
    const run = runOf(of);
    if (!run.states.has(slot)) run.states.set(slot, init(run));
    return run.states.get(slot) as T;
  };
  const made = () => [...runs.values()].filter((r) => r.states.has(slot)).map((r) => r.states.get(slot) as T);
  return Object.assign(state, { peek, made });
}

/** Forgets every run this worker served (their end: runtime/run-client.ts releaseRuns): no accessor reaches them again. */
export function forgetRuns(): void {
  runs.clear();
}
