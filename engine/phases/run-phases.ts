// The phases of a conformance run, in order: the preflight (the target and the fixtures checked;
// the first pass's worker started meanwhile), the plan (said before the suites send; the suites'
// context follows from it), the suites (the functional pass), the load (the rate-limit suite
// alone, so its probe measures the quota without the functional suites spending it) and the
// certificate. Each says why it does not run (engine/phases/phase.ts) and runs on the
// run's one context (engine/phases/context.ts).
import { showQuota } from '../../core/quota.ts';
import { inertForTerminal } from '../../reports/render/console.ts';
import { holdIfSwitched } from '../control/hold-switch.ts';
import { passesOf, replayOf, resumeOf } from '../mode.ts';
import { slotsBusy } from '../progress/slots-busy.ts';
import { writeRun } from './certificate.ts';
import { closeOpened, startProgress, type RunContext } from './context.ts';
import { discardEarly } from './early-start.ts';
import { runPass, startEarly } from './pass.ts';
import { planLines, planRun } from './plan/plan.ts';
import { knownLimits, quotasOf, startPacedAt } from './plan/limits.ts';
import { replayPlan } from './plan/replay-plan.ts';
import { preflight } from './preflight/preflight.ts';
import { harPart } from '../../reports/har/har-part.ts';
import { skipCertificate, skipLoad, skipPlan, skipPreflight, skipSuites, type Phase } from './phase.ts';
import { servedBy, suiteContext } from './suite-context.ts';

/** Resolves as `work`, or with undefined as soon as `signal` aborts. */
export async function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return work;
  if (signal.aborted) return undefined;
  let onAbort = () => {};
  const aborted = new Promise<undefined>((resolve) => signal.addEventListener('abort', (onAbort = () => resolve(undefined)), { once: true }));
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/** The allure-results/ an unused early worker leaves are removed, unless a resume keeps the parts' before. */
const allureToClear = (ctx: RunContext) => (ctx.o.allure !== false && !resumeOf(ctx.mode) ? ctx.io.allureDir : undefined);

/**
 * The first pass's worker starts while the preflight runs (engine/phases/early-start.ts): not for a
 * shard, nor when no functional suite runs. Under known quotas it is made for the plan they
 * foretell (scarceAhead); the plan uses it only where it finds the same (early-start.ts).
 */
export const startsEarly = (ctx: Pick<RunContext, 'mode' | 'o' | 'suites'>): boolean => ctx.mode.kind !== 'shard' && passesOf(ctx.suites).functional.length > 0;

/**
 * The operations the plan would find scarce from the limits known before the preflight (stated,
 * an earlier probe's), with none of the budget spent yet; undefined when none is.
 */
export function scarceAhead(ctx: Pick<RunContext, 'o' | 'numRuns' | 'suites'>, now = Date.now()): string[] | undefined {
  const known = knownLimits(ctx.o.config, { probeFile: ctx.o.limitsFrom ?? ctx.o.out, now });
  if (known.limits.length === 0) return undefined;
  const scarce = planRun(ctx.o.config, ctx.numRuns, quotasOf(known.limits), 0, ctx.suites).scarce;
  return scarce.length ? scarce : undefined;
}

export const preflightPhase: Phase<RunContext> = {
  name: 'preflight',
  skipReason: skipPreflight,
  async run(ctx) {
    const { log, scrub, collector, sink, allureDir } = ctx.io;
    if (startsEarly(ctx)) {
      // Made for the plan the known quotas foretell: every test under way at once where one is scarce (pass.ts).
      const scarce = scarceAhead(ctx);
      const provide = { ...ctx.provide, ...(scarce ? { scarce } : {}) };
      ctx.early = startEarly(passesOf(ctx.suites).functional, ctx.o, provide, collector, ctx.io.progress.heard, sink, allureDir);
    }
    // An interrupt does not wait for the preflight's answers (a target that does not answer).
    // Its exchanges go to the run's HAR (reports/har/har-part.ts), as the suites' do.
    const har = ctx.o.har === false ? undefined : harPart(ctx.o.out, 'preflight');
    const checked = await untilAborted(preflight(ctx.o.config, har && ((ex) => har.entry(ex, { source: 'preflight' }))), ctx.o.signal).finally(() =>
      har?.close(),
    );
    if (checked) ctx.checked = checked;
    for (const p of checked?.problems ?? []) log(scrub(inertForTerminal(`preflight: ${p.key}: ${p.problem}`)));
    // Notes that weaken the run (no read-back, no parallel pool ...) are said on the console too.
    for (const n of checked?.notes ?? []) log(scrub(inertForTerminal(`preflight note: ${n}`)));
  },
};

export const planPhase: Phase<RunContext> = {
  name: 'plan',
  skipReason: skipPlan,
  async run(ctx) {
    const { o, checked, numRuns, early } = ctx;
    // What is known of the target's limits before sending: stated, an earlier probe's, the preflight's.
    const known = knownLimits(o.config, {
      probeFile: o.limitsFrom ?? o.out,
      ...(checked?.learnt ? { learnt: checked.learnt } : {}),
      ...(checked?.met429 ? { met429: checked.met429 } : {}),
      now: Date.now(),
    });
    const plan = planRun(servedBy(o.config, checked), numRuns, quotasOf(known.limits), (Date.now() - ctx.started) / 1000, ctx.suites);
    // A replay sends one input of one property: its plan counts that, not the suites' (replay-plan.ts).
    const replay = replayOf(ctx.mode);
    const replayed = replay ? replayPlan(replay) : undefined;
    const lines = replayed ? replayed.lines : planLines(plan, numRuns, known);
    ctx.provide = suiteContext(ctx.givens, checked, { plan, startPaced: startPacedAt(known.limits) }, ctx.mode);
    for (const line of lines) ctx.io.log(line);
    ctx.planned = {
      plan,
      known: known.limits,
      recorded: replayed
        ? { lines, operations: replayed.operations, requirements: [] }
        : {
            lines,
            operations: plan.operations.map(({ quota, ...op }) => ({ ...op, ...(quota ? { quota: showQuota(quota) } : {}) })),
            requirements: plan.requirements,
          },
    };
    if (!early) return;
    // The early worker was made for a plan with or without scarce operations (its maxConcurrency): used by a run that goes on with such a plan.
    const useEarly = (checked?.problems.length ?? 0) === 0 && !o.signal?.aborted && Boolean(ctx.provide.scarce?.length) === early.scarce ? early : undefined;
    if (useEarly) ctx.useEarly = useEarly;
    else await discardEarly(early, allureToClear(ctx));
    ctx.opened.push(async () => {
      // Not used after all (an interrupt just before its pass): closed like one the plan did not want.
      if (useEarly && !useEarly.used) await discardEarly(useEarly, allureToClear(ctx));
    });
  },
};

export const suitesPhase: Phase<RunContext> = {
  name: 'suites',
  skipReason: skipSuites,
  async run(ctx) {
    startProgress(ctx);
    const { collector, sink, allureDir } = ctx.io;
    ctx.stoppedBy = await runPass(
      passesOf(ctx.suites).functional,
      ctx.o,
      ctx.provide,
      collector,
      ctx.io.progress.heard,
      sink,
      allureDir,
      ctx.deadline,
      ctx.useEarly,
    );
  },
};

export const loadPhase: Phase<RunContext> = {
  name: 'load',
  skipReason: skipLoad,
  async run(ctx) {
    startProgress(ctx);
    await ctx.o.beforeRateLimitPass?.();
    const { collector, sink, allureDir } = ctx.io;
    ctx.stoppedBy = await runPass(passesOf(ctx.suites).load, ctx.o, ctx.provide, collector, ctx.io.progress.heard, sink, allureDir, ctx.deadline);
  },
};

export const certificatePhase: Phase<RunContext> = {
  name: 'certificate',
  skipReason: skipCertificate,
  async run(ctx) {
    await closeOpened(ctx);
    const { o, io } = ctx;
    ctx.slots = slotsBusy(ctx.started, Date.now(), ctx.checked?.inFlightMs ?? 0, ctx.worker);
    if (!ctx.stoppedBy && o.signal?.aborted) ctx.stoppedBy = 'interrupted';
    // The request budget (run.maxRequests) stops the tests inside the worker: they say so.
    ctx.stoppedBy ??= io.collector.collected.tests.map((t) => t.record?.stoppedBy).find((s) => s !== undefined);
    if (o.signal?.aborted) await holdIfSwitched((line) => process.stderr.write(`${line}\n`));
    ctx.result = await writeRun(ctx);
  },
};

/** A run's phases, in order. */
export const RUN_PHASES: readonly Phase<RunContext>[] = [preflightPhase, planPhase, suitesPhase, loadPhase, certificatePhase];
