// (b) The conformance run's own cost at the default quotas (none): wall time of a full run (100
// runs per property, 8 in flight) against the reference, the median of three rounds (one with
// --quick), against the figure of record in bench/results.json before this bench ran (goal: no
// slower; the ratio is only meaningful on a machine as quiet as the one of that figure: the load
// average is given; the CPU seconds are less sensitive to a busy machine). Also the requests it sent, and the overhead over what the reference alone
// would need for them: overhead = wall time / (requests / reference req/s). Goal: run < 20 s.
//   npx tsx bench/run.ts run [--quick]
import os from 'node:os';
import { fullRun, round } from './full-run.ts';
import type { BenchOptions } from './options.ts';

export async function benchRunOverhead(previous: Record<string, unknown> = {}, o: BenchOptions = { quick: false }): Promise<Record<string, unknown>> {
  const before = previous.run as { wallSeconds?: number; at?: string } | undefined;
  const loadAverage = os.loadavg().map((x) => round(x));
  const rounds = [];
  for (let i = 0; i < (o.quick ? 1 : 3); i++) rounds.push(await fullRun({}, { concurrency: 8 }, 100));
  const r = [...rounds].sort((a, b) => a.seconds - b.seconds)[Math.floor(rounds.length / 2)]!;
  const wallSeconds = r.seconds;
  const reference = previous.reference as { referenceReqPerSec?: number } | undefined;
  const reqPerSec = reference?.referenceReqPerSec;
  const figures: Record<string, unknown> = {
    numRuns: 100,
    verdict: r.verdict,
    wallSeconds,
    roundSeconds: rounds.map((x) => x.seconds),
    // CPU seconds (run, its worker and the reference): what the next comparison on a busy machine can use.
    cpuSeconds: r.cpuSeconds,
    roundCpuSeconds: rounds.map((x) => x.cpuSeconds),
    requests: r.requests,
    requestsPerSecondAchieved: Math.round(r.requests / wallSeconds),
    loadAverage,
    goalSeconds: 20,
    meetsGoal: wallSeconds < 20,
  };
  if (before?.wallSeconds)
    Object.assign(figures, { previous: { wallSeconds: before.wallSeconds, at: before.at }, overPrevious: round(wallSeconds / before.wallSeconds) });
  if (reqPerSec) {
    const serverSeconds = r.requests / reqPerSec;
    Object.assign(figures, {
      referenceReqPerSec: reqPerSec,
      serverSecondsForThoseRequests: round(serverSeconds),
      overhead: round(wallSeconds / serverSeconds, 1),
    });
  }
  console.log(
    `run: ${wallSeconds} s wall, ${r.cpuSeconds} s CPU (rounds ${rounds.map((x) => x.seconds).join(', ')}; load ${loadAverage.join(' ')})${before?.wallSeconds ? `, ${figures.overPrevious}x the previous ${before.wallSeconds} s` : ''}, ${r.requests} requests${reqPerSec ? `, overhead ${figures.overhead}x over the reference's ${reqPerSec} req/s` : ''}`,
  );
  return figures;
}
