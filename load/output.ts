// rate-limit.json / load.json and their console summaries. Tokens never reach them: the
// exchanges are redacted when recorded, and the files are scrubbed once more on the way out.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RunConfig } from '../config/schema.ts';
import { redactorOf } from '../client/redact.ts';
import type { LoadResult, RateLimitResult } from './result.ts';
import { thresholdText } from './threshold-text.ts';

/** What the outputs name of the target, and the tokens they are scrubbed of (a RunConfig is one). */
export interface OutputTarget {
  target: { name: string; baseUrl: string; token?: string | undefined; secondToken?: string | undefined };
}

/** The engines a load result may be read back from, by their names in the outputs. */
export const ENGINE_NAMES: Record<NonNullable<LoadResult['source']>['engine'], string> = { artillery: 'Artillery' };

export const RATE_LIMIT_FILE = 'rate-limit.json';
export const LOAD_FILE = 'load.json';

function write(dir: string, file: string, value: unknown, config: OutputTarget): string {
  mkdirSync(dir, { recursive: true });
  const target = path.join(dir, file);
  const scrub = redactorOf([config.target.token, config.target.secondToken]);
  writeFileSync(target, scrub(`${JSON.stringify(value, null, 2)}\n`));
  return target;
}

/** `run`: the seed of the run that measured it (`report --in` refuses it beside another run's certificate). */
export function writeRateLimitJson(dir: string, result: RateLimitResult, config: RunConfig, run?: { seed: number }): string {
  return write(dir, RATE_LIMIT_FILE, { target: { name: config.target.name, baseUrl: config.target.baseUrl }, ...(run ? { run } : {}), ...result }, config);
}

export function writeLoadJson(dir: string, result: LoadResult, config: OutputTarget): string {
  return write(dir, LOAD_FILE, { target: { name: config.target.name, baseUrl: config.target.baseUrl }, ...result }, config);
}

/** The probe result without its bulky parts: the RL-4 observation of certification.json. */
export function probeObservation(r: RateLimitResult): Record<string, unknown> {
  const { evidence: _e, retryAfter, ...rest } = r;
  return { ...rest, retryAfter: { ...retryAfter, checks: retryAfter.checks.map(({ refusal: _r, refusedTest: _t, acceptedTest: _a, ...c }) => c) } };
}

export function loadObservation(r: LoadResult): Record<string, unknown> {
  const { evidence: _e, ...rest } = r;
  return rest;
}

const yesNo = (v: boolean | null) => (v === null ? 'n/a' : v ? 'yes' : 'NO');

export function probeSummary(r: RateLimitResult): string {
  const lines = [`rate limit of ${r.operation}: ${r.limited ? 'limited' : 'no 429 seen'}`];
  if (r.limited) {
    lines.push(
      `  limit            ${r.limit ?? 'unknown'} per ${r.windowSeconds !== null ? `${r.windowSeconds} s` : 'unknown window'}`,
      `  algorithm        ${r.algorithm} (refill ${r.refill}${r.refillPerSecond !== null ? `, ${r.refillPerSecond}/s` : ''})`,
      `  scope            ${r.scope}`,
      `  Retry-After      ${r.retryAfter.present ? `sent, truthful: ${yesNo(r.retryAfter.truthful)}` : 'not sent'}`,
      `  envelope on 429  ${yesNo(r.envelopeOn429)}`,
    );
  }
  const policy = r.headers.rateLimitPolicy;
  lines.push(
    `  headers          ${policy ? `RateLimit-Policy ${policy.limit}${policy.windowSeconds !== null ? `/${policy.windowSeconds}s` : ''} (agrees: ${yesNo(r.headers.limitAgrees)})` : 'no RateLimit-Policy'}` +
      `${r.headers.rateLimit ? ', RateLimit' : ''}${r.headers.xRateLimit ? ', X-RateLimit-*' : ''}`,
    `  sent             ${r.requestsSent} requests in ${r.durationSeconds} s (caps ${r.caps.maxRequests} requests, ${r.caps.maxSeconds} s); ` +
      `statuses ${Object.entries(r.statusCounts)
        .map(([s, n]) => `${s}:${n}`)
        .join(' ')}; 5xx: ${r.fiveXx}`,
  );
  if (r.stoppedBy) lines.push(`  stopped by       ${r.stoppedBy}`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  return lines.join('\n');
}

export function loadSummary(r: LoadResult): string {
  const l = r.latencyMs;
  const what =
    r.model === 'closed'
      ? `${r.connections} connections x ${r.pipelining} in flight for ${r.seconds} s (closed model)`
      : `${r.scenario} at ${r.rate}/s for ${r.seconds} s (open model)`;
  const threads = r.workers > 1 ? ` on ${r.workers} worker threads` : '';
  const lines = [
    ...(r.source ? [`read back from ${ENGINE_NAMES[r.source.engine]}'s report ${r.source.file}`] : []),
    `load on ${r.operation}: ${what}${threads}: ${r.requestsSent} requests, ${r.answered} answers in ${r.durationSeconds} s (${r.achievedRate}/s)`,
    `  statuses         ${
      Object.entries(r.statusCounts)
        .map(([s, n]) => `${s === '0' ? 'no answer' : s}:${n}`)
        .join(' ') || 'none'
    }; 5xx: ${r.fiveXx}; errors ${(r.errors.share * 100).toFixed(2)}%`,
    `  429 envelope     ${r.source ? `not judged (${ENGINE_NAMES[r.source.engine]} keeps no answer body)` : `${r.refusals.withEnvelope} of ${r.refusals.count}`}`,
    `  latency (ms)     ${l ? `p50 ${l.p50}  p90 ${l.p90}  p95 ${l.p95}  p99 ${l.p99}  p99.9 ${l.p999}  max ${l.max}` : 'no answers'}${r.source ? ' (from the send)' : r.model === 'open' ? ' (from the due instant)' : ''}`,
  ];
  if (r.sendLagMs)
    lines.push(
      `  sender lag (ms)  p50 ${r.sendLagMs.p50}  p99 ${r.sendLagMs.p99}  max ${r.sendLagMs.max}; ${r.connectionsUsed} connections${r.skippedAtConcurrencyCap > 0 ? `; ${r.skippedAtConcurrencyCap} dropped (all ${r.caps.maxConcurrency} connections busy)` : ''}`,
    );
  if (r.phases.length > 1)
    for (const p of r.phases)
      lines.push(
        `  ${p.name.padEnd(16)} ${p.rate}/s${r.source ? ' offered' : ''}: ${p.sent} sent, ${r.source ? `${p.answered} answered, 429 ${p.refused}, ` : ''}p99 ${p.latencyMs?.p99 ?? '-'} ms, errors ${(p.errorShare * 100).toFixed(2)}%${p.crossed?.length ? `  crossed ${p.crossed.join(', ')}` : ''}`,
      );
  if (r.stoppedBy) lines.push(`  stopped by       ${r.stoppedBy}`);
  for (const t of r.thresholds) lines.push(`  ${thresholdText(t)}`);
  for (const n of r.notes) lines.push(`  note: ${n}`);
  for (const m of r.mix) lines.push(`  sent: ${m.name}${r.mix.length > 1 ? ` (weight ${m.weight})` : ''}: ${m.description}`);
  return lines.join('\n');
}
