// The full run against targets that are not loopback-fast (issue 11): 100 runs per property
// against the reference answering at once and with 150 ms per answer (serve --latency): goal ratio
// <= 1.5 at the same concurrency. The run at loopback is bound by CPU (about 900 requests a
// second); keeping that pace 150 ms away takes 900 x 0.15 = about 135 requests in flight (Little's
// law), so the ratio is measured at 128 in flight on both sides. The run at the default 8 in
// flight is given against its floor by bench/run-rtt.ts, the sliding 100 per 10 s on every route
// by bench/run-sliding.ts.
//   npx tsx bench/run.ts remote [--quick]
import { fullRun, round, type RunFigures } from './full-run.ts';
import type { BenchOptions } from './options.ts';

export async function benchRunRemote(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const WIDE = 128;
  const numRuns = o.quick ? 20 : 100;
  // Paired rounds (near then far), the median of three: a busy machine slows both sides of a round.
  const rounds: { near: RunFigures; far: RunFigures; ratio: number }[] = [];
  for (let i = 0; i < (o.quick ? 1 : 3); i++) {
    const n = await fullRun({}, { concurrency: WIDE }, numRuns);
    const f = await fullRun({ latencyMs: 150 }, { concurrency: WIDE }, numRuns);
    rounds.push({ near: n, far: f, ratio: round(f.seconds / n.seconds) });
    console.log(
      `run, ${WIDE} in flight: 0 ms ${n.seconds} s, 150 ms per answer ${f.seconds} s (ratio ${round(f.seconds / n.seconds)}), ${f.requests} requests, ${f.verdict}`,
    );
  }
  const { near, far } = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)]!;
  const farFloor = (far.requests * 0.15) / WIDE;
  return {
    concurrency: WIDE,
    numRuns,
    latency0: near,
    latency150: far,
    latencyRatio: round(far.seconds / near.seconds),
    latencyGoal: 1.5,
    roundRatios: rounds.map((r) => r.ratio),
    latency150Floor: { seconds: round(farFloor), overFloor: round(far.seconds / farFloor) },
  };
}
