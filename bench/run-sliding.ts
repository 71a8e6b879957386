// (c) The full run against a sliding limit of 100 requests per 10 s on every route, stated in the
// answers' RateLimit-Policy / RateLimit headers (the default vendor with its limiter on every
// route), at the default 8 in flight: the share of the run's requests answered 429 (goal <= 5%),
// and the wall time over its floor, requests x 10 s / 100.
//   npx tsx bench/run.ts sliding [--quick]
import { defaultProfile } from '../reference/profiles/index.ts';
import { fullRun, round } from './full-run.ts';
import type { BenchOptions } from './options.ts';

export async function benchRunSliding(_previous: Record<string, unknown>, o: BenchOptions): Promise<Record<string, unknown>> {
  const numRuns = o.quick ? 5 : 25;
  const everyRoute = { ...defaultProfile, rateLimit: { ...defaultProfile.rateLimit, everyRoute: true } };
  const r = await fullRun(
    { profile: everyRoute, rateLimit: { limit: 100, windowSeconds: 10, algorithm: 'sliding', scope: 'token' } },
    { concurrency: 8 },
    numRuns,
  );
  const share429 = round(r.responses429 / r.requests, 4);
  const floorSeconds = round((r.requests * 10) / 100);
  console.log(
    `sliding 100 per 10 s on every route, 8 in flight: ${r.responses429} 429s of ${r.requests} requests (${round(share429 * 100, 1)}%), ${r.seconds} s (floor ${floorSeconds} s), ${r.verdict}`,
  );
  return {
    limiter: 'sliding 100/10s on every route, RateLimit-Policy + RateLimit headers',
    concurrency: 8,
    numRuns,
    ...r,
    share429,
    floorSeconds,
    overFloor: round(r.seconds / floorSeconds),
    goals: { share429: 0.05 },
    meetsGoal: share429 <= 0.05,
  };
}
