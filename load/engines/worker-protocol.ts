// The messages between the load worker pool (load/engines/workers.ts) and its worker threads
// (load/engines/worker-main.ts). Histograms travel in HdrHistogram's compressed encoding.
import type { LoadStoppedBy } from '../result.ts';
import type { RecorderPart } from './merge.ts';
import type { PhaseStats } from './open.ts';

export type EncodedPhase = Omit<PhaseStats, 'latency'> & { latency: string };

export interface RunPart {
  recorder: RecorderPart;
  requestsSent: number;
  durationMs: number;
  startedAt: number;
  stoppedBy: LoadStoppedBy | null;
  /** Open model only. */
  lag?: string;
  dropped?: number;
  phases?: EncodedPhase[];
  connections?: number;
}

export type ToWorker = { type: 'start'; at: number } | { type: 'stop'; why: LoadStoppedBy };

export type ToParent =
  | { type: 'ready' }
  | { type: 'tick'; answered: number; statusCounts: Record<string, number>; latency: string }
  | { type: 'phase'; k: number; stats: EncodedPhase }
  | { type: 'stopped'; why: LoadStoppedBy }
  | { type: 'done'; run: RunPart };
