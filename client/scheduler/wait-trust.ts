// A 429's stated wait, trusted until proven wrong (RL-3 judges the target; this decides the pace):
// the first answer to a request sent after a wait ended judges it. A 429 there proves the wait
// wrong, and from then on the pace keeps what it measured instead (the time from the first 429 of
// a refusal to the first accepted request after it), or while nothing is measured yet, the stated
// wait doubled for each wait proven wrong in a row. Never shorter than the wait stated.

export interface WaitTrust {
  /** A 429 answered at `t` to a request sent at `sentAt`, stating `waitMs`: the wait to keep. */
  on429(t: number, sentAt: number, waitMs: number): number;
  /** An answer not 429 to a request sent at `sentAt`. */
  onAccepted(sentAt: number): void;
  /** Whether a stated wait was proven wrong. */
  wrong(): boolean;
}

export function createWaitTrust(): WaitTrust {
  let lastEnd: number | undefined;
  let judged = true;
  let proven = false;
  let inARow = 0;
  let refusedSince: number | undefined;
  let measuredMs: number | undefined;
  /** Whether the answer of a request sent at `sentAt` is the first after the last wait's end. */
  const judges = (sentAt: number) => !judged && lastEnd !== undefined && sentAt >= lastEnd && ((judged = true), true);
  return {
    on429(t, sentAt, waitMs) {
      if (judges(sentAt)) ((proven = true), inARow++);
      refusedSince ??= t;
      // A 429 to a request in flight before the last wait ended changes nothing.
      if (lastEnd !== undefined && sentAt < lastEnd && t < lastEnd) return Math.max(0, lastEnd - t);
      const kept = !proven ? waitMs : measuredMs !== undefined ? Math.max(waitMs, measuredMs) : waitMs * 2 ** Math.min(6, inARow);
      lastEnd = t + kept;
      judged = false;
      return kept;
    },
    onAccepted(sentAt) {
      if (judges(sentAt)) inARow = 0;
      if (refusedSince !== undefined && sentAt >= refusedSince) {
        if (proven) measuredMs = sentAt - refusedSince;
        refusedSince = undefined;
      }
    },
    wrong: () => proven,
  };
}
