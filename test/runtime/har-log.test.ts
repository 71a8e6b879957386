// The suite worker's HAR log (runtime/har-log.ts): a test's client's exchanges, and those of a
// sender of its own (the probe's) that number from 1 again: a finding on the probe's exchange 1
// is that exchange's failure, never the suite exchange 1's, and a check's pass stays on its own.
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../core/types.ts';
import { HAR_PARTS_DIR } from '../../reports/har/har-part.ts';
import { mergeHarParts } from '../../reports/har/har-merge.ts';
import { harChecked, harExchange, harFailures, harFlush, harSender } from '../../runtime/har-log.ts';
import type { SuiteContext } from '../../runtime/context.ts';
import type { RunShared } from '../../runtime/run-state.ts';

const ex = (seq: number, path: string): Exchange => ({
  seq,
  operation: 'report',
  tokenKind: 'valid',
  request: { method: 'GET', url: `http://erp.test${path}`, headers: { 'api-token': '***' } },
  response: { status: seq === 1 && path.includes('probe') ? 429 : 200, headers: {}, body: '{}', bytes: 2, truncated: false },
  startedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 3,
});
const finding = (on: Exchange, requirementId: string): Finding => ({ checkId: 'c', requirementId, title: 't', received: 'r', expected: 'e', exchange: on });

describe("the suite worker's HAR log", () => {
  it("keeps a sender's exchanges apart from the client's of the same number, each with its own outcomes", () => {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'erp-har-log-'));
    const run: RunShared = { key: 'k', ctx: { outDir } as unknown as SuiteContext, states: new Map() };
    const where = { file: 'suites/rate-limit/rate-limit.test.ts', test: 'probe', id: 'rate-limit/RL' };
    const client = ex(1, '/api/v1/report');
    harExchange(run, client, { ...where, id: 'report/RP-1' }, ['RP-1']);
    harChecked(run, client, { findings: [], evidence: [{ requirementId: 'ENV-1', n: 1, via: 'envelope.shape' }] });
    const probe = ex(1, '/probe');
    harSender(run, 'probe', where, ['RL-1', 'RL-2'])(probe);
    harFailures(run, [finding(probe, 'RL-2')]);
    // A second sender is named anew: its exchange 1 is a third exchange.
    const again = ex(1, '/probe-again');
    harSender(run, 'load', where, ['RL-5'])(again);
    harChecked(run, again, { findings: [finding(again, 'RL-5')], evidence: [] });
    harFlush(run); // as at a test's end (runtime/verifies.ts)
    const merged = mergeHarParts(outDir, (t) => t, '0.1.0', { parts: HAR_PARTS_DIR })!;
    const entries = JSON.parse(readFileSync(merged.file, 'utf8')).log.entries as { _erp: Record<string, unknown> }[];
    expect(entries.map((e) => [e._erp.source, e._erp.sender, e._erp.seq, e._erp.checks])).toEqual([
      ['suites', undefined, 1, [{ check: 'envelope.shape', requirementId: 'ENV-1', outcome: 'passed' }]],
      ['probe', 'probe-1', 1, [{ check: 'c', requirementId: 'RL-2', outcome: 'failed' }]],
      ['load', 'load-2', 1, [{ check: 'c', requirementId: 'RL-5', outcome: 'failed' }]],
    ]);
    expect(merged.links).toEqual({ 'ENV-1': ['0'], 'RP-1': ['0'], 'RL-1': ['1'], 'RL-2': ['1'], 'RL-5': ['2'] });
  });
});
