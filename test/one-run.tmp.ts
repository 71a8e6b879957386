import { runAgainstReference } from './e2e/self-test/run-reference.ts';
const N = Number(process.env.N ?? 3);
const only = process.env.ONLY ? process.env.ONLY.split(',') : undefined;
for (let i = 0; i < N; i++) {
  const t = process.cpuUsage();
  const w = performance.now();
  const r = await runAgainstReference({ ...(only ? { only } : {}), seed: 1 + i });
  const c = process.cpuUsage(t);
  console.log(`run ${i}: verdict ${r.certification?.verdict ?? (r as any).verdict} wall ${((performance.now() - w) / 1000).toFixed(2)} s host cpu ${((c.user + c.system) / 1e6).toFixed(2)} s`);
}
