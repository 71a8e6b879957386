// The progress of a load run: on a terminal one line redrawn four times a second; otherwise (CI,
// a file) a plain line every five seconds; nothing with --quiet. Text only of our own figures.
import type { Recorder } from '../engines/kept-requests.ts';

/** What the progress line reads: one engine's recorder, or the worker pool's merged view. */
export type ProgressView = Pick<Recorder, 'answered' | 'statusCounts' | 'latency'>;

export interface Progress {
  tick(r: ProgressView, elapsedMs: number): void;
  /** Ends the line on a terminal. */
  done(): void;
}

const PLAIN_EVERY_MS = 5000;

export function progressLine(r: ProgressView, elapsedMs: number, totalSeconds: number): string {
  const s = elapsedMs / 1000;
  const statuses = Object.entries(r.statusCounts)
    .map(([k, n]) => `${k === '0' ? 'no answer' : k}:${n}`)
    .join(' ');
  const p99 = r.latency.totalCount > 0 ? ` p99 ${(r.latency.getValueAtPercentile(99) / 1000).toFixed(1)} ms` : '';
  const rps = s > 0 ? Math.round(r.answered / s) : 0;
  return `${s.toFixed(1)}/${totalSeconds} s  ${r.answered} answers (${rps}/s)${p99}  ${statuses}`;
}

export function createProgress(stream: NodeJS.WriteStream | undefined, totalSeconds: number, quiet = false): Progress | undefined {
  if (!stream || quiet) return undefined;
  if (stream.isTTY) {
    let drawn = false;
    return {
      tick(r, ms) {
        drawn = true;
        stream.write(`\r${progressLine(r, ms, totalSeconds)}\x1b[K`);
      },
      done() {
        if (drawn) stream.write('\n');
      },
    };
  }
  let last = 0;
  return {
    tick(r, ms) {
      if (ms - last < PLAIN_EVERY_MS) return;
      last = ms;
      stream.write(`${progressLine(r, ms, totalSeconds)}\n`);
    },
    done() {},
  };
}
