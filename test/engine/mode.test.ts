// The run's mode (engine/mode.ts), decided once from the flags and the checkpoint: which mode
// each combination gives, the combinations refused, and the suites and passes that follow.
import { describe, expect, it } from 'vitest';
import type { SuiteName } from '../../core/types.ts';
import type { Resume } from '../../engine/phases/checkpoint.ts';
import { passesOf, replayOf, resumeOf, runModeOf, runsWhole, selectSuites, shardOf, suitesOf, type RunMode } from '../../engine/mode.ts';
import type { RunRecords } from '../../reports/records/records.ts';

const replay = { file: 'suites/customer/create.test.ts', test: 'CU-1 creates', property: 0, path: '0:1' };
const shard = { index: 1, count: 2 };
const resume = (suites: SuiteName[]): Resume => ({
  dir: '/tmp/earlier',
  previous: {} as RunRecords,
  rerun: new Set(),
  suites: new Set(suites),
  testNamePattern: '^$',
  loadNamePattern: '^$',
  undecided: [],
  narrowed: [],
});

describe('runModeOf', () => {
  it('no flag: the full run, the only mode whose tests are the whole selection', () => {
    const mode = runModeOf({});
    expect(mode).toEqual({ kind: 'full' });
    expect(runsWhole(mode)).toBe(true);
    expect([replayOf(mode), resumeOf(mode), shardOf(mode)]).toEqual([undefined, undefined, undefined]);
  });

  it('a replay, a checkpoint and a shard each give their mode, holding what they need', () => {
    const r = resume(['customer']);
    expect(runModeOf({ replay })).toEqual({ kind: 'replay', replay });
    expect(runModeOf({ resume: r })).toEqual({ kind: 'resume', resume: r });
    expect(runModeOf({ shard })).toEqual({ kind: 'shard', shard });
    expect(replayOf(runModeOf({ replay }))).toBe(replay);
    expect(resumeOf(runModeOf({ resume: r }))).toBe(r);
    expect(shardOf(runModeOf({ shard }))).toBe(shard);
    for (const mode of [runModeOf({ replay }), runModeOf({ resume: r }), runModeOf({ shard })]) expect(runsWhole(mode)).toBe(false);
  });

  it('--plan is the plan only, whatever else is given', () => {
    expect(runModeOf({ plan: true })).toEqual({ kind: 'plan-only' });
    expect(runModeOf({ plan: true, shard, resume: resume([]) })).toEqual({ kind: 'plan-only' });
    expect(runsWhole({ kind: 'plan-only' })).toBe(false);
  });

  it('refuses two of replay, resume and shard together', () => {
    expect(() => runModeOf({ replay, shard })).toThrow(/one of replay, resume or shard, not replay and shard/);
    expect(() => runModeOf({ resume: resume([]), shard })).toThrow(/not resume and shard/);
    expect(() => runModeOf({ replay, resume: resume([]) })).toThrow(/not replay and resume/);
  });
});

describe('suitesOf and passesOf', () => {
  it('a full run or a shard: the selection, rate-limit only with --with-load, in the suites order', () => {
    const full: RunMode = { kind: 'full' };
    expect([...suitesOf(full, undefined, false)]).toEqual(['envelope-auth', 'order-status', 'customer', 'report', 'index-operations']);
    expect([...suitesOf(full, undefined, true)]).toContain('rate-limit');
    expect([...suitesOf({ kind: 'shard', shard }, ['cu', 'OS'], false)]).toEqual(['order-status', 'customer']);
    expect([...suitesOf(full, ['RL'], false)]).toEqual([]);
    expect(suitesOf(full, ['RP'], true)).toEqual(selectSuites(['RP'], true));
  });

  it("a replay: the replayed test's suite; a resume: what the checkpoint leaves, in the suites order", () => {
    expect([...suitesOf({ kind: 'replay', replay }, ['OS'], true)]).toEqual(['customer']);
    expect([...suitesOf({ kind: 'resume', resume: resume(['rate-limit', 'report', 'customer']) }, undefined, false)]).toEqual([
      'customer',
      'report',
      'rate-limit',
    ]);
  });

  it('the functional pass, then the rate-limit suite alone', () => {
    expect(passesOf(new Set<SuiteName>(['customer', 'rate-limit', 'report']))).toEqual({ functional: ['customer', 'report'], load: ['rate-limit'] });
    expect(passesOf(new Set<SuiteName>(['rate-limit']))).toEqual({ functional: [], load: ['rate-limit'] });
    expect(passesOf(new Set<SuiteName>())).toEqual({ functional: [], load: [] });
  });
});
