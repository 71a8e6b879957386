// The conformance run's own cost: wall time of a full run (100 runs per property) against the
// reference, the requests it sent, and the overhead over what the reference alone would need
// for those requests: overhead = wall time / (requests / reference req/s). Goal: run < 20 s.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import { startReference } from '../reference/server.ts';
import { runConformance } from '../suites/run.ts';

export async function benchRunOverhead(previous: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const server = await startReference({ port: 0 });
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-run-'));
  try {
    const config = loadConfig({ base: server.runConfig(), env: {} });
    const started = performance.now();
    const r = await runConformance({ config, out, numRuns: 100, seed: 42, allure: false, log: () => {} });
    const wallSeconds = (performance.now() - started) / 1000;
    const reference = previous.reference as { referenceReqPerSec?: number } | undefined;
    const reqPerSec = reference?.referenceReqPerSec;
    const figures: Record<string, unknown> = {
      numRuns: 100,
      verdict: r.certification.verdict,
      wallSeconds: Number(wallSeconds.toFixed(2)),
      requests: r.certification.exchanges,
      requestsPerSecondAchieved: Math.round(r.certification.exchanges / wallSeconds),
      goalSeconds: 20,
      meetsGoal: wallSeconds < 20,
    };
    if (reqPerSec) {
      const serverSeconds = r.certification.exchanges / reqPerSec;
      Object.assign(figures, {
        referenceReqPerSec: reqPerSec,
        serverSecondsForThoseRequests: Number(serverSeconds.toFixed(2)),
        overhead: Number((wallSeconds / serverSeconds).toFixed(1)),
      });
    }
    console.log(
      `run: ${figures.wallSeconds}s wall, ${figures.requests} requests${reqPerSec ? `, overhead ${figures.overhead}x over the reference's ${reqPerSec} req/s` : ''}`,
    );
    return figures;
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}
