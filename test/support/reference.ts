// Targets of the load and client tests, all on 127.0.0.1: the reference with a limiter (and
// faults), and a run config for it or for a stand-in server, in memory or as a file; a CLI command
// run in the test's own process against them, its output captured; what every load test of a 5xx
// burst expects.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, vi } from 'vitest';
import type { Command } from '../../bin/cli/usage.ts';
import { loadFindings } from '../../load/checks.ts';
import type { LoadResult } from '../../load/result.ts';
import { loadConfig } from '../../config/load.ts';
import type { RunConfig } from '../../config/schema.ts';
import type { FaultName } from '../../reference/faults.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';
import type { RateLimitConfig } from '../../reference/limiter.ts';
import { startReference, type ReferenceServer } from '../../reference/server.ts';

export const TOKENS = ['reference-token-1', 'reference-token-2'];

export interface Limited {
  server: ReferenceServer;
  config: RunConfig;
}

/** The reference with a limiter (default 20 per 2 s, fixed window, per token). */
export async function limitedReference(limit: Partial<RateLimitConfig> = {}, faults: FaultName[] = []): Promise<Limited> {
  const rateLimit: RateLimitConfig = { limit: 20, windowSeconds: 2, algorithm: 'fixed', scope: 'token', ...limit };
  const server = await startReference({ port: 0, faults, rateLimit });
  return { server, config: loadConfig({ base: server.runConfig(), env: {} }) };
}

/** A run config pointing at `baseUrl` (e.g. a stand-in server), otherwise the reference's. */
export function configFor(baseUrl: string, change: (c: any) => void = () => {}): RunConfig {
  const raw = referenceRunConfig(baseUrl, [...TOKENS], 42);
  change(raw);
  return loadConfig({ base: raw, env: {} });
}

/** `text` holds one of the reference's token values. */
export function holdsToken(text: string): boolean {
  return TOKENS.some((t) => text.includes(t));
}

/** A config file in `dir` for `baseUrl`, the tokens written in it (so the output can be searched for them); `load` changes its load section. */
export function configFile(dir: string, baseUrl: string, load: Record<string, unknown> = {}): string {
  const c = referenceRunConfig(baseUrl, [...TOKENS], 42);
  const file = join(dir, `config-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ ...c, load: { ...c.load, ...load } }));
  return file;
}

export interface CommandOutput {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `cmd` with `args`; stdout and stderr are captured while it runs, then given back. */
export async function commandOutput(cmd: Command, args: string[]): Promise<CommandOutput> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    return { code: await cmd.run(args), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

/** A load run stopped by its first burst of 5xx, fewer than `sentBelow` requests sent, each filed under RL-5 with the 503 as evidence. */
export function expectStoppedBy5xxBurst(r: LoadResult, sentBelow: number): void {
  expect(r.stoppedBy).toBe('5xx-burst');
  expect(r.fiveXx).toBeGreaterThanOrEqual(3);
  expect(r.requestsSent).toBeLessThan(sentBelow);
  const findings = loadFindings(r).findings;
  expect(new Set(findings.map((f) => f.requirementId))).toEqual(new Set(['RL-5']));
  expect(findings[0]!.exchange?.response?.status).toBe(503);
}
