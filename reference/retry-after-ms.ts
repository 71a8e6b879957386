// Fault rl-retry-after-ms: Retry-After written in milliseconds ("6000" for a 6 s wait), as a
// server whose timer counts milliseconds writes it; RFC 9110 10.2.3 reads delay-seconds, so it
// asks a thousand times too long a wait (RL-3). The seconds rounded up, then times 1000: never
// under a thousand, whatever was left of the window.
import type { FaultName } from './faults.ts';
import type { RetryAfterStyle } from './profiles/types.ts';

/** The Retry-After header that replaces the true one under the fault (seconds style only), else none. */
export function retryAfterInMs(faults: ReadonlySet<FaultName>, style: RetryAfterStyle, waitMs: number): Record<string, string> {
  if (!faults.has('rl-retry-after-ms') || style !== 'seconds') return {};
  return { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000)) * 1000) };
}
