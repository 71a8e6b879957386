// One full conformance run against a reference started for it, as the run benches measure it:
// wall time, verdict, MUSTs verified, requests (in all and per operation, from the certificate's
// pacing line), 429s met, and the plan the run printed before sending (its floor: "expected >= N s").
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/load.ts';
import type { RunConfig } from '../config/schema.ts';
import { startReference, type ReferenceOptions } from '../reference/server.ts';
import { runConformance } from '../engine/run.ts';

export const round = (n: number, d = 2) => Number(n.toFixed(d));

/** "requests per operation: report 480, orderStatus 120 (3 x 429)" -> { report: 480, orderStatus: 120 }. */
export function requestsPerOperation(pacing: string | undefined): Record<string, number> {
  const part = /requests per operation: (.*)$/.exec(pacing ?? '')?.[1] ?? '';
  const out: Record<string, number> = {};
  for (const entry of part.split(', ')) {
    const m = /^(\w+) (\d+)/.exec(entry);
    if (m) out[m[1]!] = Number(m[2]);
  }
  return out;
}

/** The plan's floor as the run states it ("expected >= 607 s in all under the quotas": the preflight's seconds and the suites'); 0 when it expects no wait. */
export function planFloorSeconds(planLines: string[]): number {
  for (const line of planLines) {
    const m = /expected >= (\d+(?:\.\d+)?) s/.exec(line);
    if (m) return Number(m[1]);
  }
  return 0;
}

/** CPU seconds of this process and of its children that ended (the run's vitest worker): less
 *  sensitive to a loaded machine than the wall time (Linux /proc; null elsewhere). */
export function cpuSeconds(): number | null {
  try {
    const f = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // Fields 14-17 of stat (utime, stime, cutime, cstime), here 11-14 counted from the state field.
    const ticks = [11, 12, 13, 14].reduce((t, i) => t + Number(f[i]), 0);
    return ticks / 100;
  } catch {
    return null;
  }
}

export type RunFigures = Awaited<ReturnType<typeof fullRun>>;

export async function fullRun(reference: ReferenceOptions, run: Partial<RunConfig['run']>, numRuns: number) {
  const server = await startReference({ port: 0, ...reference });
  const out = mkdtempSync(path.join(os.tmpdir(), 'erp-bench-run-'));
  const plan: string[] = [];
  try {
    const base = loadConfig({ base: server.runConfig(), env: {} });
    const config: RunConfig = { ...base, run: { ...base.run, ...run } };
    const t0 = performance.now();
    const cpu0 = cpuSeconds();
    const r = await runConformance({ config, out, numRuns, seed: 42, allure: false, log: (l) => void (l.startsWith('plan:') && plan.push(l)) });
    const seconds = (performance.now() - t0) / 1000;
    const cpu1 = cpuSeconds();
    const c = r.certification;
    const musts = c.requirements.filter((x) => x.level === 'MUST' && x.status !== 'skipped');
    const verified = musts.filter((x) => x.status === 'passed' || x.status === 'observed').length;
    return {
      seconds: round(seconds),
      cpuSeconds: cpu0 !== null && cpu1 !== null ? round(cpu1 - cpu0) : null,
      verdict: c.verdict,
      mustsVerified: `${verified}/${musts.length}`,
      everyMustVerified: verified === musts.length,
      requests: c.requests,
      requestsPerOperation: requestsPerOperation(c.pacing),
      responses429: c.figures.answers429,
      pacing: c.pacing,
      plan,
      planFloorSeconds: planFloorSeconds(plan),
      // How busy the slots were: requests in flight on average over the run, and the seconds
      // before the suites' first request (engine/progress/slots-busy.ts).
      meanInFlight: r.slots.meanInFlight,
      firstSuiteRequestSeconds: r.slots.firstSuiteRequestSeconds ?? null,
      // The wall time suite requests waited (a pace, a 429's wait), in all and per operation.
      waitedSeconds: r.slots.waitedSeconds ?? 0,
      perOperation: r.slots.perOperation ?? {},
    };
  } finally {
    await server.close();
    rmSync(out, { recursive: true, force: true });
  }
}
