// (a) The full run under quotas per operation (issue 16), against the reference with reports at
// 5 per 6 s and single reads at 4 per 6 s (writes free, 429 stating the wait only in its message:
// `serve --quota report=5/6s,readBack=4/6s`), the quotas stated in the config (run.rateLimit):
//  - part `budgeted`, a run budget of 360 s (run.maxDurationSeconds): the verdict, MUSTs verified
//    / total, the wall time of the whole run (its certificate written: the budget holds it,
//    engine/control/budget.ts, so no tail is allowed), the requests per operation (goal: certified,
//    every MUST verified in 360 s);
//  - part `unbudgeted`, no budget to speak of (run.maxDurationSeconds 7200): the wall time over
//    the floor that the same run's own plan printed before sending ("expected >= N s in all";
//    goal <= 1.25x).
// `--quick` scales the windows and the budget down 6x (5/1s, 4/1s, 60 s): the same shape in a sixth
// of the time, not the figure of the issue. The parts take about 6 and 25 minutes, wait-bound:
// they can run side by side in two processes (`--part budgeted`, `--part unbudgeted`); each
// keeps the other's figures in bench/results.json.
//   npx tsx bench/run.ts quotas [--quick] [--part budgeted|unbudgeted]
import { fullRun, round } from './full-run.ts';
import type { BenchOptions } from './options.ts';

export async function benchRunQuotas(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const quotas = o.quick ? { report: '5/1s', readBack: '4/1s' } : { report: '5/6s', readBack: '4/6s' };
  const budget = o.quick ? 60 : 360;
  const noBudget = o.quick ? 1200 : 7200;
  const numRuns = 100;
  const wants = (part: string) => !o.parts || o.parts.includes(part);
  const out: Record<string, unknown> = {
    quotas,
    numRuns,
    budgetSeconds: budget,
    goals: { budgeted: `certified, every MUST verified within ${budget} s (the certificate written)`, unbudgetedOverFloor: 1.25 },
  };
  if (wants('budgeted')) {
    const b = await fullRun({ quotas }, { maxDurationSeconds: budget, rateLimit: quotas }, numRuns);
    console.log(
      `quotas ${JSON.stringify(quotas)} stated, ${budget} s budget: ${b.verdict}, MUSTs verified ${b.mustsVerified}, ${b.seconds} s, ${b.requests} requests ${JSON.stringify(b.requestsPerOperation)}`,
    );
    out.budgeted = { ...b, meetsGoal: b.verdict === 'certified' && b.everyMustVerified && b.seconds <= budget };
  }
  if (wants('unbudgeted')) {
    const u = await fullRun({ quotas }, { maxDurationSeconds: noBudget, rateLimit: quotas }, numRuns);
    // The floor this very run stated before sending (its plan lines), not one computed here.
    const overFloor = u.planFloorSeconds > 0 ? round(u.seconds / u.planFloorSeconds) : null;
    console.log(
      `quotas stated, no budget (${noBudget} s): ${u.verdict}, MUSTs verified ${u.mustsVerified}, ${u.seconds} s for a plan floor of ${u.planFloorSeconds} s (${overFloor}x), ${u.requests} requests ${JSON.stringify(u.requestsPerOperation)}`,
    );
    out.unbudgeted = { ...u, maxDurationSeconds: noBudget, overFloor, meetsGoal: overFloor !== null && overFloor <= 1.25 };
  }
  return out;
}
