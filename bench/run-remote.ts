// The full run against targets that are not loopback-fast (issue 11):
//  - 100 runs per property against the reference answering at once and with 150 ms per answer
//    (serve --latency): goal ratio <= 1.5 at the same concurrency;
//  - against the reference limiting 100 requests per 10 s on every route (sliding window, with its
//    RateLimit headers): wall time over the floor requests x 10 / 100 (goal <= 1.25), and the share
//    of 429s (goal <= 5%).
// Each run also gives the run's wall time and requests (issue 10: the checks must not double the run).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { defaultProfile } from '../reference/profiles/index.ts';
import { startReference, type ReferenceOptions } from '../reference/server.ts';
import { runConformance } from '../suites/run.ts';

const round = (n: number, d = 2) => Number(n.toFixed(d));

async function fullRun(reference: ReferenceOptions, numRuns: number, concurrency?: number) {
  const server = await startReference({ port: 0, ...reference });
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-remote-'));
  try {
    const base = loadConfig({ base: server.runConfig(), env: {} });
    const config = concurrency ? { ...base, run: { ...base.run, concurrency } } : base;
    const t0 = performance.now();
    const r = await runConformance({ config, out, numRuns, seed: 42, allure: false, log: () => {} });
    const seconds = (performance.now() - t0) / 1000;
    const c = r.certification;
    return { seconds: round(seconds), requests: c.requests, responses429: c.rateLimitedDuringSuites.retries, verdict: c.verdict, pacing: c.pacing };
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}

export async function benchRunRemote(): Promise<Record<string, unknown>> {
  const near = await fullRun({}, 100);
  console.log(`run, 0 ms: ${near.seconds} s, ${near.requests} requests, ${near.verdict}`);
  const far = await fullRun({ latencyMs: 150 }, 100);
  console.log(`run, 150 ms per answer: ${far.seconds} s, ${far.requests} requests, ${far.verdict}`);
  // The floor the issue names: requests x RTT / concurrency. At 8 in flight it is far above 1.5x the
  // loopback run, so the bench also gives the run over its floor, and the run at 32 in flight.
  const farFloor = (far.requests * 0.15) / 8;
  const wide = await fullRun({ latencyMs: 150 }, 100, 32);
  const wideFloor = (wide.requests * 0.15) / 32;
  console.log(`run, 150 ms per answer, 32 in flight: ${wide.seconds} s (floor ${round(wideFloor)} s)`);
  // 100 per 10 s on every route: the profile of the default vendor with its limiter on everywhere.
  const everyRoute = { ...defaultProfile, rateLimit: { ...defaultProfile.rateLimit, everyRoute: true } };
  const limited = await fullRun({ profile: everyRoute, rateLimit: { limit: 100, windowSeconds: 10, algorithm: 'sliding', scope: 'token' } }, 25);
  const floor = (limited.requests * 10) / 100;
  console.log(`run, 100 per 10 s: ${limited.seconds} s for ${limited.requests} requests (floor ${floor} s), ${limited.responses429} 429s`);
  return {
    concurrency: 8,
    latency0: near,
    latency150: far,
    latencyRatio: round(far.seconds / near.seconds),
    latencyGoal: 1.5,
    latency150Floor: { seconds: round(farFloor), overFloor: round(far.seconds / farFloor) },
    latency150Concurrency32: { ...wide, floorSeconds: round(wideFloor), overFloor: round(wide.seconds / wideFloor), ratioToLatency0: round(wide.seconds / near.seconds) },
    rateLimited: { ...limited, numRuns: 25, floorSeconds: round(floor), overFloor: round(limited.seconds / floor), share429: round(limited.responses429 / limited.requests, 4) },
    rateLimitedGoals: { overFloor: 1.25, share429: 0.05 },
  };
}
