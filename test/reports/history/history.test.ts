// The history of runs: a line per run holds the verdict, each requirement's status, the counts,
// the limits and each operation's latency; lines are appended, read back in the order of their
// runs, and a line that is not one (a cut last line, another file) is passed over and counted.
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory, historyLine, HistoryError, readHistory } from '../../../reports/history/history-line.ts';
import { rateLimitFixture, sampleCertification } from '../sample.ts';
import { fiveNights } from './nights.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-history-'));

describe('a history line', () => {
  const cert = sampleCertification();

  it("holds the verdict, every requirement's level and status, the counts and the probe's limit", () => {
    const line = historyLine(cert, { rateLimit: { kind: 'measured', result: rateLimitFixture() } });
    expect(line.verdict).toBe('not-certified');
    expect(Object.keys(line.requirements)).toEqual(cert.requirements.map((r) => r.id));
    expect(line.requirements['OS-4']).toEqual({ level: 'MUST', status: 'failed' });
    expect(line.requirements['AUTH-1']).toEqual({ level: 'MUST', status: 'not-run' });
    expect(line.counts).toEqual({
      requests: cert.figures.requests,
      exchanges: cert.exchanges,
      answers429: cert.figures.answers429,
      waitedMs: cert.figures.waitedMs,
      findings: 4,
    });
    expect(line.limits.probed).toEqual({ operation: 'report', limited: true, limit: 60, windowSeconds: 10 });
    expect(line.operations).toBeUndefined(); // no exchanges given: no figures made up
  });

  it("takes each operation's figures from the certificate, as compare reads them: computed once", () => {
    const operations = [
      { operation: 'report', requests: 21, answers429: 1, share429: 0.0476, timed: 21, p50Ms: 10, p95Ms: 19 },
      { operation: 'order-status', requests: 1, answers429: 0, share429: 0, timed: 0 },
    ];
    const line = historyLine({ ...cert, operations });
    expect(line.operations).toEqual({ report: { requests: 21, answers429: 1, p50Ms: 10, p95Ms: 19 }, 'order-status': { requests: 1, answers429: 0 } });
  });

  it('is appended one per run and read back in the order of the runs, other lines passed over and counted', () => {
    const file = path.join(tmp(), 'nested', 'history.jsonl');
    const nights = fiveNights();
    for (const l of [nights[2]!, nights[0]!, nights[1]!]) appendHistory(file, l);
    appendFileSync(file, '{"not": "a history line"}\n{"format": "erp-conformance-history/1", "verd');
    appendHistory(file, nights[3]!, (t) => t.replaceAll('erp.test', 'REDACTED'));
    const text = readFileSync(file, 'utf8');
    // The line cut by a run killed while it appended stays cut: the next starts on a line of its own.
    expect(text.split('\n').filter(Boolean)).toHaveLength(6);
    expect(text).toContain('"verd\n{');
    const { lines, passedOver } = readHistory(file);
    expect(lines.map((l) => l.startedAt)).toEqual(nights.slice(0, 4).map((l) => l.startedAt));
    expect(lines[3]!.target.baseUrl).toBe('http://REDACTED');
    expect(passedOver).toBe(2);
  });

  it('refuses a file that is missing or holds no line of this kit, naming it', () => {
    const dir = tmp();
    expect(() => readHistory(path.join(dir, 'none.jsonl'))).toThrow(HistoryError);
    writeFileSync(path.join(dir, 'other.jsonl'), '{"a":1}\n');
    expect(() => readHistory(path.join(dir, 'other.jsonl'))).toThrow(/holds no history line of this kit/);
  });
});
