// Declaring a conformance test: `verifies(testId, ids, sentence, body)` as a vitest test of the
// suite worker. Before the body: the MUSTs-first wait where the plan found the suite's operation
// scarce, the plan's "not planned", the run budget, Allure's labels; around it, the test's flow,
// its stop when the run stops and at its own time limit (runtime/time-limit.ts: "not run", never
// failed); after it, the findings as the test's failure (JUnit, Allure).
import path from 'node:path';
import * as allure from 'allure-js-commons';
import { it, type TestContext } from 'vitest';
import { requirement, suiteOf } from '../contract/requirements.ts';
import type { Finding } from '../core/types.ts';
import { allureLabels, allureLinks, findingAttachments } from '../reports/render/allure-labels.ts';
import { findingText } from '../reports/render/finding.ts';
import { scrubber } from '../reports/scrub.ts';
import { testTitle } from '../reports/model.ts';
import { inFlow } from '../client/scheduler.ts';
import { raisedFor } from './voucher-lease.ts';
import { Harness } from './harness.ts';
import { runClient, stopRun } from './run-client.ts';
import { suiteContext, type SuiteContext } from './context.ts';
import { runShared } from './run-state.ts';
import { afterMusts, declareTest, mustsFirstIn, testEnded } from './must-first.ts';
import { flushProgress } from './progress.ts';
import { harFlush } from './har-log.ts';
import { RunStopped } from './stopped.ts';
import { DEFAULT_TEST_TIMEOUT_MS, ownLimitMs, startTimeLimit } from './time-limit.ts';
import { stopWhenRunCancelled } from './worker-signals.ts';
import { workerFault } from './worker-fault.ts';
import { tellTest } from './channel.ts';
import { FINDINGS_ERROR } from './protocol.ts';
import { reasonSays } from '../core/words/reasons.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/** allure-vitest's setup (loaded by `run` unless --no-allure) installs its runtime; without it Allure calls only warn. */
const allureOn = () => typeof (globalThis as { allureTestRuntime?: unknown }).allureTestRuntime === 'function';

async function allureEvidence(ctx: SuiteContext, findings: Finding[]) {
  if (!allureOn()) return;
  const scrub = scrubber([ctx.config.target.token, ctx.config.target.secondToken]);
  for (const a of findingAttachments(findings)) await allure.attachment(a.name, scrub(a.content), { contentType: a.contentType });
}

export interface VerifiesOptions {
  timeoutMs?: number;
  /** Runs in declaration order, after the tests declared before it (stateful: vouchers it changes). */
  sequential?: boolean;
}

/**
 * Declares a conformance test: `verifies('lifecycle/OS-3', ['OS-3'], 'Delivered is refused ...', async (h) => ...)`.
 * The test id is stable (titles change; the plan's cost table and its "not planned" list key
 * tests by it): `<file stem>/<requirement ids joined by +>`, and `/<variant>` where one file has
 * several tests of the same ids. Test names are sentences; the requirement ids must be in the
 * catalogue, all of one suite. Tests run concurrently unless `sequential`.
 */
export function verifies(
  testId: string,
  ids: string[],
  name: string,
  body: (h: Harness, t: TestContext) => Promise<void>,
  options: VerifiesOptions | number = {},
) {
  const o = typeof options === 'number' ? { timeoutMs: options } : options;
  // Unknown ids, or ids of several suites, fail at collection; the suite is the catalogue's.
  const suite = suiteOf(ids);
  const ctx = suiteContext();
  // The title shows the ids (rendered from the declaration); readers take them from the meta.
  const title = testTitle(name, ids);
  // it.sequential: sequential also inside a concurrent block (side-by-side files).
  const declare = o.sequential ? it.sequential : it.concurrent;
  const verifiesMust = ids.some((id) => requirement(id).level === 'MUST');
  // MUSTs first where the plan found the suite's operation scarce (runtime/must-first.ts).
  if (mustsFirstIn(ctx, suite)) declareTest(runShared(ctx), suite, ids);
  // Where a quota is scarce, or stated at all, a test may wait for it (and for the MUSTs) longer
  // than its own limit: it then has until the run budget ends (the run stops it there), never
  // "failed" by a timeout (measured: reports at 5/6s without a budget, a report test waits ~10 min).
  // A run that names a limit for every test (RunOptions.testTimeLimitMs) gives each that one.
  const own = o.timeoutMs ?? DEFAULT_TEST_TIMEOUT_MS;
  const timeout = ctx.testTimeLimitMs ?? (ctx.scarce || ctx.config.run.rateLimit ? Math.max(own, ctx.deadline - Date.now() + 30_000) : own);
  declare(title, { timeout, meta: { declared: { testId, ids } } }, async (t) => {
    const where = { file: t.task.meta.suiteFile ?? path.relative(ROOT, t.task.file.filepath), test: t.task.name, id: testId };
    // The suite of a scarce operation runs its properties as the plan sized them (engine/phases/plan/plan.ts).
    const runs = ctx.runsBySuite?.[suite];
    const h = new Harness(runs === undefined ? ctx : { ...ctx, numRuns: runs }, runClient(ctx), ids, where);
    t.task.meta.erp = h.record;
    // The kit's own limit, started before the function first waits (vitest's timeout runs from its
    // start), ends a little before vitest's; the record says so before vitest reports the test.
    const limit = startTimeLimit(ownLimitMs(timeout), timeout, t.signal, (reason) => {
      h.record.notRun = reason;
      h.record.timeLimitMs = ownLimitMs(timeout);
    });
    // The run hears which suite files run from the worker itself: a worker that dies is said to die under them.
    const ended = tellTest(t.task.id, where.file);
    // One flow per test: a test that sends one request after another gets the next free slot; its
    // requests are not sent once its time limit is reached (nor those of the flows inside it); a
    // MUST's requests go before the others' where a pace makes them wait (client/scheduler/must-first.ts).
    try {
      await workerFault(where.file); // the kit's own crash tests only (runtime/worker-fault.ts)
      // Raised above the MUSTs while a MUST's test waits for a voucher this test holds (runtime/voucher-lease.ts).
      const raised = () => raisedFor(h, h);
      await limit.within(inFlow(`${where.file} ${where.test}`, () => run(h, t), { stop: limit.signal, must: verifiesMust, raised }));
    } catch (e) {
      if (!(e instanceof RunStopped)) throw e;
      h.record.notRun = e.message;
      if (e.reason === 'time-limit') h.record.timeLimitMs = limit.ms;
      else if (e.reason !== 'breaker') h.record.stoppedBy = e.reason;
      h.finish();
      // What the target answered before the stop still fails its requirements (and the test, in JUnit and Allure).
      failOnFindings(h);
      t.skip(e.message);
    } finally {
      limit.clear();
      harFlush(h);
      ended();
    }
  });

  /** The test once it has its harness: the MUSTs-first wait, the plan's and the budget's "not run", the body, its findings. */
  async function run(h: Harness, t: TestContext) {
    if (mustsFirstIn(ctx, suite)) {
      t.onTestFinished(() => testEnded(runShared(ctx), suite, ids));
      await afterMusts(runShared(ctx), suite, ids, ctx.deadline);
    }
    stopWhenRunCancelled(t.signal, (reason) => stopRun(h, reason));
    // A test the plan could not give its requests (engine/phases/plan/requirements.ts) sends none.
    const unplanned = ctx.notPlanned?.[testId];
    if (unplanned || Date.now() >= ctx.deadline) {
      h.record.notRun = unplanned ?? reasonSays('budgetSpentBeforeTest');
      h.finish();
      t.skip(h.record.notRun);
    }
    if (allureOn()) {
      await allure.labels(...allureLabels(ids));
      await allure.links(...allureLinks(ids));
    }
    await body(h, t);
    h.finish();
    flushProgress(h);
    await allureEvidence(ctx, h.record.findings);
    failOnFindings(h);
  }
}

/** Throws the test's findings (MUST and SHOULD) as its failure, when it has any. */
function failOnFindings(h: Harness): void {
  const failing = h.record.findings.filter((f) => requirement(f.requirementId).level !== 'INFO');
  if (failing.length === 0) return;
  const lines = failing
    .slice(0, 5)
    .map(
      (f) =>
        `${f.requirementId} ${f.title}\n  ${findingText(f).replace(/\n/g, '\n  ')}${f.replay?.path !== undefined ? `\n  replay: seed ${f.replay.seed}, path "${f.replay.path}"` : ''}`,
    );
  const e = new Error(`${failing.length} finding(s):\n${lines.join('\n')}`);
  e.name = FINDINGS_ERROR; // Allure: findings make a test "failed" (the target), a crash "broken" (the suite)
  throw e;
}
