// (d) The full run 150 ms away (every answer of the reference delayed 150 ms: serve --latency 150)
// at the default 8 in flight: wall time over the floor requests x RTT / concurrency (goal <= 1.25x).
// The median of three rounds (one with --quick): a busy machine slows a round. Each round also runs
// the same at loopback: on a machine busy enough to make the run CPU-bound, (far - near) / floor
// is what the 150 ms themselves cost over their floor (an indicator, not the goal's figure).
// Where the slots were idle: the mean of requests in flight over the run (8 at best) and the
// seconds before the suites' first request (the preflight and the worker's start, overlapped).
//   npx tsx bench/run.ts rtt [--quick]
import os from 'node:os';
import { fullRun, round, type RunFigures } from './full-run.ts';
import type { BenchOptions } from './options.ts';

const RTT_MS = 150;
const CONCURRENCY = 8;

export async function benchRunRtt(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const numRuns = o.quick ? 20 : 100;
  const rounds: (RunFigures & { floorSeconds: number; overFloor: number; loopbackSeconds: number; latencyOnlyOverFloor: number })[] = [];
  for (let i = 0; i < (o.quick ? 1 : 3); i++) {
    const near = await fullRun({}, { concurrency: CONCURRENCY }, numRuns);
    const r = await fullRun({ latencyMs: RTT_MS }, { concurrency: CONCURRENCY }, numRuns);
    const floorSeconds = (r.requests * RTT_MS) / 1000 / CONCURRENCY;
    const latencyOnlyOverFloor = round((r.seconds - near.seconds) / floorSeconds);
    rounds.push({ ...r, floorSeconds: round(floorSeconds), overFloor: round(r.seconds / floorSeconds), loopbackSeconds: near.seconds, latencyOnlyOverFloor });
    console.log(
      `${RTT_MS} ms per answer, ${CONCURRENCY} in flight: ${r.seconds} s for ${r.requests} requests (floor ${round(floorSeconds)} s, ${round(r.seconds / floorSeconds)}x; at loopback ${near.seconds} s, (far - near) / floor ${latencyOnlyOverFloor}; ${r.meanInFlight} in flight on average, the suites' first request at ${r.firstSuiteRequestSeconds} s), ${r.verdict}`,
    );
  }
  const median = [...rounds].sort((a, b) => a.overFloor - b.overFloor)[Math.floor(rounds.length / 2)]!;
  return {
    rttMs: RTT_MS,
    concurrency: CONCURRENCY,
    numRuns,
    ...median,
    roundOverFloor: rounds.map((r) => r.overFloor),
    roundLatencyOnlyOverFloor: rounds.map((r) => r.latencyOnlyOverFloor),
    roundMeanInFlight: rounds.map((r) => r.meanInFlight),
    roundFirstSuiteRequestSeconds: rounds.map((r) => r.firstSuiteRequestSeconds),
    loadAverage: os.loadavg().map((x) => round(x)),
    goal: 1.25,
    meetsGoal: median.overFloor <= 1.25,
  };
}
