// The suite worker starts while the preflight still runs (engine/phases/early-start.ts): forking it and
// loading the suites' modules takes seconds during which no request would be in flight. What only
// the preflight and the plan know (property runs, scarce operations, MUSTs first, the preflight's
// customer and cities, the waves of suite files) reaches the worker afterwards through a small file
// in the run's output folder, written at once (write, then rename); the worker waits for it before
// it declares the suites' tests. `{ cancelled: true }`: the run goes no further (a preflight
// problem, an interrupt), the worker declares nothing.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LATE_FILE, LATE_KEYS, type LateContext, type SuiteContext } from './protocol.ts';

// The file's name, its shape and the keys it carries are declared in runtime/protocol.ts.
export { LATE_FILE, LATE_KEYS, type LateContext } from './protocol.ts';

/** A JSON with bigints kept (a contact id beyond 2^53 stays a bigint). */
const BIGINT = '$bigint';
const replacer = (_k: string, v: unknown) => (typeof v === 'bigint' ? { [BIGINT]: String(v) } : v);
const reviver = (_k: string, v: unknown) =>
  v !== null && typeof v === 'object' && Object.keys(v).length === 1 && typeof (v as Record<string, unknown>)[BIGINT] === 'string'
    ? BigInt((v as Record<string, string>)[BIGINT]!)
    : v;

export const lateFileOf = (outDir: string) => path.join(outDir, LATE_FILE);

/** Main process: hands the worker what it waits for (once). */
export function writeLateContext(file: string, late: LateContext): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(late, replacer));
  renameSync(tmp, file);
}

export function removeLateContext(file: string): void {
  rmSync(file, { force: true });
}

/** Worker: waits for the file (polled: it comes once, within seconds), then merges its context into `ctx`. */
export async function awaitLateContext(file: string, ctx: SuiteContext, pollMs = 20): Promise<string[][]> {
  while (!existsSync(file)) await new Promise((r) => setTimeout(r, pollMs));
  const late = JSON.parse(readFileSync(file, 'utf8'), reviver) as LateContext;
  if (late.cancelled) return [];
  // In place: every suiteContext() of the worker returns this one object (vitest's inject).
  for (const k of LATE_KEYS) delete (ctx as Partial<SuiteContext>)[k];
  Object.assign(ctx, late.context);
  return late.waves;
}
