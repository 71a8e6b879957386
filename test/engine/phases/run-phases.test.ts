// The run's phases (engine/phases/run-phases.ts) without a whole run: their order and names, when
// the first pass's worker starts during the preflight (and for which plan), and the preflight not
// awaited past an interrupt. The phases' runs are covered by the runs of test/e2e/.
import { describe, expect, it } from 'vitest';
import type { SuiteName } from '../../../core/types.ts';
import type { RunContext } from '../../../engine/phases/context.ts';
import { PHASE_NAMES } from '../../../engine/phases/phase.ts';
import { RUN_PHASES, scarceAhead, startsEarly, untilAborted } from '../../../engine/phases/run-phases.ts';
import { loadConfig } from '../../../config/load.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';

/** An out directory with no earlier probe's rate-limit.json in it. */
const NO_PROBE_FILE = '/nonexistent/erp-conformance-out';

const early = (mode: RunContext['mode'], suites: SuiteName[], rateLimit?: string) =>
  startsEarly({ mode, suites: new Set(suites), o: { config: { run: { ...(rateLimit ? { rateLimit } : {}) } } } as unknown as RunContext['o'] });

describe('the run phases', () => {
  it('come in the declared order', () => {
    expect(RUN_PHASES.map((p) => p.name)).toEqual([...PHASE_NAMES]);
  });

  it("start the first pass's worker early for a full run or a resume of functional suites, under stated quotas too", () => {
    expect(early({ kind: 'full' }, ['customer', 'rate-limit'])).toBe(true);
    expect(early({ kind: 'resume', resume: {} as never }, ['report'])).toBe(true);
    expect(early({ kind: 'shard', shard: { index: 1, count: 2 } }, ['customer'])).toBe(false);
    expect(early({ kind: 'full' }, ['customer'], '100/10s')).toBe(true);
    expect(early({ kind: 'full' }, ['rate-limit'])).toBe(false);
    expect(early({ kind: 'full' }, [])).toBe(false);
  });
});

describe('the early worker under known quotas', () => {
  const ahead = (rateLimit: RunConfig['run']['rateLimit']) => {
    const base = loadConfig({ base: referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default'), env: {} });
    const o = { config: { ...base, run: { ...base.run, maxDurationSeconds: 360, ...(rateLimit ? { rateLimit } : {}) } }, out: NO_PROBE_FILE };
    return scarceAhead({ o: o as unknown as RunContext['o'], numRuns: 100, suites: new Set<SuiteName>(['report', 'order-status', 'customer']) }, 0);
  };

  it('is made for the plan the stated quotas foretell: scarce at the production quotas, not without quotas or at plenty', () => {
    // The quota run's: reports 5 and reads 4 per 6 s, 360 s (test/e2e/self-test/quota-run.whole.test.ts).
    expect(ahead({ report: '5/6s', readBack: '4/6s' })).toEqual(['report']);
    expect(ahead(undefined)).toBeUndefined();
    expect(ahead({ report: '1000/1s' })).toBeUndefined();
  });
});

describe('untilAborted', () => {
  it('resolves as the work, or undefined at once when the signal aborts', async () => {
    expect(await untilAborted(Promise.resolve(1), undefined)).toBe(1);
    expect(await untilAborted(Promise.resolve(2), new AbortController().signal)).toBe(2);
    expect(await untilAborted(Promise.resolve(3), AbortSignal.abort())).toBeUndefined();
    const c = new AbortController();
    const never = new Promise<number>(() => {});
    const waiting = untilAborted(never, c.signal);
    c.abort();
    expect(await waiting).toBeUndefined();
  });
});
