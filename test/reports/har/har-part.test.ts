// A HAR part written in batches (reports/har/har-part.ts): lines held until a flush, written in the
// order given; written at the batch's size, after HAR_FLUSH_MS, on flush() and close(), and when the
// process exits without closing it (a worker's process.exit); the size cap counted as before.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import { HAR_FLUSH_BYTES, HAR_FLUSH_MS, harPart, HAR_PARTS_DIR } from '../../../reports/har/har-part.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

const exchange = (seq: number, body = '{}'): Exchange => ({
  seq,
  operation: 'report',
  tokenKind: 'valid',
  request: { method: 'GET', url: `http://erp.test/api/v1/report?page=${seq}`, headers: { 'api-token': '***' } },
  response: { status: 200, headers: {}, body, bytes: body.length, truncated: false },
  startedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 3,
});

const out = () => mkdtempSync(path.join(os.tmpdir(), 'erp-har-batch-'));
const file = (dir: string, name = 'suites-1') => path.join(dir, HAR_PARTS_DIR, `${name}.jsonl`);
/** The seqs of the entries on disk, in file order. */
const seqs = (dir: string, name?: string): number[] =>
  existsSync(file(dir, name))
    ? readFileSync(file(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .flatMap((l) => {
          const v = JSON.parse(l) as { e?: { _erp: { seq: number } }; o?: { seq: number } };
          return v.e ? [v.e._erp.seq] : [];
        })
    : [];

afterEach(() => {
  vi.useRealTimers();
});

describe('a HAR part written in batches', () => {
  it('holds its lines until flush(), then writes them all in order; close() writes what is held', () => {
    vi.useFakeTimers();
    const dir = out();
    const part = harPart(dir, 'suites-1');
    for (let i = 1; i <= 5; i++) part.entry(exchange(i), { source: 'suites' });
    expect(seqs(dir)).toEqual([]);
    part.flush();
    expect(seqs(dir)).toEqual([1, 2, 3, 4, 5]);
    part.entry(exchange(6), { source: 'suites' });
    part.outcome(6, { check: 'c', requirementId: 'RP-1', outcome: 'passed' });
    part.entry(exchange(7), { source: 'suites' });
    part.close();
    expect(seqs(dir)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(readFileSync(file(dir), 'utf8').split('\n').filter(Boolean)[6]).toContain('"o":{"seq":6');
    part.entry(exchange(8), { source: 'suites' }); // after close: dropped, as before
    part.flush();
    expect(seqs(dir)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('writes a batch once it holds HAR_FLUSH_BYTES, and a smaller one HAR_FLUSH_MS after its first line', () => {
    vi.useFakeTimers();
    const dir = out();
    const part = harPart(dir, 'suites-1');
    const body = 'x'.repeat(1000);
    let n = 0;
    while (seqs(dir).length === 0 && n < 1000) part.entry(exchange(++n, body), { source: 'suites' });
    // the first write came at the batch's size, not before
    expect(n).toBeGreaterThan(HAR_FLUSH_BYTES / 4000);
    expect(n).toBeLessThan((HAR_FLUSH_BYTES / 1000) * 2);
    expect(seqs(dir)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    part.entry(exchange(++n), { source: 'suites' });
    vi.advanceTimersByTime(HAR_FLUSH_MS - 1);
    expect(seqs(dir)).toHaveLength(n - 1);
    vi.advanceTimersByTime(1);
    expect(seqs(dir)).toHaveLength(n);
    part.close();
  });

  it('counts the size cap over held and written lines alike', () => {
    vi.useFakeTimers();
    const dir = out();
    const part = harPart(dir, 'suites-1', 4000);
    for (let i = 1; i <= 10; i++) part.entry(exchange(i), { source: 'suites' });
    part.close();
    const lines = readFileSync(file(dir), 'utf8').split('\n').filter(Boolean);
    const kept = seqs(dir).length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(10);
    expect(lines.slice(kept).map((l) => JSON.parse(l))).toEqual(Array.from({ length: 10 - kept }, (_, i) => ({ x: kept + i + 1, s: 'suites' })));
  });

  it('a process that exits without closing its part (process.exit, as a worker stopped by a signal) leaves every line on disk', () => {
    const dir = out();
    const script = [
      `import { harPart } from ${JSON.stringify(path.join(ROOT, 'reports/har/har-part.ts'))};`,
      `const part = harPart(${JSON.stringify(dir)}, 'suites-9');`,
      `for (let i = 1; i <= 40; i++) part.entry({ seq: i, operation: 'report', tokenKind: 'valid', request: { method: 'GET', url: 'http://erp.test/r', headers: {} }, startedAt: '', durationMs: 1 }, { source: 'suites' });`,
      `process.exit(3);`,
    ].join('\n');
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(3);
    expect(seqs(dir, 'suites-9')).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });
});
