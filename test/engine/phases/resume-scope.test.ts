// A resume keeps the scope of the run it resumes (engine/phases/resume-scope.ts, checkpoint.ts,
// mode.ts): the checkpoint's selection, --with-load, seed and runs decide the resumed run; its
// settings come back unless given anew; the rate-limit pass of a resumed part selects its tests
// (their full names hold no suite file); a flag given anew that narrows the part is said on the
// first line and in the certificate, one that widens it is refused.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emptyRecord } from '../../../core/record.ts';
import type { SuiteName } from '../../../core/types.ts';
import { readCheckpoint } from '../../../engine/phases/checkpoint.ts';
import { narrowedOnly, restoredConfig, resumedFlags, resumeLine, resumeRun, settingsOf } from '../../../engine/phases/resume-scope.ts';
import { scopeOf, suitesOf } from '../../../engine/mode.ts';
import { certify } from '../../../reports/certify.ts';
import type { CollectedTest } from '../../../reports/records/collected.ts';
import { joinParts } from '../../../reports/records/parts.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords } from '../../../reports/records/records.ts';
import { runScope } from '../../../reports/scope.ts';
import { configFor } from '../../support/reference.ts';

const RL_FILE = 'suites/rate-limit/rate-limit.test.ts';
const RL_PROBE = 'Over the rate limit the target answers 429 with the envelope, and a Retry-After it sends holds [RL-1, RL-2, RL-3, RL-4]';
const RL_BURST = 'A burst of parallel requests inside one window is accepted no more often than the measured limit, for one token and for both [RL-6]';
const AUTH_FILE = 'suites/envelope-auth/auth.test.ts';

const config = configFor('http://127.0.0.1:1', (c) => (c.run = { ...c.run, maxDurationSeconds: 600, maxRequests: 5000, rateLimit: '100/10s' }));
const SETTINGS = settingsOf({ config, maxFailures: 3, limitsFrom: '/tmp/rate-limit.json', preflight: false, strict: true });
const SUITES: SuiteName[] = ['envelope-auth', 'order-status', 'customer', 'report', 'index-operations', 'rate-limit'];
const FACTS: RecordedFacts = {
  target: { name: config.target.name, baseUrl: config.target.baseUrl },
  suiteVersion: '0.1.0',
  startedAt: '2026-05-01T22:00:00.000Z',
  durationMs: 60_000,
  seed: 42,
  numRuns: 5,
  suites: SUITES,
  selection: null,
  withLoad: true,
  stoppedBy: 'interrupted',
  invocation: { faults: [] },
  scope: runScope(config),
  settings: SETTINGS,
};

function test(file: string, name: string, ids: string[], state: CollectedTest['state'], ran = true): CollectedTest {
  const record = { ...emptyRecord(ids), requests: 5, answered: 5, evidence: Object.fromEntries(ids.map((id) => [id, 2])) };
  return { name, file, state, durationMs: 1, errors: [], ...(ran ? { record } : { declared: ids }) };
}

/** A --with-load run interrupted in its load pass (the probe ended, the burst never started), or before it (no rate-limit test at all). */
function interrupted(inLoad: boolean): RunRecords {
  const tests = [test(AUTH_FILE, 'Missing token [AUTH-1]', ['AUTH-1'], 'passed'), test(AUTH_FILE, 'Invalid token [AUTH-2]', ['AUTH-2'], 'skipped', false)];
  if (inLoad) tests.push(test(RL_FILE, RL_PROBE, ['RL-1', 'RL-2', 'RL-3', 'RL-4'], 'passed'), test(RL_FILE, RL_BURST, ['RL-6'], 'skipped', false));
  return { format: RECORDS_FORMAT, shard: null, facts: FACTS, collected: { tests, errors: [] } };
}

function checkpointDir(records: RunRecords): string {
  const dir = mkdtempSync(join(tmpdir(), 'erp-resume-scope-'));
  writeFileSync(join(dir, 'records.json'), JSON.stringify(records));
  return dir;
}

const refuse = (message: string): never => {
  throw new Error(message);
};

describe('the checkpoint plans the rate-limit pass of a resumed part', () => {
  it('interrupted before the load pass: every rate-limit test runs, whatever its full name', () => {
    const plan = readCheckpoint(checkpointDir(interrupted(false)));
    expect(plan.suites.has('rate-limit')).toBe(true);
    const load = new RegExp(plan.loadNamePattern);
    // The rate-limit pass loads its file alone: vitest's full name is the test's name, no file.
    expect(load.test(RL_PROBE)).toBe(true);
    expect(load.test(RL_BURST)).toBe(true);
    // The functional pass's pattern is not the rate-limit suite's.
    expect(new RegExp(plan.testNamePattern).test(`runtime/side-by-side.test.ts wave 1 ${AUTH_FILE} Invalid token [AUTH-2]`)).toBe(true);
  });

  it('interrupted in the load pass: its tests run again together, the probe whose measurement they share included', () => {
    const plan = readCheckpoint(checkpointDir(interrupted(true)));
    const load = new RegExp(plan.loadNamePattern);
    expect(load.test(RL_BURST)).toBe(true);
    expect(load.test(RL_PROBE)).toBe(true);
    expect([...plan.rerun].filter((k) => k.startsWith(RL_FILE))).toHaveLength(2);
    // The functional tests that ended do not.
    expect(new RegExp(plan.testNamePattern).test(`runtime/side-by-side.test.ts wave 1 ${AUTH_FILE} Missing token [AUTH-1]`)).toBe(false);
    expect(new RegExp(plan.testNamePattern).test(RL_BURST)).toBe(false);
  });

  it('no rate-limit test to run: the load pattern selects none', () => {
    const plan = readCheckpoint(checkpointDir(interrupted(false)), new Set(['envelope-auth']));
    expect([...plan.suites]).toEqual(['envelope-auth']);
    expect(new RegExp(plan.loadNamePattern).test(RL_PROBE)).toBe(false);
  });
});

describe('the resumed run is decided from the checkpoint', () => {
  it("its mode's scope is the checkpoint's, whatever the options say", () => {
    const resume = readCheckpoint(checkpointDir(interrupted(false)));
    const mode = { kind: 'resume', resume } as const;
    expect(scopeOf(mode, { withLoad: false, only: ['OS'], seed: 7, numRuns: 100 })).toEqual({ only: undefined, withLoad: true, seed: 42, numRuns: 5 });
    expect(scopeOf({ kind: 'full' }, { withLoad: false, only: ['OS'] })).toEqual({ only: ['OS'], withLoad: false, seed: undefined, numRuns: undefined });
    expect(suitesOf(mode, undefined, false).has('rate-limit')).toBe(true);
  });

  it('the flags of the run resumed come back: target, seed, runs, selection, --with-load and the settings', () => {
    const values = resumedFlags({ ...FACTS, selection: ['OS', 'RL'] }, {}, refuse);
    expect(values).toMatchObject({ seed: '42', 'num-runs': '5', only: 'OS,RL', 'with-load': true, fault: [] });
    expect(values).toMatchObject({ 'max-failures': '3', 'limits-from': '/tmp/rate-limit.json', 'no-preflight': true, strict: true });
    // Given anew: its own.
    expect(resumedFlags(FACTS, { 'max-failures': '9' }, refuse)['max-failures']).toBeUndefined();
    // The same value given again is no change.
    expect(resumedFlags(FACTS, { seed: '42', 'with-load': true }, refuse).seed).toBe('42');
  });

  it('refuses a flag that changes the scope: another seed or runs, --with-load the run did not have', () => {
    expect(() => resumedFlags(FACTS, { seed: '7' }, refuse)).toThrow(/no --seed/);
    expect(() => resumedFlags(FACTS, { 'num-runs': '100' }, refuse)).toThrow(/no --num-runs/);
    expect(() => resumedFlags({ ...FACTS, withLoad: false }, { 'with-load': true }, refuse)).toThrow(/no --with-load/);
  });

  it("the budgets, the stated rate limit and the load caps are the checkpoint's unless given anew", () => {
    const fresh = configFor('http://127.0.0.1:1', (c) => (c.load = { ...c.load, maxRequests: 50 }));
    const restored = restoredConfig(fresh, SETTINGS, new Set());
    expect(restored.run).toMatchObject({ maxDurationSeconds: 600, maxRequests: 5000, rateLimit: '100/10s' });
    expect(restored.load).toMatchObject({ maxRequests: config.load.maxRequests, maxSeconds: config.load.maxSeconds });
    const anew = restoredConfig({ ...fresh, run: { ...fresh.run, maxDurationSeconds: 20 } }, SETTINGS, new Set(['max-duration']));
    expect(anew.run.maxDurationSeconds).toBe(20);
    expect(anew.run.maxRequests).toBe(5000);
    // An older checkpoint without settings: the config as given.
    expect(restoredConfig(fresh, undefined, new Set())).toBe(fresh);
  });
});

describe('a flag given anew that narrows the part', () => {
  it('--only with fewer prefixes narrows the suites and says so; one outside the scope is refused', () => {
    const narrowed = narrowedOnly(FACTS, 'auth', refuse);
    expect([...narrowed.suites]).toEqual(['envelope-auth']);
    expect(narrowed.words).toMatch(/^--only AUTH \(order-status, customer, report, index-operations, rate-limit not run in this part\)$/);
    expect(() => narrowedOnly({ ...FACTS, withLoad: false }, 'RL', refuse)).toThrow(/narrows the run it resumes, never widens it: RL/);
    expect(() => narrowedOnly({ ...FACTS, selection: ['OS'] }, 'OS,CU', refuse)).toThrow(/CU is not in its scope/);
    expect(() => narrowedOnly(FACTS, 'OS,XY', refuse)).toThrow(/unknown prefix XY/);
  });

  it('is said on the first line, and the run resumed keeps its selection', () => {
    const values: Record<string, unknown> = { resume: checkpointDir(interrupted(false)), only: 'AUTH' };
    const { resume, restore } = resumeRun(values, refuse);
    expect(values.only).toBeUndefined();
    expect([...resume.suites]).toEqual(['envelope-auth']);
    restore(configFor('http://127.0.0.1:1', (c) => (c.writes = false)));
    const line = resumeLine(resume, resume.suites);
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(
      /its scope: every suite with --with-load, 5 runs per property, seed 42; narrowed by flags given anew: --only AUTH \(.*\); the config leaves out update-order-status, contact-save/,
    );
  });

  it('the certificate says it while it holds: the last part narrowed; a part after it that did not, no more', () => {
    const first = interrupted(false);
    const part = (narrowed?: string[]): RunRecords => ({
      ...first,
      facts: { ...FACTS, stoppedBy: undefined, ...(narrowed ? { narrowed } : {}) },
      collected: { tests: [], errors: [] },
    });
    const info = { index: 2, startedAt: FACTS.startedAt, durationMs: 1, requests: 0 };
    const narrowed = joinParts(first, part(['--only AUTH']), () => true, info);
    expect(certify(narrowed.collected, runFacts(narrowed.facts, null)).verdictReason).toMatch(/Narrowed by flags given anew: --only AUTH\./);
    const after = joinParts(narrowed, part(), () => true, { ...info, index: 3 });
    expect(after.facts.narrowed).toBeUndefined();
    expect(certify(after.collected, runFacts(after.facts, null)).verdictReason).not.toMatch(/Narrowed/);
  });
});
