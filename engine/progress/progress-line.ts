// The run's progress: on a terminal a live line (tests and requirements done of total, requests
// sent, 429s, elapsed, ETA); without one (CI) a plain line every few seconds; nothing when quiet.
// Requests and 429s are what the suite worker last told over the channel (runtime/progress.ts).
import type { CollectorReporter } from '../phases/collector.ts';
import type { WorkerProgress } from '../../runtime/protocol.ts';

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
  /** What the worker last told (engine/phases/worker-channel.ts), since start. */
  private last: WorkerProgress | undefined;

  constructor(
    private readonly mode: ProgressMode,
    private readonly stream: NodeJS.WriteStream,
    private readonly started: number,
    private readonly deadline: number,
  ) {}

  /** The suite worker told its progress. */
  readonly heard = (p: WorkerProgress) => void (this.last = p);

  start(collector: CollectorReporter) {
    this.collector = collector;
    this.last = undefined;
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
    return this.worker();
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
    return this.last ?? { requests: 0, responses429: 0, waitedMs: 0 };
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
