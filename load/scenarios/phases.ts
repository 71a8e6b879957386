// The scenarios of the open model (steady, ramp, spike, soak), as phases of one continuous
// schedule: the pool of connections and the clock go on from one phase to the next.
import type { ScenarioName } from '../result.ts';
import type { Phase } from '../engines/open.ts';

export const SCENARIOS: readonly ScenarioName[] = ['steady', 'ramp', 'spike', 'soak'];

export function isScenario(v: string): v is ScenarioName {
  return (SCENARIOS as readonly string[]).includes(v);
}

export interface ScenarioSpec {
  scenario: ScenarioName;
  /** Requests per second: the steady, soak and spike base rate, the ramp's last step. */
  rate: number;
  seconds: number;
  /** Ramp: the first step's rate. */
  from?: number;
  /** Ramp: the number of steps. */
  steps?: number;
  /** Spike: the rate of the spike. */
  spikeRate?: number;
}

const r2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The scenarios:
 *   steady  R requests/s for S seconds.
 *   ramp    K steps (default 5) from --from R0 (default R/K) up to R, S/K seconds each; the knee
 *           is the first step whose p99 or error share crosses its threshold, and the ramp stops
 *           there (load/load.ts).
 *   spike   R for 40% of S, --spike-rate (default 5 x R) for 20%, R again for 40%: does the
 *           target recover?
 *   soak    R for S seconds, in four quarters, so that a drift (a leak, a queue that grows) shows
 *           as the last quarter against the first.
 */
export function phasesOf(s: ScenarioSpec): Phase[] {
  switch (s.scenario) {
    case 'steady':
      return [{ name: 'steady', rate: s.rate, seconds: s.seconds }];
    case 'ramp': {
      const k = s.steps ?? 5;
      if (!Number.isInteger(k) || k < 2) throw new Error('a ramp needs at least 2 steps');
      const from = s.from ?? s.rate / k;
      if (!(from > 0) || from > s.rate) throw new Error('the ramp starts (--from) above 0 and at most --rate');
      return Array.from({ length: k }, (_, i) => {
        const rate = r2(from + ((s.rate - from) * i) / (k - 1));
        return { name: `step ${i + 1} (${rate}/s)`, rate, seconds: s.seconds / k };
      });
    }
    case 'spike': {
      const spike = s.spikeRate ?? 5 * s.rate;
      if (!(spike > 0)) throw new Error('the spike rate must be positive');
      return [
        { name: 'before', rate: s.rate, seconds: s.seconds * 0.4 },
        { name: 'spike', rate: spike, seconds: s.seconds * 0.2 },
        { name: 'after', rate: s.rate, seconds: s.seconds * 0.4 },
      ];
    }
    case 'soak':
      return [1, 2, 3, 4].map((q) => ({ name: `quarter ${q}`, rate: s.rate, seconds: s.seconds / 4 }));
  }
}
