// `report --trend FILE` as a user runs it (in this process: its words and files, no run): five
// nights' history lines make trend.html beside the file (or in --out), the lines that are not
// history lines passed over and said; a file with none, or flags that do not go with it, exit 2.
// And `run --history` refuses, before anything is sent, a history it could not append to.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendHistory } from '../../../reports/history/history-line.ts';
import { fiveNights } from '../../reports/history/nights.ts';
import { inProcess } from './in-process.ts';
import { writtenPaths } from './spawn.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'erp-report-trend-'));

describe('report --trend', () => {
  it('writes trend.html of every night beside the history file, and says how many lines it passed over', async () => {
    const dir = tmp();
    const file = path.join(dir, 'history.jsonl');
    for (const l of fiveNights()) appendHistory(file, l);
    writeFileSync(file, `${readFileSync(file, 'utf8')}not a line\n`);
    const r = await inProcess(['report', '--trend', file]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(writtenPaths(r.stdout)).toEqual([path.join(dir, 'trend.html')]);
    expect(r.stdout).toContain('trend of 5 run(s)');
    expect(r.stdout).toContain('1 line(s) passed over');
    const html = readFileSync(path.join(dir, 'trend.html'), 'utf8');
    expect([...html.matchAll(/data-plot="([^"]+)"/g)].map((m) => m[1])).toEqual(['verdict', 'grid', 'share429', 'limits', 'p95']);
  });

  it('writes into --out when given', async () => {
    const dir = tmp();
    const file = path.join(dir, 'h.jsonl');
    appendHistory(file, fiveNights()[0]!);
    const out = path.join(dir, 'site');
    const r = await inProcess(['report', '--trend', file, '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(path.join(out, 'trend.html'))).toBe(true);
  });

  it('exits 2 for a missing file, a file of no history line, and flags that do not go with --trend', async () => {
    const dir = tmp();
    const missing = await inProcess(['report', '--trend', path.join(dir, 'none.jsonl')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such file (run `erp-conformance run --history');
    writeFileSync(path.join(dir, 'x.jsonl'), '{}\n');
    expect((await inProcess(['report', '--trend', path.join(dir, 'x.jsonl')])).code).toBe(2);
    const mixed = await inProcess(['report', '--trend', path.join(dir, 'x.jsonl'), '--merge', 'a']);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('--trend reads one history file: --merge does not go with it');
  });
});

describe('run --history', () => {
  it('is a usage error, before the run starts, when FILE is a folder', async () => {
    const dir = tmp();
    const r = await inProcess(['run', '--history', dir, '--out', path.join(dir, 'report')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--history ${dir} is a folder: name the history file in it`);
    expect(existsSync(path.join(dir, 'report', 'certification.json'))).toBe(false);
  });
});
