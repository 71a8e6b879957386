// The run's figures of requests and 429s, computed once: requests sent, answers 429, those waited
// out and those still refused (the two add up to the 429s met), and the time waited. They come
// from what the suite worker's scheduler counted (each part of a resumed run, each shard), and the
// console, certification.json and certification.html print them from this one result
// (reports/render/figures.ts). Records of a run that kept no such count fall back on the tests'.
import type { TestRecord } from '../core/record.ts';

/** What one worker counted (one run, one part of a resumed run, one shard). */
export interface Figures {
  /** Requests the suites sent (each try after a 429 included; the preflight's are apart). */
  requests: number;
  answers429: number;
  /** Of the 429s met: sent again after the wait, or answered to the test (still refused). */
  waitedOut: number;
  stillRefused: number;
  /** Time waited (for a pace or a 429), in the sense `waited` names. */
  waitedMs: number;
}

/** How the time waited was counted: once per moment (requests waiting side by side count once), or per request. */
export type WaitedAs = 'wall time' | 'wall time, summed over the shards' | 'summed over the requests';

export interface RunFigures extends Figures {
  waited: WaitedAs;
}

/** The counters a worker tells (runtime/protocol.ts WorkerProgress), as figures. */
export function workerFigures(w: { requests: number; responses429: number; retries429?: number; refused429?: number; waitedMs: number }): Figures {
  const waitedOut = w.retries429 ?? 0;
  return {
    requests: w.requests,
    answers429: w.responses429,
    waitedOut,
    // A worker that told no split: every 429 not waited out was answered to its test.
    stillRefused: w.refused429 ?? Math.max(0, w.responses429 - waitedOut),
    waitedMs: w.waitedMs,
  };
}

/** Figures added up (the parts of a run follow each other: their wall times add up to the run's). */
export function sumFigures(list: Figures[]): Figures {
  const out: Figures = { requests: 0, answers429: 0, waitedOut: 0, stillRefused: 0, waitedMs: 0 };
  for (const f of list) {
    out.requests += f.requests;
    out.answers429 += f.answers429;
    out.waitedOut += f.waitedOut;
    out.stillRefused += f.stillRefused;
    out.waitedMs += f.waitedMs;
  }
  return out;
}

/** Without the worker's count (records of an older run): the tests' records, their waits summed over the requests. */
export function recordsFigures(records: (TestRecord | undefined)[]): RunFigures {
  const out: RunFigures = { requests: 0, answers429: 0, waitedOut: 0, stillRefused: 0, waitedMs: 0, waited: 'summed over the requests' };
  for (const r of records) {
    if (!r) continue;
    out.requests += r.requests;
    out.waitedOut += r.rateLimited.retries;
    out.stillRefused += r.rateLimited.refused ?? 0;
    out.waitedMs += r.rateLimited.waitedMs;
  }
  out.answers429 = out.waitedOut + out.stillRefused;
  return out;
}

/** The run's figures: those its worker(s) counted, else its tests' records. */
export function runFigures(counted: RunFigures | undefined, records: (TestRecord | undefined)[]): RunFigures {
  return counted ? { ...counted } : recordsFigures(records);
}

/** Whether anything waited: a 429 met or time spent waiting. */
export const anythingWaited = (f: Figures): boolean => f.answers429 > 0 || f.waitedMs > 0;
