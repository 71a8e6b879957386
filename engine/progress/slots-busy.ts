// How busy the run kept its slots (run.concurrency requests in flight at most): the time-weighted
// mean of requests in flight over the run, and how long the run took before the suites' first
// request (the preflight, and the suite worker's start that overlaps it: engine/phases/early-start.ts).
// Against a far target a run lasts at least requests x RTT / concurrency; every slot idle while the
// worker starts or a test waits for its previous answer adds to that floor. A figure of the bench
// (bench/run-rtt.ts), not of the certificate.
export interface SlotsBusy {
  /** Requests in flight on average over the run's whole time (preflight, start-up and suites). */
  meanInFlight: number;
  /** Seconds from the run's start to the suites' first request (absent: they sent none). */
  firstSuiteRequestSeconds?: number;
  /** Wall time at least one suite request waited (a pace, a 429's wait: client/scheduler/waiting.ts), when any. */
  waitedSeconds?: number;
  /** Per quota operation (the pacing line sums the quiet index operations): requests the suites
   *  sent, and the wall time its requests waited for its pace (a 429's wait included), when any. */
  perOperation?: Record<string, { sent: number; waitedSeconds?: number }>;
}

export function slotsBusy(
  startedAt: number,
  endedAt: number,
  preflightInFlightMs: number,
  worker: { inFlightMs?: number; firstSentAt?: number; waitedMs?: number; operations?: Record<string, { sent: number; waitedMs?: number }> },
): SlotsBusy {
  const sent = Object.entries(worker.operations ?? {}).filter(([, v]) => v.sent > 0);
  const ms = Math.max(1, endedAt - startedAt);
  return {
    meanInFlight: Number(((preflightInFlightMs + (worker.inFlightMs ?? 0)) / ms).toFixed(2)),
    ...(worker.firstSentAt !== undefined ? { firstSuiteRequestSeconds: Number(((worker.firstSentAt - startedAt) / 1000).toFixed(2)) } : {}),
    ...(worker.waitedMs ? { waitedSeconds: Number((worker.waitedMs / 1000).toFixed(2)) } : {}),
    ...(sent.length
      ? {
          perOperation: Object.fromEntries(
            sent.map(([k, v]) => [k, { sent: v.sent, ...(v.waitedMs ? { waitedSeconds: Number((v.waitedMs / 1000).toFixed(2)) } : {}) }]),
          ),
        }
      : {}),
  };
}
