// The run's progress: on a terminal a live line (tests and requirements done of total, requests
// sent, 429s, elapsed, ETA); without one (CI) a plain line every few seconds; nothing when quiet.
// Requests and 429s come from the suite worker's progress file (runtime/progress.ts).
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { CollectorReporter } from '../../reports/records/collector.ts';
import { PROGRESS_FILE, type WorkerProgress } from '../../runtime/protocol.ts';

export type ProgressMode = 'tty' | 'plain' | 'quiet';

const PLAIN_EVERY_MS = 10_000;

function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
}

/**
 * The line cut to the terminal's width, so it redraws in place. A terminal that reports no width
 * (0 or none: `script`, some CI pseudo-terminals) gets the whole line: cutting it to a guess hides it.
 */
export function fitLine(text: string, columns: number | undefined): string {
  if (!columns || columns <= 0) return text;
  return text.slice(0, Math.max(20, columns - 1));
}

export class ProgressLine {
  private timer: NodeJS.Timeout | undefined;
  private collector: CollectorReporter | undefined;
  private shown = false;
  private readonly file: string;

  constructor(
    private readonly mode: ProgressMode,
    private readonly stream: NodeJS.WriteStream,
    outDir: string,
    private readonly started: number,
    private readonly deadline: number,
  ) {
    this.file = path.join(outDir, PROGRESS_FILE);
  }

  start(collector: CollectorReporter) {
    this.collector = collector;
    rmSync(this.file, { force: true });
    if (this.mode === 'quiet') return;
    this.timer = setInterval(() => this.draw(), this.mode === 'tty' ? 250 : PLAIN_EVERY_MS);
    this.timer.unref();
  }

  /** Prints `line` with `log` above the live line (which is redrawn after it). */
  above(line: string, log: (line: string) => void) {
    this.clear();
    log(line);
    if (this.mode === 'tty') this.draw();
  }

  /** Stops the line; returns what the worker last reported (requests, 429s, pacing). */
  stop(): WorkerProgress {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.clear();
    const last = this.worker();
    rmSync(this.file, { force: true });
    return last;
  }

  /** The text of the line now. */
  text(now = Date.now()): string {
    const c = this.collector?.counts() ?? { testsDone: 0, testsTotal: 0, requirementsDone: 0, requirementsTotal: 0 };
    const w = this.worker();
    const elapsed = now - this.started;
    const fraction = c.testsTotal > 0 ? c.testsDone / c.testsTotal : 0;
    const eta = fraction > 0.05 && fraction < 1 ? ` ETA ${duration(Math.min((elapsed / fraction) * (1 - fraction), this.deadline - now))}` : '';
    return `${c.testsDone}/${c.testsTotal || '?'} tests, ${c.requirementsDone}/${c.requirementsTotal} requirements, ${w.requests} requests, ${w.responses429} 429s, ${duration(elapsed)} elapsed${eta}`;
  }

  private worker(): WorkerProgress {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as WorkerProgress;
    } catch {
      return { requests: 0, responses429: 0, waitedMs: 0 };
    }
  }

  private draw() {
    if (this.mode === 'quiet' || !this.collector) return;
    if (this.mode === 'tty') {
      this.stream.write(`\r\u001b[2K${fitLine(this.text(), this.stream.columns)}`);
      this.shown = true;
    } else {
      this.stream.write(`progress: ${this.text()}\n`);
    }
  }

  private clear() {
    if (this.mode === 'tty' && this.shown) {
      this.stream.write('\r\u001b[2K');
      this.shown = false;
    }
  }
}
