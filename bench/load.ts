// Bench of `load` at wire speed, against ONE `serve` process (the reference, no limiter, in its
// own process) for the whole bench:
//   - closed model: wrk's req/s (wrk -tT -c64, Debian package `wrk`; skipped with a note when
//     absent) next to `erp-conformance load --connections 64 --workers T`'s, the same thread count,
//     for T = 1 and T = the cores available, in paired rounds of alternating order; the ratio is
//     the median of the rounds' (goal >= 0.8 at every T), the spread its lowest and highest;
//   - open model (on the default workers, one per core): the highest `load --rate R` that keeps its schedule: sender lag p99 under 2 ms,
//     at most 1% of the requests dropped and 95% of the rate answered (goal >= 10,000 req/s). Rates
//     go up in steps; a rate that misses is tried once more (the machine is shared), the search
//     stops at the first rate that misses twice;
//   - engines: `load --connections` sent by the kit's wire engine and by autocannon, side by side
//     (bench/load-engines.ts), under the key `engines`.
// All run the real command in a child process and read its load.json. `--part closed|open|engines`
// runs those parts only; `--quick` shortens the engines part (one short round).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMix } from '../load/scenarios/mix.ts';
import { benchLoadEngines } from './load-engines.ts';
import { loadCli, serve, type Served } from './load-serve.ts';
import type { BenchOptions } from './options.ts';

const CONNECTIONS = 64;
const SECONDS = 3;
/** Open-model runs are longer: a second's start-up (the sender's JIT) weighs less in its p99. */
const OPEN_SECONDS = 5;
const ROUNDS = 5;
const RATIO_GOAL = 0.8;
const RATES = [2500, 5000, 10_000, 12_500, 15_000, 17_500, 20_000, 25_000, 30_000];
const RATE_GOAL = 10_000;
/** The open model's pool: enough for 10 ms answers at 25,000/s; more only feeds a stalled server
 *  hundreds of new connections at once. */
const OPEN_CONNECTIONS = 256;
const LAG_P99_MS = 2;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function wrkRate(s: Served, script: string, path: string, seconds: number, threads: number): number {
  const out = execFileSync('wrk', [`-t${threads}`, `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, s.url + path], { encoding: 'utf8' });
  const m = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!m) throw new Error(`no Requests/sec in wrk's output:\n${out}`);
  return Number(m[1]);
}

async function closedModel(s: Served, dir: string, threads: number): Promise<Record<string, unknown>> {
  const report = buildMix(s.config, [['report', 1]]).requests[0]!;
  const closed = async (seconds: number) =>
    (await loadCli(s, dir, ['--connections', String(CONNECTIONS), '--seconds', String(seconds), '--workers', String(threads)])).achievedRate as number;
  if (!spawnSync('sh', ['-c', 'command -v wrk']).stdout.toString().trim()) {
    return { compared: false, reason: 'wrk is not installed (Debian package wrk): load --connections alone', loadReqPerSec: await closed(SECONDS) };
  }
  const script = join(dir, 'post.lua');
  writeFileSync(
    script,
    [
      'wrk.method = "POST"',
      `wrk.body = ${JSON.stringify(report.body)}`,
      'wrk.headers["Content-Type"] = "application/json"',
      `wrk.headers["api-token"] = ${JSON.stringify(s.config.target.token)}`,
    ].join('\n'),
  );
  // Warm up the server's JIT, then paired rounds in alternating order.
  wrkRate(s, script, report.path, 1, threads);
  await closed(1);
  const rounds: Array<{ load: number; wrk: number; ratio: number }> = [];
  for (let i = 0; i < ROUNDS; i++) {
    let l = 0;
    let w = 0;
    if (i % 2 === 0) {
      l = await closed(SECONDS);
      w = wrkRate(s, script, report.path, SECONDS, threads);
    } else {
      w = wrkRate(s, script, report.path, SECONDS, threads);
      l = await closed(SECONDS);
    }
    rounds.push({ load: Math.round(l), wrk: Math.round(w), ratio: Math.round((l / w) * 1000) / 1000 });
  }
  const ratios = rounds.map((r) => r.ratio);
  const ratio = median(ratios);
  return {
    compared: true,
    threads,
    request: `POST ${report.path} (report, limit 1), ${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} paired rounds; wrk -t${threads}; load --connections ${CONNECTIONS} --workers ${threads} as a child process; one serve process`,
    loadReqPerSec: median(rounds.map((r) => r.load)),
    wrkReqPerSec: median(rounds.map((r) => r.wrk)),
    ratio,
    ratioSpread: [Math.min(...ratios), Math.max(...ratios)],
    goal: RATIO_GOAL,
    meetsGoal: ratio >= RATIO_GOAL,
    rounds,
  };
}

async function openModel(s: Served, dir: string): Promise<Record<string, unknown>> {
  const runs: Array<Record<string, unknown>> = [];
  let highest = 0;
  for (const rate of RATES) {
    let kept = false;
    for (let attempt = 1; attempt <= 2 && !kept; attempt++) {
      const r = await loadCli(s, dir, [
        '--rate',
        String(rate),
        '--seconds',
        String(OPEN_SECONDS),
        '--concurrency',
        String(OPEN_CONNECTIONS),
        '--workers',
        String(availableParallelism()),
      ]);
      const scheduled = r.requestsSent + r.skippedAtConcurrencyCap;
      const droppedShare = scheduled > 0 ? r.skippedAtConcurrencyCap / scheduled : 0;
      kept = r.sendLagMs.p99 < LAG_P99_MS && droppedShare <= 0.01 && r.achievedRate >= 0.95 * rate;
      runs.push({
        rate,
        attempt,
        scheduled,
        sent: r.requestsSent,
        achieved: r.achievedRate,
        lagP50Ms: r.sendLagMs.p50,
        lagP99Ms: r.sendLagMs.p99,
        lagMaxMs: r.sendLagMs.max,
        droppedShare: Math.round(droppedShare * 10000) / 10000,
        latencyP99Ms: r.latencyMs?.p99 ?? null,
        connections: r.connectionsUsed,
        workers: r.workers,
        kept,
      });
      console.log(
        `  open ${rate}/s (try ${attempt}): achieved ${r.achievedRate}/s, lag p99 ${r.sendLagMs.p99} ms, dropped ${(droppedShare * 100).toFixed(2)}%, latency p99 ${r.latencyMs?.p99} ms${kept ? '' : ' - missed'}`,
      );
    }
    if (!kept) break;
    highest = rate;
  }
  return {
    request: `load --rate R --seconds ${OPEN_SECONDS} --workers ${availableParallelism()} --concurrency ${OPEN_CONNECTIONS} (report), rates ${RATES.join(', ')}; kept = sender lag p99 < ${LAG_P99_MS} ms, <= 1% dropped, >= 95% of R answered; a miss is tried once more`,
    highestRate: highest,
    goal: RATE_GOAL,
    meetsGoal: highest >= RATE_GOAL,
    runs,
  };
}

export async function benchLoad(_previous: Record<string, unknown> = {}, o: BenchOptions = { quick: false }): Promise<Record<string, unknown>> {
  const wants = (part: string) => !o.parts || o.parts.includes(part);
  const dir = mkdtempSync(join(tmpdir(), 'erp-bench-load-'));
  // The machine may be shared: its load average before and after, to read the ratios by.
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  const s = await serve(['--rate-limit', 'off']);
  try {
    const figures: Record<string, unknown> = {};
    if (wants('closed')) {
      // The same thread count on both sides: one, and one per core (the CLI's default).
      const threads = [...new Set([1, availableParallelism()])];
      const closedByThreads: Array<Record<string, unknown>> = [];
      for (const t of threads) {
        const closed = await closedModel(s, dir, t);
        closedByThreads.push(closed);
        console.log(
          closed.compared
            ? `  load --connections ${CONNECTIONS} --workers ${t}: ${closed.loadReqPerSec} req/s, wrk -t${t} ${closed.wrkReqPerSec} req/s (medians), ratio ${closed.ratio} (spread ${(closed.ratioSpread as number[]).join('-')}; goal >= ${RATIO_GOAL})`
            : `  wrk skipped: ${closed.reason}; load --connections ${CONNECTIONS} --workers ${t}: ${closed.loadReqPerSec} req/s`,
        );
      }
      figures.closedModel = closedByThreads[closedByThreads.length - 1]!;
      figures.closedModelByThreads = closedByThreads;
    }
    figures.cores = availableParallelism();
    if (wants('open')) {
      const open = await openModel(s, dir);
      console.log(`  open model: highest rate kept ${open.highestRate}/s (goal >= ${RATE_GOAL})`);
      figures.openModel = open;
    }
    const loadAverage = { before: loadBefore, after: loadavg().map((l) => Math.round(l * 100) / 100) };
    const served = `node bin/erp-conformance.js serve --port 0 --rate-limit off (pid ${s.child.pid}), the same process for every run`;
    // The engines part alone keeps the figures of the closed and open models (bench/run.ts --part): its own load average and server.
    if (wants('closed') || wants('open')) Object.assign(figures, { loadAverage, serve: served });
    if (wants('engines')) {
      const engines = await benchLoadEngines(s, dir, o.quick);
      // Dated on its own: a run of this part alone leaves the other parts' figures (and bench/run.ts dates the whole).
      const after = loadavg().map((l) => Math.round(l * 100) / 100);
      figures.engines = { ...engines, loadAverage: { before: loadAverage.before, after }, serve: served, at: new Date().toISOString() };
    }
    return figures;
  } finally {
    await s.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
