// The run's phases (engine/phases/run-phases.ts) without a whole run: their order and names, when
// the first pass's worker starts during the preflight, and the preflight not awaited past an
// interrupt. The phases' runs are covered by the runs of test/e2e/.
import { describe, expect, it } from 'vitest';
import type { SuiteName } from '../../../core/types.ts';
import type { RunContext } from '../../../engine/phases/context.ts';
import { PHASE_NAMES } from '../../../engine/phases/phase.ts';
import { RUN_PHASES, startsEarly, untilAborted } from '../../../engine/phases/run-phases.ts';

const early = (mode: RunContext['mode'], suites: SuiteName[], rateLimit?: string) =>
  startsEarly({ mode, suites: new Set(suites), o: { config: { run: { ...(rateLimit ? { rateLimit } : {}) } } } as unknown as RunContext['o'] });

describe('the run phases', () => {
  it('come in the declared order', () => {
    expect(RUN_PHASES.map((p) => p.name)).toEqual([...PHASE_NAMES]);
  });

  it("start the first pass's worker early for a full run or a resume of functional suites, without stated quotas", () => {
    expect(early({ kind: 'full' }, ['customer', 'rate-limit'])).toBe(true);
    expect(early({ kind: 'resume', resume: {} as never }, ['report'])).toBe(true);
    expect(early({ kind: 'shard', shard: { index: 1, count: 2 } }, ['customer'])).toBe(false);
    expect(early({ kind: 'full' }, ['customer'], '100/10s')).toBe(false);
    expect(early({ kind: 'full' }, ['rate-limit'])).toBe(false);
    expect(early({ kind: 'full' }, [])).toBe(false);
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
