// The phases as data (engine/phases/phase.ts): the loop asks each phase why it does not run
// before running it and keeps what became of each; each phase's reason, from the facts known
// when its turn comes; the phases `run --plan` leaves out.
import { describe, expect, it } from 'vitest';
import type { SuiteName } from '../../../core/types.ts';
import type { Resume } from '../../../engine/phases/checkpoint.ts';
import {
  PHASE_NAMES,
  runPhases,
  skipCertificate,
  skipLoad,
  skipPlan,
  skipPreflight,
  skippedLine,
  skippedUpFront,
  skipSuites,
  type Phase,
  type PhaseFacts,
} from '../../../engine/phases/phase.ts';
import type { RunMode } from '../../../engine/mode.ts';

const ALL: SuiteName[] = ['envelope-auth', 'order-status', 'customer', 'report', 'index-operations', 'rate-limit'];
const replay: RunMode = { kind: 'replay', replay: { file: 'suites/customer/create.test.ts', test: 'CU-1 creates', property: 0, path: '0' } };
const resume: RunMode = { kind: 'resume', resume: { suites: new Set() } as unknown as Resume };
const facts = (f: Partial<PhaseFacts> = {}): PhaseFacts => ({ mode: { kind: 'full' }, o: {}, suites: new Set(ALL), ...f });
const aborted = () => AbortSignal.abort();
const problem = { problems: [{ key: 'target.token', problem: 'refused' }] };

describe('runPhases', () => {
  it('runs the phases in order, asking each first; a skipped one is recorded with its reason and not run', async () => {
    const ran: string[] = [];
    const ctx = { stop: false };
    const phase = (name: Phase<typeof ctx>['name'], skip?: (c: typeof ctx) => string | undefined): Phase<typeof ctx> => ({
      name,
      skipReason: skip ?? (() => undefined),
      run: async (c) => {
        ran.push(name);
        if (name === 'plan') c.stop = true;
      },
    });
    const heard: string[] = [];
    const records = await runPhases(
      [phase('preflight', () => 'off'), phase('plan'), phase('suites', (c) => (c.stop ? 'stopped' : undefined)), phase('certificate')],
      ctx,
      (r) => heard.push(r.name),
    );
    expect(ran).toEqual(['plan', 'certificate']);
    expect(records).toEqual([{ name: 'preflight', skipped: 'off' }, { name: 'plan' }, { name: 'suites', skipped: 'stopped' }, { name: 'certificate' }]);
    expect(heard).toEqual(['preflight', 'plan', 'suites', 'certificate']);
  });

  it('a phase that throws ends the loop: the phases before it were heard, none after it ran', async () => {
    const heard: string[] = [];
    const boom: Phase<object> = { name: 'suites', skipReason: () => undefined, run: () => Promise.reject(new Error('boom')) };
    const after: Phase<object> = { name: 'certificate', skipReason: () => undefined, run: () => Promise.reject(new Error('not reached')) };
    await expect(runPhases([boom, after], {}, (r) => heard.push(r.name))).rejects.toThrow('boom');
    expect(heard).toEqual(['suites']);
  });
});

describe('why each phase does not run', () => {
  it('the preflight: --no-preflight, a replay, an interrupt before it; runs for the plan only', () => {
    expect(skipPreflight(facts())).toBeUndefined();
    expect(skipPreflight(facts({ o: { preflight: false } }))).toBe('--no-preflight');
    expect(skipPreflight(facts({ mode: replay }))).toBe('a replay sends only the input it replays');
    expect(skipPreflight(facts({ o: { signal: aborted() } }))).toBe('interrupted before it');
    expect(skipPreflight(facts({ mode: { kind: 'plan-only' }, o: { preflight: false } }))).toBeUndefined();
  });

  it('the plan: made in every mode', () => {
    for (const mode of [{ kind: 'full' }, { kind: 'plan-only' }, replay, resume] as RunMode[]) expect(skipPlan(facts({ mode }))).toBeUndefined();
  });

  it('the suites: none selected, a preflight problem, a stop or an interrupt before them', () => {
    expect(skipSuites(facts())).toBeUndefined();
    expect(skipSuites(facts({ suites: new Set(['rate-limit']) }))).toBe('no functional suite selected');
    expect(skipSuites(facts({ mode: resume, suites: new Set() }))).toBe('the checkpoint leaves no functional test to run');
    expect(skipSuites(facts({ checked: problem }))).toBe('the preflight found a problem');
    expect(skipSuites(facts({ checked: { problems: [...problem.problems, ...problem.problems] } }))).toBe('the preflight found 2 problems');
    expect(skipSuites(facts({ checked: { problems: [] } }))).toBeUndefined();
    expect(skipSuites(facts({ o: { signal: aborted() } }))).toBe('interrupted before it');
    expect(skipSuites(facts({ mode: { kind: 'plan-only' } }))).toBe('--plan: the preflight and the plan only');
  });

  it('the load: only with --with-load and selected; not after a stop, a problem or an interrupt', () => {
    const functional = new Set<SuiteName>(ALL.filter((s) => s !== 'rate-limit'));
    expect(skipLoad(facts())).toBeUndefined();
    expect(skipLoad(facts({ suites: functional }))).toBe('the rate-limit suite runs with --with-load only');
    expect(skipLoad(facts({ suites: functional, o: { withLoad: true } }))).toBe('the rate-limit suite is not selected');
    expect(skipLoad(facts({ mode: replay, suites: new Set(['customer']) }))).toBe('the replayed test is not of the rate-limit suite');
    expect(skipLoad(facts({ mode: resume, suites: functional }))).toBe('the checkpoint leaves no rate-limit test to run');
    expect(skipLoad(facts({ checked: problem }))).toBe('the preflight found a problem');
    expect(skipLoad(facts({ stoppedBy: 'budget' }))).toBe('the run stopped before it (budget)');
    expect(skipLoad(facts({ o: { signal: aborted() } }))).toBe('interrupted before it');
  });

  it('the certificate: every run but the plan only', () => {
    expect(skipCertificate(facts({ stoppedBy: 'interrupted', checked: problem }))).toBeUndefined();
    expect(skipCertificate(facts({ mode: { kind: 'plan-only' } }))).toBe('--plan: the preflight and the plan only');
  });
});

describe('run --plan', () => {
  it('leaves out the suites, the load and the certificate, one line each', () => {
    const skipped = skippedUpFront(facts({ mode: { kind: 'plan-only' }, suites: new Set() }));
    expect(skipped.map((r) => r.name)).toEqual(['suites', 'load', 'certificate']);
    expect(skipped.map(skippedLine)).toEqual([
      'phase suites: not run (--plan: the preflight and the plan only)',
      'phase load: not run (--plan: the preflight and the plan only)',
      'phase certificate: not run (--plan: the preflight and the plan only)',
    ]);
    expect(PHASE_NAMES).toEqual(['preflight', 'plan', 'suites', 'load', 'certificate']);
  });
});
