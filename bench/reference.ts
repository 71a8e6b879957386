// Bench of the reference server: req/s of a valid report request (limit 20) against the
// reference, and against a bare node:http server answering a body of the same size. Goal: the
// reference reaches >= 0.7x the bare server. Both run in child processes (via tsx) so the load
// generator does not share their event loop. The two are measured in alternating one-second
// rounds (5 s each in all), so a change of the machine's load hits both alike; each server's CPU
// time per request is reported too.
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { DEFAULT_TOKENS, REPORT_BRANCH_LIST, REPORT_DATE_FROM, REPORT_DATE_TO } from '../reference/constants.ts';

const PATH = '/api/v1/report/consumption-production-report';
const HEADERS = { 'api-token': DEFAULT_TOKENS[0]!, 'content-type': 'application/json' };
const CONNECTIONS = 10;
const ROUNDS = 5;
const ROUND_SECONDS = 1;
const GOAL = 0.7;

interface Server {
  child: ChildProcess;
  url: string;
}

/** Starts a server script in a child process; resolves once it reports its URL. */
function spawnServer(script: string, message?: unknown): Promise<Server> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onMessage = (m: { url?: string }) => {
      if (!m.url) return;
      child.off('message', onMessage);
      resolve({ child, url: m.url });
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`${script} exited with code ${code} before listening`)));
    if (message !== undefined) child.send(message as never);
  });
}

/** CPU microseconds the server's process used so far. */
function cpuOf(server: Server): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { cpu?: NodeJS.CpuUsage }) => {
      if (!m.cpu) return;
      server.child.off('message', onMessage);
      resolve(m.cpu.user + m.cpu.system);
    };
    server.child.on('message', onMessage);
    server.child.send({ cpu: true });
  });
}

interface Tally {
  requests: number;
  seconds: number;
  cpuMicros: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** One round of load on a server, added to its tally; returns the round's req/s. */
async function load(server: Server, body: string, seconds: number, tally: Tally): Promise<number> {
  const cpuBefore = await cpuOf(server);
  const r = await autocannon({ url: server.url + PATH, connections: CONNECTIONS, duration: seconds, method: 'POST', headers: HEADERS, body });
  tally.cpuMicros += (await cpuOf(server)) - cpuBefore;
  tally.requests += r.requests.total;
  tally.seconds += r.duration;
  tally.p99Ms = Math.max(tally.p99Ms, r.latency.p99);
  tally.non2xx += r.non2xx;
  tally.errors += r.errors + r.timeouts;
  return r.requests.total / r.duration;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round3 = (n: number) => Math.round(n * 1000) / 1000;

const newTally = (): Tally => ({ requests: 0, seconds: 0, cpuMicros: 0, p99Ms: 0, non2xx: 0, errors: 0 });

export async function benchReference(): Promise<Record<string, unknown>> {
  const body = JSON.stringify({ dateFrom: REPORT_DATE_FROM, dateTo: REPORT_DATE_TO, branchList: REPORT_BRANCH_LIST, limit: 20, offset: 0 });
  const children: ChildProcess[] = [];
  try {
    const reference = await spawnServer('./servers/reference.ts');
    children.push(reference.child);
    const page = await fetch(reference.url + PATH, { method: 'POST', headers: HEADERS, body });
    const pageBytes = Buffer.byteLength(await page.text());
    if (page.status !== 200) throw new Error(`the reference answered the bench request with ${page.status}`);
    const bare = await spawnServer('./servers/bare.ts', { bytes: pageBytes });
    children.push(bare.child);

    // Warm both up (JIT), then alternate rounds, each server first in turn.
    await load(reference, body, 1, newTally());
    await load(bare, body, 1, newTally());
    const [ref, base] = [newTally(), newTally()];
    const roundRatios: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const first = i % 2 === 0 ? reference : bare;
      const a = await load(first, body, ROUND_SECONDS, first === reference ? ref : base);
      const b = await load(first === reference ? bare : reference, body, ROUND_SECONDS, first === reference ? base : ref);
      roundRatios.push(round3(first === reference ? a / b : b / a));
    }
    const [refRate, baseRate] = [ref.requests / ref.seconds, base.requests / base.seconds];
    const [refCpu, baseCpu] = [ref.cpuMicros / ref.requests, base.cpuMicros / base.requests];
    const ratio = round3(refRate / baseRate);
    const round = (n: number) => Math.round(n * 10) / 10;
    const figures = {
      request: `POST ${PATH} (limit 20), ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${ROUND_SECONDS} s each`,
      responseBytes: pageBytes,
      referenceReqPerSec: Math.round(refRate),
      bareReqPerSec: Math.round(baseRate),
      ratio,
      goal: GOAL,
      meetsGoal: ratio >= GOAL,
      /** reference / bare of each pair of adjacent rounds: a load spike hits one pair, not the total. */
      roundRatios,
      medianRoundRatio: median(roundRatios),
      referenceCpuMicrosPerRequest: round(refCpu),
      bareCpuMicrosPerRequest: round(baseCpu),
      cpuRatio: round3(baseCpu / refCpu),
      referenceP99Ms: ref.p99Ms,
      bareP99Ms: base.p99Ms,
      referenceNon2xx: ref.non2xx,
      referenceErrors: ref.errors,
      loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
    };
    console.log(
      `reference ${figures.referenceReqPerSec} req/s (${figures.referenceCpuMicrosPerRequest} µs CPU/request), ` +
        `bare node:http ${figures.bareReqPerSec} req/s (${figures.bareCpuMicrosPerRequest} µs CPU/request), ratio ${ratio} ` +
        `(median of rounds ${figures.medianRoundRatio}; goal >= ${GOAL})`,
    );
    return figures;
  } finally {
    for (const child of children) child.kill();
  }
}
