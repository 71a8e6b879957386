// MUSTs first where requests are scarce: in a suite whose operation the plan found scarce (its
// quota cannot serve every test within the budget, engine/phases/plan/plan.ts), a test that
// verifies no MUST starts only once every test of that suite verifying a MUST has ended. The
// scarce quota goes to the MUSTs; what SHOULD and INFO tests cannot get before the budget ends is
// "not run" with the run's reason, never a MUST.
import { requirement } from '../contract/requirements.ts';
import type { SuiteContext } from './context.ts';
import { defineRunState, type RunShared } from './run-state.ts';

/** Tests of each suite that verify a MUST and have not ended, in this run. */
const mustsPending = defineRunState('musts-pending', () => new Map<string, { left: number; done: Promise<void>; resolve: () => void }>());

const verifiesMust = (ids: string[]) => ids.some((id) => requirement(id).level === 'MUST');

/** Does this run order the tests of `suite` MUSTs first? */
export function mustsFirstIn(ctx: SuiteContext, suite: string): boolean {
  return ctx.mustsFirst?.includes(suite) ?? false;
}

function pending(run: RunShared, suite: string) {
  const pendingBySuite = mustsPending(run);
  let p = pendingBySuite.get(suite);
  if (!p) {
    let resolve = () => {};
    const done = new Promise<void>((r) => (resolve = r));
    pendingBySuite.set(suite, (p = { left: 0, done, resolve }));
  }
  return p;
}

/** At declaration: a test of `suite` verifying a MUST is one more to wait for. */
export function declareTest(run: RunShared, suite: string, ids: string[]): void {
  if (verifiesMust(ids)) pending(run, suite).left++;
}

/** A test verifying a MUST ended (passed, failed, skipped or stopped). */
export function testEnded(run: RunShared, suite: string, ids: string[]): void {
  if (!verifiesMust(ids)) return;
  const p = pending(run, suite);
  if (--p.left <= 0) p.resolve();
}

/** Before a test verifying no MUST sends: waits for the MUST tests of its suite (at most until `deadline`). */
export async function afterMusts(run: RunShared, suite: string, ids: string[], deadline: number): Promise<void> {
  if (verifiesMust(ids)) return;
  const p = pending(run, suite);
  if (p.left <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, Math.max(0, deadline - Date.now())).unref()));
  await Promise.race([p.done, late]);
  clearTimeout(timer);
}
