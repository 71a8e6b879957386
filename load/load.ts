// The load scenario: an open-model steady load of R requests per second (request i is sent at
// start + i/R whatever the answers, not in bursts), with HDR latency percentiles and status
// counts. Spec 7 lists 400, 403 and 429 as the failures: a 5xx under load is a failure (RL-5),
// and a 429 should keep the 2.1 envelope (RL-2). Bounded by the caps; stops at a 5xx burst.
import * as hdr from 'hdr-histogram-js';
import type { RunConfig } from '../config/schema.ts';
import { Budget, FiveXxWatch, type Caps } from './caps.ts';
import { round } from './classify.ts';
import { evidenceOf, refusalHasEnvelope, statusCounts } from './probe-result.ts';
import { repeatedRequest, type ProbeOperation } from './requests.ts';
import type { LatencySummary, LoadResult, StoppedBy } from './result.ts';
import { createSender, type Shot } from './sender.ts';

export interface LoadOptions {
  config: RunConfig;
  operation: ProbeOperation;
  /** Requests per second. */
  rate: number;
  seconds: number;
  caps: Caps;
  /** A progress line is drawn on this stream when it is a TTY. */
  progress?: NodeJS.WriteStream;
}

type Histogram = ReturnType<typeof hdr.build>;

function summary(h: Histogram): LatencySummary | null {
  if (h.totalCount === 0) return null;
  const ms = (micros: number) => round(micros / 1000, 2);
  return {
    p50: ms(h.getValueAtPercentile(50)),
    p90: ms(h.getValueAtPercentile(90)),
    p99: ms(h.getValueAtPercentile(99)),
    p999: ms(h.getValueAtPercentile(99.9)),
    max: ms(h.getValueAtPercentile(100)),
    mean: ms(h.mean),
  };
}

function progressLine(done: number, total: number, counts: Record<string, number>, h: Histogram): string {
  const width = 24;
  const filled = total > 0 ? Math.round((done / total) * width) : width;
  const statuses = Object.entries(counts).map(([s, n]) => `${s === '0' ? 'no answer' : s}:${n}`).join(' ');
  const p99 = h.totalCount > 0 ? ` p99 ${(h.getValueAtPercentile(99) / 1000).toFixed(1)} ms` : '';
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${statuses}${p99}   `;
}

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  if (!(o.rate > 0) || !(o.seconds > 0)) throw new Error('rate and seconds must be positive');
  const request = repeatedRequest(o.config, o.operation);
  const sender = createSender({ target: o.config.target, request });
  const budget = new Budget(o.caps);
  const watch = new FiveXxWatch();
  const latency = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 3 });
  const lag = hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 3_600_000_000, numberOfSignificantValueDigits: 2 });
  const total = Math.floor(o.rate * o.seconds);
  const interval = 1000 / o.rate;
  const shots: Shot[] = [];
  const inFlight = new Set<Promise<void>>();
  let skipped = 0;
  let stoppedBy: StoppedBy | null = null;
  const tty = o.progress?.isTTY ? o.progress : undefined;
  const draw = () => tty?.write(progressLine(shots.length, Math.min(total, o.caps.maxRequests), statusCounts(shots), latency));
  const ticker = tty ? setInterval(draw, 250) : undefined;

  const start = sender.now();
  try {
    for (let i = 0; i < total && stoppedBy === null; ) {
      const now = sender.now();
      // Every request due by now is sent now (a late timer does not thin the load out).
      for (; i < total && start + i * interval <= now && stoppedBy === null; i++) {
        const scheduled = start + i * interval;
        if (inFlight.size >= o.caps.maxConcurrency) {
          skipped++;
          continue;
        }
        if (!budget.take()) {
          stoppedBy = budget.spentBy() ?? 'max-requests';
          break;
        }
        lag.recordValue(Math.max(1, Math.round((sender.now() - scheduled) * 1000)));
        const p = sender.send('valid', Math.min(o.config.target.timeoutMs, Math.max(1, budget.remainingMs()))).then((shot) => {
          shots.push(shot);
          if (shot.status > 0) latency.recordValue(Math.max(1, Math.round((shot.receivedAt - scheduled) * 1000)));
          if (watch.record(shot.status) && stoppedBy === null) stoppedBy = '5xx-burst';
          inFlight.delete(p);
        });
        inFlight.add(p);
      }
      if (i >= total || stoppedBy !== null) break;
      const wait = start + i * interval - sender.now();
      if (budget.remainingMs() <= wait) {
        stoppedBy = 'max-seconds';
        break;
      }
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all([...inFlight]);
  } finally {
    await sender.close();
    if (ticker) clearInterval(ticker);
    if (tty) {
      draw();
      tty.write('\n');
    }
  }

  shots.sort((a, b) => a.seq - b.seq);
  const elapsed = (sender.now() - start) / 1000;
  const answered = shots.filter((s) => s.status > 0);
  const refused = shots.filter((s) => s.status === 429);
  return {
    operation: o.operation,
    request: { description: request.description, writes: request.writes },
    rate: o.rate,
    seconds: o.seconds,
    requestsSent: budget.requestsSent,
    answered: answered.length,
    durationSeconds: round(elapsed),
    achievedRate: elapsed > 0 ? round(answered.length / elapsed, 1) : 0,
    statusCounts: statusCounts(shots),
    fiveXx: watch.count,
    refusals: { count: refused.length, withEnvelope: refused.filter(refusalHasEnvelope).length },
    latencyMs: summary(latency),
    sendLagMs: { p50: round(lag.getValueAtPercentile(50) / 1000, 2), p99: round(lag.getValueAtPercentile(99) / 1000, 2), max: round(lag.getValueAtPercentile(100) / 1000, 2) },
    skippedAtConcurrencyCap: skipped,
    stoppedBy,
    caps: { ...o.caps },
    evidence: evidenceOf(shots),
    timeline: shots.map((s) => ({ t: round((s.sentAt - start) / 1000), status: s.status })),
  };
}
