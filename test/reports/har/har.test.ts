// The run's HAR (reports/har/): an exchange as a HAR 1.2 entry (bodies over the cap cut with a note,
// an unanswered one with status 0 and why), parts appended as exchanges happen, joined with the
// outcomes their checks recorded, scrubbed, and a part that stops taking entries at its cap; a
// sender of its own (the probe's) numbered apart; each requirement's entries; the HAR read by the
// HAR 1.2 JSON Schema and imported into httpsnippet (npm).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import { HAR_BODY_CAP, harEntryOf } from '../../../reports/har/har-entry.ts';
import { harPart, HAR_PARTS_DIR } from '../../../reports/har/har-part.ts';
import { HAR_FILE, mergeHarParts } from '../../../reports/har/har-merge.ts';
import { curlLines, har12, harSchemaErrors } from './har-schema.ts';

function exchange(seq: number, o: Partial<Exchange> = {}): Exchange {
  return {
    seq,
    operation: 'order-status',
    tokenKind: 'valid',
    request: {
      method: 'POST',
      url: 'http://erp.test/api/v1/sales/7/update-order-status?branch_id=1',
      headers: { 'api-token': '***' },
      body: '{"orderStatus":"Pending"}',
    },
    response: {
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"status":true,"message":"s3cret-token ok","code":"200","response":{}}',
      bytes: 66,
      truncated: false,
    },
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 12.5,
    ...o,
  };
}

describe('a HAR entry', () => {
  it('is HAR 1.2, with a body over the cap cut and said, and an unanswered exchange at status 0 with why', () => {
    const long = exchange(1, { request: { ...exchange(1).request, body: 'x'.repeat(HAR_BODY_CAP + 10) } });
    const e = harEntryOf(long, { source: 'suites', testId: 't', ids: ['OS-1'] });
    expect(e.request.postData!.text).toHaveLength(HAR_BODY_CAP);
    expect(e.comment).toBe(`request body cut at ${HAR_BODY_CAP} of ${HAR_BODY_CAP + 10} characters`);
    const { response: _r, ...noAnswer } = exchange(2);
    const f = harEntryOf({ ...noAnswer, failure: { kind: 'timeout', message: 'after 10000 ms' } }, { source: 'preflight' });
    expect([f.response.status, f.comment]).toEqual([0, 'no answer: timeout: after 10000 ms']);
    expect(har12.safeParse({ log: { version: '1.2', creator: { name: 'k', version: '1' }, entries: [e, f] } }).success).toBe(true);
  });
});

describe('the HAR parts joined', () => {
  it('every entry of every part, preflight first, with its checks, scrubbed, as HAR 1.2; the parts removed', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-har-'));
    const suites = harPart(out, 'suites-1');
    suites.entry(exchange(1), { source: 'suites', testId: 'os/OS-1', ids: ['OS-1'] });
    suites.outcome(1, { check: 'envelope.shape', requirementId: 'ENV-1', outcome: 'passed' });
    suites.outcome(1, { check: 'os.status', requirementId: 'OS-1', outcome: 'failed' });
    suites.outcome(1, { check: 'os.status', requirementId: 'OS-1', outcome: 'failed' }); // the same outcome twice: once
    suites.close();
    const pre = harPart(out, 'preflight');
    pre.entry(exchange(1), { source: 'preflight' });
    pre.close();
    const merged = mergeHarParts(out, (t) => t.replaceAll('s3cret-token', '[redacted]'), '0.1.0');
    expect(merged).toMatchObject({ entries: 2, omitted: 0 });
    const text = readFileSync(path.join(out, HAR_FILE), 'utf8');
    expect(text).not.toContain('s3cret-token');
    const har = har12.parse(JSON.parse(text));
    const entries = JSON.parse(text).log.entries;
    expect(entries.map((e: { _erp: { source: string } }) => e._erp.source)).toEqual(['preflight', 'suites']);
    expect(entries[1]._erp.checks).toEqual([
      { check: 'envelope.shape', requirementId: 'ENV-1', outcome: 'passed' },
      { check: 'os.status', requirementId: 'OS-1', outcome: 'failed' },
    ]);
    expect(har.log.version).toBe('1.2');
    expect(existsSync(path.join(out, HAR_PARTS_DIR))).toBe(false);
  });

  it('a part at its size cap leaves entries out, and the log says how many', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-har-cap-'));
    const part = harPart(out, 'suites-1', 4000);
    for (let i = 1; i <= 10; i++) part.entry(exchange(i), { source: 'suites' });
    part.close();
    const merged = mergeHarParts(out, (t) => t, '0.1.0')!;
    expect(merged.entries).toBeGreaterThan(0);
    expect(merged.entries + merged.omitted).toBe(10);
    expect(JSON.parse(readFileSync(merged.file, 'utf8')).log.comment).toContain(`${merged.omitted} exchange(s) left out at the size cap`);
  });
});

describe('the size of a HAR', () => {
  it('3,000 exchanges with bodies far over the cap: every one kept, each body cut and said, the file near 10 MB', () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-har-size-'));
    const part = harPart(out, 'suites-1');
    const big = exchange(0);
    const body = `{"status":true,"message":"${'y'.repeat(10_000)}","code":"200","response":{}}`;
    for (let i = 1; i <= 3000; i++)
      part.entry(
        { ...big, seq: i, request: { ...big.request, body: 'x'.repeat(5_000) }, response: { ...big.response!, body, bytes: body.length } },
        { source: 'suites', testId: 'os/OS-1', ids: ['OS-1'] },
      );
    part.close();
    const merged = mergeHarParts(out, (t) => t, '0.1.0')!;
    expect(merged).toMatchObject({ entries: 3000, omitted: 0 });
    const size = readFileSync(merged.file).length;
    expect(size).toBeLessThan(12 * 1024 * 1024);
    const entries = JSON.parse(readFileSync(merged.file, 'utf8')).log.entries as { comment: string }[];
    expect(entries[2999]!.comment).toBe(
      `request body cut at ${HAR_BODY_CAP} of 5000 characters; response body cut at ${HAR_BODY_CAP} of ${body.length} characters`,
    );
  });
});

describe('a sender of its own in the HAR', () => {
  it("its entries and outcomes join apart from the suites' of the same number; each requirement links to its entries; npm's HAR readers take it", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-har-sender-'));
    const suites = harPart(out, 'suites-1');
    suites.entry(exchange(1), { source: 'suites', testId: 'os/OS-1', ids: ['OS-1'] });
    suites.outcome(1, { check: 'envelope.shape', requirementId: 'ENV-1', outcome: 'passed' });
    // The probe's exchange 1 is another exchange: its failure is its own.
    const refused = exchange(1, { request: { ...exchange(1).request, method: 'GET', url: 'http://erp.test/api/v1/report?from=2026-01-01', body: undefined } });
    suites.entry(refused, { source: 'probe', sender: 'probe-1', testId: 'rate-limit/RL', ids: ['RL-1', 'RL-2'] });
    suites.outcome(1, { check: 'rate-limit.envelope-429', requirementId: 'RL-2', outcome: 'failed' }, 'probe-1');
    suites.entry(exchange(2), { source: 'suites', testId: 'os/OS-1', ids: ['OS-1'] });
    suites.close();
    const pre = harPart(out, 'preflight');
    pre.entry(exchange(7), { source: 'preflight' });
    pre.close();
    const merged = mergeHarParts(out, (t) => t, '0.1.0')!;
    const har = JSON.parse(readFileSync(merged.file, 'utf8'));
    const entries = har.log.entries as { _erp: { source: string; checks: { requirementId: string }[] } }[];
    expect(entries.map((e) => [e._erp.source, e._erp.checks.map((c) => c.requirementId)])).toEqual([
      ['preflight', []],
      ['suites', ['ENV-1']],
      ['probe', ['RL-2']],
      ['suites', []],
    ]);
    expect(merged.links).toEqual({ 'ENV-1': ['1'], 'OS-1': ['1', '3'], 'RL-1': ['2'], 'RL-2': ['2'] });
    expect(har.log.comment).toMatch(/^every exchange sent \(4: the preflight 1, every test's client 2, the rate-limit probe's 1\)$/);
    // Valid for the HAR 1.2 JSON Schema, and read by httpsnippet: a curl line per entry, its method and URL.
    expect(harSchemaErrors(har)).toBe('');
    const curls = curlLines(har);
    expect(curls).toHaveLength(4);
    expect(curls[2]).toMatch(/^curl --request GET \\\n  --url 'http:\/\/erp\.test\/api\/v1\/report\?from=2026-01-01'/);
    expect(curls[1]).toContain('--data \'{"orderStatus":"Pending"}\'');
    // The schema does fail a HAR that is not one.
    expect(harSchemaErrors({ log: { ...har.log, entries: [{ ...har.log.entries[0], request: { method: 'GET' } }] } })).toMatch(/request/);
  });
});
