// The load bench's `engines` part: the closed model sent by the kit's own wire engine and by
// autocannon (`load --engine autocannon`) against the same `serve` process, one thread each
// (`--workers 1`: autocannon sends from one), the same connections, seconds and request, in paired
// rounds of alternating order. For each engine the median req/s and latency p50 / p99 (HDR, from
// the send), and every request answered; the ratio wire / autocannon is the median of the
// rounds'. It checks the two engines against each other; which is the default is the wire
// engine's header's. `quick`: one round of one second (not the figure of record).
import type { Served } from './load-serve.ts';
import { loadCli } from './load-serve.ts';

const CONNECTIONS = 64;
const ENGINES = ['wire', 'autocannon'] as const;
type Engine = (typeof ENGINES)[number];

interface EngineRound {
  reqPerSec: number;
  p50Ms: number | null;
  p99Ms: number | null;
  sent: number;
  answered: number;
  errors: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function once(s: Served, dir: string, engine: Engine, seconds: number): Promise<EngineRound> {
  const r = await loadCli(s, dir, ['--engine', engine, '--connections', String(CONNECTIONS), '--seconds', String(seconds), '--workers', '1']);
  if (engine === 'autocannon' && r.engine !== 'autocannon') throw new Error(`load --engine autocannon wrote a load.json of engine ${r.engine}`);
  return {
    reqPerSec: Math.round(r.achievedRate),
    p50Ms: r.latencyMs?.p50 ?? null,
    p99Ms: r.latencyMs?.p99 ?? null,
    sent: r.requestsSent,
    answered: r.answered,
    errors: r.errors.count,
  };
}

export async function benchLoadEngines(s: Served, dir: string, quick: boolean): Promise<Record<string, unknown>> {
  const rounds = quick ? 1 : 5;
  const seconds = quick ? 1 : 3;
  // Warm the server's JIT with both engines first.
  for (const e of ENGINES) await once(s, dir, e, 1);
  const runs: Array<Record<Engine, EngineRound> & { ratio: number }> = [];
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? ENGINES : ([...ENGINES].reverse() as Engine[]);
    const got = {} as Record<Engine, EngineRound>;
    for (const e of order) got[e] = await once(s, dir, e, seconds);
    runs.push({ ...got, ratio: Math.round((got.wire.reqPerSec / got.autocannon.reqPerSec) * 1000) / 1000 });
    console.log(
      `  engines round ${i + 1}: wire ${got.wire.reqPerSec} req/s (p99 ${got.wire.p99Ms} ms), autocannon ${got.autocannon.reqPerSec} req/s (p99 ${got.autocannon.p99Ms} ms)`,
    );
  }
  const of = (e: Engine) => ({
    reqPerSec: median(runs.map((r) => r[e].reqPerSec)),
    p50Ms: median(runs.map((r) => r[e].p50Ms ?? Infinity)),
    p99Ms: median(runs.map((r) => r[e].p99Ms ?? Infinity)),
    // Every request sent was answered, without an error, in every round.
    allAnswered: runs.every((r) => r[e].answered === r[e].sent && r[e].errors === 0),
  });
  const ratios = runs.map((r) => r.ratio);
  const figures = {
    request: `POST report (limit 1), load --connections ${CONNECTIONS} --seconds ${seconds} --workers 1 --engine wire|autocannon as a child process, ${rounds} paired round(s) in alternating order; one serve process`,
    quick,
    wire: of('wire'),
    autocannon: of('autocannon'),
    ratioWireOverAutocannon: median(ratios),
    ratioSpread: [Math.min(...ratios), Math.max(...ratios)],
    rounds: runs,
  };
  console.log(
    `  engines: wire ${figures.wire.reqPerSec} req/s, autocannon ${figures.autocannon.reqPerSec} req/s (medians, one thread each), ratio ${figures.ratioWireOverAutocannon} (spread ${figures.ratioSpread.join('-')})`,
  );
  return figures;
}
