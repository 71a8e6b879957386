// Bench of the rate-limit probe: for each limiter algorithm of the reference at 20 per 2 s and
// 100 per 10 s, the estimated limit and window against the true ones, requests spent against
// the budget 3L + 50 and seconds spent against 2.5W + 5. Then autocannon's req/s against the
// reference next to wrk's (Debian package `wrk`, installed here when missing) on the same
// endpoint in the same run, with their ratio (goal >= 0.8).
import autocannon from 'autocannon';
import { execFileSync, fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config/load.ts';
import { windowTolerance } from '../load/probe/classify.ts';
import { probeRateLimit } from '../load/probe/probe.ts';
import { DEFAULT_TOKENS, REPORT_BRANCH_LIST, REPORT_DATE_FROM, REPORT_DATE_TO } from '../reference/constants.ts';
import type { Algorithm } from '../reference/limiter.ts';
import { startReference } from '../reference/server.ts';

const LIMITS = [
  { limit: 20, windowSeconds: 2 },
  { limit: 100, windowSeconds: 10 },
];
const ALGORITHMS: Algorithm[] = ['fixed', 'sliding', 'token-bucket'];
const PATH = '/api/v1/report/consumption-production-report';
const BODY = JSON.stringify({ dateFrom: REPORT_DATE_FROM, dateTo: REPORT_DATE_TO, branchList: REPORT_BRANCH_LIST, limit: 1, offset: 0 });
const CONNECTIONS = 10;
const SECONDS = 4;
const ROUNDS = 5;
const GOAL = 0.8;

async function accuracy(algorithm: Algorithm, limit: number, windowSeconds: number) {
  const server = await startReference({ port: 0, rateLimit: { limit, windowSeconds, algorithm, scope: 'token' } });
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const r = await probeRateLimit({ config, operation: 'report', maxRequests: 2000, maxSeconds: 120 });
    const requestBudget = 3 * limit + 50;
    const secondsBudget = 2.5 * windowSeconds + 5;
    const windowError = r.windowSeconds === null ? null : Math.round((r.windowSeconds - windowSeconds) * 1000) / 1000;
    return {
      limiter: `${algorithm} ${limit}/${windowSeconds}s`,
      true: { limit, windowSeconds },
      estimated: { limit: r.limit, windowSeconds: r.windowSeconds, algorithm: r.algorithm, refill: r.refill, scope: r.scope },
      limitExact: r.limit === limit,
      windowError,
      windowWithinTolerance: windowError !== null && Math.abs(windowError) <= windowTolerance(windowSeconds),
      requests: { spent: r.requestsSent, budget: requestBudget, within: r.requestsSent <= requestBudget },
      seconds: { spent: r.durationSeconds, budget: secondsBudget, within: r.durationSeconds <= secondsBudget },
      retryAfterTruthful: r.retryAfter.truthful,
      notes: r.notes,
    };
  } finally {
    await server.close();
  }
}

/** The reference (no limiter) in a child process, so neither load generator shares its event loop. */
function spawnReference(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(fileURLToPath(new URL('./servers/reference.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.on('message', (m: { url?: string }) => m.url && resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`the reference exited with code ${code} before listening`)));
  });
}

/** wrk, installed with apt-get when missing; null with the reason when that is impossible. */
function ensureWrk(): { path: string } | { path: null; reason: string } {
  const which = () => spawnSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).stdout.trim();
  if (which()) return { path: which() };
  const apt = spawnSync('sh', ['-c', 'apt-get install -y wrk || (apt-get update && apt-get install -y wrk)'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (which()) return { path: which() };
  return { path: null, reason: `wrk is not installed and apt-get could not install it (exit ${apt.status}): ${apt.stderr.trim().split('\n').pop() ?? ''}` };
}

async function autocannonRate(url: string, seconds: number): Promise<number> {
  const headers = { 'api-token': DEFAULT_TOKENS[0]!, 'content-type': 'application/json' };
  const r = await autocannon({ url: url + PATH, connections: CONNECTIONS, duration: seconds, method: 'POST', headers, body: BODY });
  return r.requests.average;
}

function wrkRate(wrk: string, url: string, seconds: number, script: string): number {
  const out = execFileSync(wrk, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, url + PATH], { encoding: 'utf8' });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) throw new Error(`no Requests/sec in wrk's output:\n${out}`);
  return Number(m[1]);
}

async function throughput(): Promise<Record<string, unknown>> {
  const wrk = ensureWrk();
  if (wrk.path === null) return { compared: false, reason: wrk.reason };
  const dir = mkdtempSync(join(tmpdir(), 'erp-bench-wrk-'));
  const script = join(dir, 'post.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(BODY)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["api-token"] = ${JSON.stringify(DEFAULT_TOKENS[0])}`,
    ].join('\n'),
  );
  const server = await spawnReference();
  try {
    // Warm up (JIT), then paired rounds in alternating order, so that a drift in the machine's
    // background load touches both generators alike; the ratio is the median of the rounds'.
    await autocannonRate(server.url, 1);
    wrkRate(wrk.path, server.url, 1, script);
    const rounds: Array<{ autocannon: number; wrk: number; ratio: number }> = [];
    for (let i = 0; i < ROUNDS; i++) {
      let a = 0;
      let w = 0;
      if (i % 2 === 0) {
        a = await autocannonRate(server.url, SECONDS);
        w = wrkRate(wrk.path, server.url, SECONDS, script);
      } else {
        w = wrkRate(wrk.path, server.url, SECONDS, script);
        a = await autocannonRate(server.url, SECONDS);
      }
      rounds.push({ autocannon: Math.round(a), wrk: Math.round(w), ratio: Math.round((a / w) * 1000) / 1000 });
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    const ratio = median(rounds.map((r) => r.ratio));
    return {
      compared: true,
      request: `POST ${PATH} (limit 1), ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} paired rounds; wrk -t1; reference in a child process`,
      autocannonReqPerSec: median(rounds.map((r) => r.autocannon)),
      wrkReqPerSec: median(rounds.map((r) => r.wrk)),
      ratio,
      goal: GOAL,
      meetsGoal: ratio >= GOAL,
      rounds,
    };
  } finally {
    server.child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchProbe(): Promise<Record<string, unknown>> {
  const runs = [];
  for (const { limit, windowSeconds } of LIMITS) {
    for (const algorithm of ALGORITHMS) {
      const r = await accuracy(algorithm, limit, windowSeconds);
      console.log(
        `  ${r.limiter.padEnd(22)} limit ${limit} -> ${r.estimated.limit}, window ${windowSeconds} -> ${r.estimated.windowSeconds} s ` +
          `(${r.estimated.algorithm}), ${r.requests.spent} of ${r.requests.budget} requests, ${r.seconds.spent} of ${r.seconds.budget} s`,
      );
      runs.push(r);
    }
  }
  const comparison = await throughput();
  console.log(
    comparison.compared
      ? `  autocannon ${comparison.autocannonReqPerSec} req/s, wrk ${comparison.wrkReqPerSec} req/s (medians), ratio ${comparison.ratio} (median of ${ROUNDS} paired rounds; goal >= ${GOAL})`
      : `  autocannon vs wrk skipped: ${comparison.reason}`,
  );
  return {
    accuracy: runs,
    allLimitsExact: runs.every((r) => r.limitExact),
    allWindowsWithinTolerance: runs.every((r) => r.windowWithinTolerance),
    allWithinRequestBudget: runs.every((r) => r.requests.within),
    allWithinTimeBudget: runs.every((r) => r.seconds.within),
    autocannonVsWrk: comparison,
  };
}
