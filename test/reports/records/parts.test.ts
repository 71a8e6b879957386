// A run in parts (run --resume): what the checkpoint plans to run again, how a part's records join
// the earlier parts', and which part the certificate says verified what.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certify } from '../../../reports/certify.ts';
import { ended } from '../../../reports/model.ts';
import type { CollectedTest } from '../../../reports/records/collected.ts';
import { joinParts, partSummaries, testKey } from '../../../reports/records/parts.ts';
import { partsConsole, partsHtml } from '../../../reports/render/run-parts.ts';
import { RECORDS_FORMAT, runFacts, type RecordedFacts, type RunRecords } from '../../../reports/records/records.ts';
import { readCheckpoint, rerunsTest } from '../../../engine/phases/checkpoint.ts';
import { emptyRecord, type TestRecord } from '../../../core/record.ts';

const FACTS: RecordedFacts = {
  target: { name: 'Acme staging', baseUrl: 'http://erp.test' },
  suiteVersion: '0.1.0',
  startedAt: '2026-05-01T22:00:00.000Z',
  durationMs: 3_600_000,
  seed: 42,
  numRuns: 10,
  suites: ['envelope-auth'],
  selection: null,
  withLoad: false,
  invocation: { config: 'erp.config.json' },
};
const FILE = 'suites/envelope-auth/auth.test.ts';

function test(name: string, ids: string[], state: CollectedTest['state'], record: Partial<TestRecord> | null = {}): CollectedTest {
  return {
    name: `${name} [${ids.join(', ')}]`,
    file: FILE,
    state,
    durationMs: 1,
    errors: [],
    // A test that left no record keeps the ids it declared (engine/phases/collector.ts).
    ...(record
      ? { record: { ...emptyRecord(ids), requests: 5, answered: 5, evidence: Object.fromEntries(ids.map((id) => [id, 2])), ...record } }
      : { declared: ids }),
  };
}

/** Night 1, cut by its budget: AUTH-1 ended, AUTH-2 was stopped half way, AUTH-3 never started, AUTH-5 was cancelled while it ran. */
function night1(): RunRecords {
  return {
    format: RECORDS_FORMAT,
    shard: null,
    facts: { ...FACTS, stoppedBy: 'budget' },
    collected: {
      tests: [
        test('Missing token', ['AUTH-1'], 'passed'),
        test('Invalid token', ['AUTH-2'], 'skipped', { notRun: 'the run budget (run.maxDurationSeconds) is spent', evidence: {} }),
        test('Token in the query', ['AUTH-3'], 'skipped', null),
        test('Near misses', ['AUTH-5'], 'skipped', { evidence: {} }),
      ],
      errors: [],
    },
  };
}

function checkpoint(records: RunRecords) {
  const dir = mkdtempSync(join(tmpdir(), 'erp-parts-'));
  writeFileSync(join(dir, 'records.json'), JSON.stringify(records));
  return readCheckpoint(dir);
}

describe('a run in parts', () => {
  it('plans to run again exactly the tests that did not end and verify a requirement not yet verified', () => {
    const first = certify(night1().collected, runFacts(night1().facts, null));
    const status = (id: string) => first.requirements.find((r) => r.id === id)!.status;
    // A test cancelled while it ran (a record, no end) is no pass: its requirement is not run.
    expect([status('AUTH-1'), status('AUTH-2'), status('AUTH-3'), status('AUTH-5')]).toEqual(['passed', 'not-run', 'not-run', 'not-run']);
    const plan = checkpoint(night1());
    expect([...plan.rerun].sort()).toEqual(night1().collected.tests.slice(1).map(testKey).sort());
    expect([...plan.suites]).toEqual(['envelope-auth']);
    const pattern = new RegExp(plan.testNamePattern);
    expect(pattern.test(`runtime/side-by-side.test.ts wave 1 ${FILE} Invalid token [AUTH-2]`)).toBe(true);
    expect(pattern.test(`${FILE} Token in the query [AUTH-3]`)).toBe(true);
    expect(pattern.test(`runtime/side-by-side.test.ts wave 1 ${FILE} Missing token [AUTH-1]`)).toBe(false);
  });

  it('keeps what ended, replaces what the next part ran to its end, and says which part verified what', () => {
    const plan = checkpoint(night1());
    const night2: RunRecords = {
      format: RECORDS_FORMAT,
      shard: null,
      facts: { ...FACTS, startedAt: '2026-05-02T22:00:00.000Z', durationMs: 1_000_000, suites: ['envelope-auth'] },
      collected: {
        tests: [
          test('Missing token', ['AUTH-1'], 'skipped', null), // not selected this time
          test('Invalid token', ['AUTH-2'], 'passed'),
          test('Token in the query', ['AUTH-3'], 'passed'),
          test('Near misses', ['AUTH-5'], 'failed', { findings: [], evidence: { 'AUTH-5': 1 } }),
        ],
        errors: [],
      },
    };
    const joined = joinParts(plan.previous, night2, (t) => rerunsTest(plan, t), {
      index: 2,
      startedAt: night2.facts.startedAt,
      durationMs: 1_000_000,
      requests: 300,
    });
    expect(joined.collected.tests.every(ended)).toBe(true);
    expect(joined.collected.tests.map((t) => t.part)).toEqual([1, 2, 2, 2]);
    expect(joined.facts.stoppedBy).toBeUndefined();
    expect(joined.facts.durationMs).toBe(4_600_000);
    const cert = certify(joined.collected, runFacts(joined.facts, null));
    const parts = partSummaries(joined, cert)!;
    expect(parts.map((p) => [p.index, p.verified])).toEqual([
      [1, ['AUTH-1']],
      [2, ['AUTH-2', 'AUTH-3', 'AUTH-5']],
    ]);
    expect(parts[0]).toMatchObject({ stoppedBy: 'budget', startedAt: FACTS.startedAt });
    expect(parts[1]!.requests).toBe(300);
    expect(partsConsole(parts).join('\n')).toMatch(/part 1 \(2026-05-01 22:00:00Z, 3600\.0 s\): \d+ requests, stopped by its budget; verified AUTH-1/);
    expect(partsHtml(parts)).toContain('<h2 id="parts">');
  });

  it("a part stopped again keeps the earlier part's records of the tests it did not end", () => {
    const plan = checkpoint(night1());
    const cutAgain: RunRecords = {
      format: RECORDS_FORMAT,
      shard: null,
      facts: { ...FACTS, stoppedBy: 'interrupted' },
      collected: { tests: [test('Invalid token', ['AUTH-2'], 'passed'), test('Token in the query', ['AUTH-3'], 'skipped', { evidence: {} })], errors: [] },
    };
    const joined = joinParts(plan.previous, cutAgain, (t) => rerunsTest(plan, t), {
      index: 2,
      startedAt: FACTS.startedAt,
      durationMs: 1,
      requests: 10,
      stoppedBy: 'interrupted',
    });
    const cert = certify(joined.collected, runFacts(joined.facts, null));
    const status = (id: string) => cert.requirements.find((r) => r.id === id)!.status;
    expect([status('AUTH-1'), status('AUTH-2'), status('AUTH-3'), status('AUTH-5')]).toEqual(['passed', 'passed', 'not-run', 'not-run']);
    expect(cert.verdict).toBe('interrupted');
    // The next part plans what is still open.
    const next = checkpoint(joined);
    expect([...next.rerun].map((k) => k.split('\u0000')[1])).toEqual(['Token in the query [AUTH-3]', 'Near misses [AUTH-5]']);
  });

  it("a worker that died is a run error while a test it cut is open, and its part's history once the next part ended them", () => {
    const crash = { cause: 'signal' as const, signal: 'SIGKILL', running: [FILE], declared: 4 };
    const died: RunRecords = {
      format: RECORDS_FORMAT,
      shard: null,
      facts: FACTS,
      collected: {
        tests: [
          test('Missing token', ['AUTH-1'], 'passed'),
          test('Invalid token', ['AUTH-2'], 'skipped', null),
          test('Near misses', ['AUTH-5'], 'skipped', null),
        ],
        errors: [],
        crashes: [crash],
      },
    };
    const first = certify(died.collected, runFacts(died.facts, null));
    expect(first.errors).toEqual([expect.stringMatching(/^the suite worker was killed by SIGKILL/)]);
    const plan = checkpoint(died);
    const part = (tests: CollectedTest[]) =>
      joinParts(plan.previous, { format: RECORDS_FORMAT, shard: null, facts: FACTS, collected: { tests, errors: [] } }, (t) => rerunsTest(plan, t), {
        index: 2,
        startedAt: FACTS.startedAt,
        durationMs: 1,
        requests: 10,
      });
    // One cut test still open: the crash is still why it is not run.
    const half = part([test('Invalid token', ['AUTH-2'], 'passed')]);
    expect(half.collected.crashes).toEqual([crash]);
    expect(certify(half.collected, runFacts(half.facts, null)).errors).toHaveLength(1);
    // Both ended: no run error left, part 1's row says what ended it.
    const whole = part([test('Invalid token', ['AUTH-2'], 'passed'), test('Near misses', ['AUTH-5'], 'passed')]);
    expect(whole.collected.crashes).toBeUndefined();
    const cert = certify(whole.collected, runFacts(whole.facts, null));
    expect(cert.errors).toEqual([]);
    expect(cert.requirements.filter((r) => ['AUTH-1', 'AUTH-2', 'AUTH-5'].includes(r.id)).map((r) => r.status)).toEqual(['passed', 'passed', 'passed']);
    const parts = partSummaries(whole, cert)!;
    expect(partsConsole(parts).join('\n')).toMatch(/part 1 \([^)]*\): \d+ requests, ended when the suite worker was killed by SIGKILL/);
  });
});
