// The history of a target's runs (`run --history FILE`): one JSON line per run, appended, never
// rewritten, so a nightly job carries one small file from night to night. A line holds the verdict,
// each requirement's level and status, the counts, the limits per operation as the certificate
// computed them (certification.json limits: stated, announced, probed or learnt; the plan's quota and
// the probe's limit beside them) and each operation's requests, 429s and latency (p50, p95),
// as the certificate computed them once (certification.json operations: reports/operation-figures.ts).
// Reading it back keeps the lines of this format and says how many others it passed over.
import { appendFileSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Level, RunVerdict, Verdict } from '../../core/types.ts';
import type { Certification } from '../model.ts';
import type { RateLimitSection } from '../records/rate-limit.ts';
import { limitPerOperation, type LimitSource } from '../limits.ts';

export const HISTORY_FORMAT = 'erp-conformance-history/1';

export interface HistoryLimits {
  /** The quota the plan paced each operation by ("5/1m"): stated by the config, or learnt from an earlier probe. */
  planned: Record<string, string>;
  /** What the rate-limit probe measured in this run (`run --with-load`). */
  probed?: { operation: string; limited: boolean; limit: number | null; windowSeconds: number | null };
  /** The pacing line of the certificate, in words. */
  pacing?: string;
  /** Each operation's limit as the run knew and learnt it ("*": every request), from the certificate's `limits` (reports/limits.ts). */
  known?: Record<string, { limit: number; windowSeconds: number; algorithm?: string; source: LimitSource }>;
}

export interface HistoryLine {
  format: typeof HISTORY_FORMAT;
  startedAt: string;
  durationMs: number;
  target: { name: string; baseUrl: string };
  suiteVersion: string;
  seed: number;
  verdict: RunVerdict;
  selection: string[] | null;
  summary: Certification['summary'];
  requirements: Record<string, { level: Level; status: Verdict }>;
  counts: { requests: number; exchanges: number; answers429: number; waitedMs: number; findings: number };
  limits: HistoryLimits;
  /** Per operation, the certificate's figures (absent when its records kept none). */
  operations?: Record<string, HistoryOperation>;
}

/** An operation's figures on a history line: the certificate's, by operation name. */
export interface HistoryOperation {
  requests: number;
  answers429: number;
  p50Ms?: number;
  p95Ms?: number;
}

/** The certificate's figures per operation, keyed by name; undefined when it has none. */
function operationsOf(cert: Certification): Record<string, HistoryOperation> | undefined {
  if (!cert.operations?.length) return undefined;
  return Object.fromEntries(
    cert.operations.map((f) => [
      f.operation,
      {
        requests: f.requests,
        answers429: f.answers429,
        ...(f.p50Ms !== undefined ? { p50Ms: f.p50Ms } : {}),
        ...(f.p95Ms !== undefined ? { p95Ms: f.p95Ms } : {}),
      },
    ]),
  );
}

/** The history line of a certificate and the probe's result. */
export function historyLine(cert: Certification, o: { rateLimit?: RateLimitSection } = {}): HistoryLine {
  const operations = operationsOf(cert);
  const planned = Object.fromEntries((cert.plan?.operations ?? []).filter((p) => p.quota).map((p) => [p.op, p.quota!]));
  const probe = o.rateLimit?.kind === 'measured' ? o.rateLimit.result : undefined;
  const known = Object.entries(limitPerOperation(cert.limits)).map(([op, l]) => [
    op,
    { limit: l.limit, windowSeconds: l.windowSeconds, ...(l.algorithm ? { algorithm: l.algorithm } : {}), source: l.source },
  ]);
  return {
    format: HISTORY_FORMAT,
    startedAt: cert.startedAt,
    durationMs: cert.durationMs,
    target: cert.target,
    suiteVersion: cert.suiteVersion,
    seed: cert.seed,
    verdict: cert.verdict,
    selection: cert.selection,
    summary: cert.summary,
    requirements: Object.fromEntries(cert.requirements.map((r) => [r.id, { level: r.level, status: r.status }])),
    counts: {
      requests: cert.figures.requests,
      exchanges: cert.exchanges,
      answers429: cert.figures.answers429,
      waitedMs: cert.figures.waitedMs,
      findings: cert.requirements.filter((r) => r.level !== 'INFO').reduce((n, r) => n + r.findingCount, 0),
    },
    limits: {
      planned,
      ...(probe ? { probed: { operation: probe.operation, limited: probe.limited, limit: probe.limit, windowSeconds: probe.windowSeconds } } : {}),
      ...(cert.pacing ? { pacing: cert.pacing } : {}),
      ...(known.length ? { known: Object.fromEntries(known) } : {}),
    },
    ...(operations ? { operations } : {}),
  };
}

/** Whether FILE ends in the middle of a line (a run killed while it appended): the next line starts on a line of its own. */
function endsMidLine(file: string): boolean {
  if (!existsSync(file) || statSync(file).size === 0) return false;
  const fd = openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, statSync(file).size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** Appends the line to FILE (its folder made when missing); `scrub` removes the run's tokens. */
export function appendHistory(file: string, line: HistoryLine, scrub: (text: string) => string = (t) => t): void {
  mkdirSync(path.dirname(file), { recursive: true });
  appendFileSync(file, `${endsMidLine(file) ? '\n' : ''}${scrub(JSON.stringify(line))}\n`);
}

export class HistoryError extends Error {}

const isLine = (v: unknown): v is HistoryLine => {
  const l = v as HistoryLine;
  return !!l && l.format === HISTORY_FORMAT && typeof l.verdict === 'string' && typeof l.startedAt === 'string' && !!l.requirements && !!l.counts;
};

/** The lines of FILE in the order of their runs; `passedOver` counts those not of this format (a cut last line, another file). */
export function readHistory(file: string): { lines: HistoryLine[]; passedOver: number } {
  if (!existsSync(file)) throw new HistoryError(`cannot read ${file}: no such file (run \`erp-conformance run --history ${file}\` first)`);
  const lines: HistoryLine[] = [];
  let passedOver = 0;
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      passedOver++;
      continue;
    }
    if (isLine(v)) lines.push(v);
    else passedOver++;
  }
  if (lines.length === 0) throw new HistoryError(`${file} holds no history line of this kit (${HISTORY_FORMAT})`);
  return { lines: lines.sort((a, b) => (a.startedAt < b.startedAt ? -1 : a.startedAt > b.startedAt ? 1 : 0)), passedOver };
}
