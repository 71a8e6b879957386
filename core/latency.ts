// Latency kept as a small histogram per operation: each duration rounded to two significant
// digits (under 10 ms, to the millisecond), counted by that value. It is bounded (about 90 keys a
// decade, whatever the number of requests), adds up across tests, parts and shards, and gives a
// quantile within 5 % of the exact one. Leaf module: the records count into it, reports read it.

/** Rounded duration (ms, as text) -> how many requests took about that long. */
export type LatencyHistogram = Record<string, number>;

/** The bucket of a duration: whole ms under 10 ms, else two significant digits (1234 -> 1200). */
export function latencyBucket(ms: number): number {
  const v = Math.max(0, ms);
  if (v < 10) return Math.round(v);
  const scale = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / scale) * scale;
}

/** Counts one duration into `h`. */
export function countLatency(h: LatencyHistogram, ms: number): void {
  const k = String(latencyBucket(ms));
  h[k] = (h[k] ?? 0) + 1;
}

/** `into` plus `h`, in place. */
export function addHistogram(into: LatencyHistogram, h: LatencyHistogram): LatencyHistogram {
  for (const [k, n] of Object.entries(h)) into[k] = (into[k] ?? 0) + n;
  return into;
}

/** How many durations `h` holds. */
export const histogramCount = (h: LatencyHistogram): number => Object.values(h).reduce((a, b) => a + b, 0);

/** The q-quantile (0 < q <= 1, nearest rank) of `h`, in ms; undefined when it is empty. */
export function quantile(h: LatencyHistogram, q: number): number | undefined {
  const rows = Object.entries(h)
    .map(([k, n]) => [Number(k), n] as const)
    .sort((a, b) => a[0] - b[0]);
  const total = rows.reduce((a, [, n]) => a + n, 0);
  if (total === 0) return undefined;
  const rank = Math.max(1, Math.ceil(q * total));
  let seen = 0;
  for (const [ms, n] of rows) {
    seen += n;
    if (seen >= rank) return ms;
  }
  return rows[rows.length - 1]![0];
}
