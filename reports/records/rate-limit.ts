// rate-limit.json, written by the probe (run --with-load) next to certification.json, as the
// certificate reads it. The file is validated, not trusted: only the figures the certificate
// shows are required, and a file that does not fit is reported, not rendered.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { RUN_ARTILLERY_FILE } from '../../load/artillery/meta.ts';

const nullableNumber = z.number().finite().nullable();

export const rateLimitFile = z
  .object({
    operation: z.string(),
    limited: z.boolean(),
    limit: nullableNumber,
    windowSeconds: nullableNumber,
    refill: z.string(),
    algorithm: z.string(),
    scope: z.string(),
    retryAfter: z.object({ present: z.boolean(), truthful: z.boolean().nullable() }).loose(),
    headers: z.record(z.string(), z.unknown()),
    envelopeOn429: z.boolean(),
    requestsSent: z.number().int().nonnegative(),
    durationSeconds: z.number().finite().nonnegative(),
    statusCounts: z.record(z.string(), z.number()),
    fiveXx: z.number().int().nonnegative(),
    stoppedBy: z.string().nullable().optional(),
    notes: z.array(z.string()).optional(),
    // Who measured it: the target, and the run (seed) when `run --with-load` wrote it.
    target: z.object({ name: z.string(), baseUrl: z.string() }).loose().optional(),
    run: z.object({ seed: z.number() }).loose().optional(),
    // "timeline: [{ t /*seconds since start*/, status }]"
    timeline: z.array(
      z.object({ t: z.number().finite().nonnegative(), status: z.number().int(), phase: z.string().optional(), token: z.string().optional() }).loose(),
    ),
  })
  .loose();

export type RateLimitFile = z.infer<typeof rateLimitFile>;

/** What the certificate shows about rate limits: the probe's result, or why there is none. */
export type RateLimitSection = { kind: 'measured'; result: RateLimitFile } | { kind: 'absent' } | { kind: 'invalid'; problem: string };

export const RATE_LIMIT_FILE = 'rate-limit.json';

/**
 * Reads DIR/rate-limit.json. `notBefore` (ms since epoch) ignores a file older than the run being
 * reported, e.g. one a previous `run --with-load` left in the same folder.
 */
export function readRateLimit(dir: string, notBefore?: number): RateLimitSection {
  const file = path.join(dir, RATE_LIMIT_FILE);
  if (!existsSync(file)) return { kind: 'absent' };
  if (notBefore !== undefined && statSync(file).mtimeMs < notBefore) return { kind: 'absent' };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    return { kind: 'invalid', problem: `${RATE_LIMIT_FILE} is not JSON: ${(e as Error).message}` };
  }
  const parsed = rateLimitFile.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    return { kind: 'invalid', problem: `${RATE_LIMIT_FILE} does not have the probe's shape (${first.join('; ')})` };
  }
  return { kind: 'measured', result: parsed.data };
}

/** The rate-limit suite's load as an Artillery script (load/artillery/export-file.ts), when this run wrote it. */
export function loadScriptOf(dir: string, notBefore: number): string | undefined {
  const file = path.join(dir, RUN_ARTILLERY_FILE);
  return existsSync(file) && statSync(file).mtimeMs >= notBefore ? file : undefined;
}

/** Accepted (2xx), refused (429) and other answers (5xx, no answer, other 4xx) of a timeline. */
export function classify(status: number): 'accepted' | 'limited' | 'other' {
  if (status >= 200 && status < 300) return 'accepted';
  return status === 429 ? 'limited' : 'other';
}
