// The run's figures per operation, from its exchanges (exchanges.har): requests, answers 429, and
// the latency of the answered ones (p50, p95; nearest rank). A request never answered (not sent,
// cut, refused at the connection) has no latency and is counted apart; a 429 is no answer of the
// operation either (refused at once, it would make the operation look fast), counted, not timed. A run without the HAR
// (`run --har off`, an older run) has no such figures: none are made up.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { HAR_FILE } from '../har/har-merge.ts';

export interface OperationFigures {
  requests: number;
  answers429: number;
  /** Requests that got no answer (not sent, a transport failure). */
  unanswered: number;
  /** Latency of the answered requests but 429s, ms (absent when none was answered). */
  p50Ms?: number;
  p95Ms?: number;
}

/** What a HAR entry holds that the figures read (reports/har/har-entry.ts). */
export interface TimedEntry {
  time: number;
  response: { status: number };
  _erp?: { operation?: string; source?: string };
}

/** The value at quantile q (0..1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], q: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1];
}

/** Figures per operation of the entries (the preflight's included: they are requests to the target too). */
export function operationFigures(entries: readonly TimedEntry[]): Record<string, OperationFigures> {
  const times = new Map<string, number[]>();
  const out: Record<string, OperationFigures> = {};
  for (const e of entries) {
    const op = e._erp?.operation ?? 'other';
    const f = (out[op] ??= { requests: 0, answers429: 0, unanswered: 0 });
    f.requests++;
    if (e.response.status === 0) {
      f.unanswered++;
      continue;
    }
    if (e.response.status === 429) {
      f.answers429++;
      continue;
    }
    times.set(op, [...(times.get(op) ?? []), Math.max(0, e.time)]);
  }
  for (const [op, list] of times) {
    const sorted = [...list].sort((a, b) => a - b);
    out[op]!.p50Ms = Math.round(quantile(sorted, 0.5)!);
    out[op]!.p95Ms = Math.round(quantile(sorted, 0.95)!);
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The figures of the run folder's exchanges.har; undefined when it has none or it cannot be read. */
export function folderOperationFigures(dir: string): Record<string, OperationFigures> | undefined {
  const file = path.join(dir, HAR_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const har = JSON.parse(readFileSync(file, 'utf8')) as { log?: { entries?: TimedEntry[] } };
    return Array.isArray(har.log?.entries) ? operationFigures(har.log.entries) : undefined;
  } catch {
    return undefined;
  }
}
