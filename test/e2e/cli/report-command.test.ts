// `report --in DIR` as a user runs it: certification.html and junit.xml rebuilt from
// certification.json, the summary printed inert, and the verdict's exit code.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringifyJson } from '../../../core/json.ts';
import { writeReports } from '../../../reports/write.ts';
import { cli, writtenPaths } from './spawn.ts';
import { inProcess } from './in-process.ts';
import { BIG_ID, HOSTILE_CONTROLS, ROUNDED_BIG_ID, sampleCertification } from '../../reports/sample.ts';

describe('report --in', () => {
  it("rebuilds the HTML and JUnit with the same digits, prints the summary inert and exits with the verdict's code", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-report-in-'));
    const out = path.join(dir, 'again');
    writeReports(dir, sampleCertification());
    const r = await cli(['report', '--in', dir, '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1); // not certified
    expect(writtenPaths(r.stdout).map((p) => path.basename(p))).toEqual(['certification.json', 'certification.html', 'junit.xml']);
    for (const f of ['certification.html', 'junit.xml', 'certification.json']) {
      const text = readFileSync(path.join(out, f), 'utf8');
      expect(text, f).toContain(BIG_ID);
      expect(text, f).not.toContain(ROUNDED_BIG_ID);
    }
    expect(r.stdout).toContain('verdict: NOT-CERTIFIED: 2 MUST requirement(s) failed.');
    for (const c of HOSTILE_CONTROLS) expect(r.stdout).not.toContain(c);
  });

  it('exits 3 for an inconclusive certificate and 0 for a selection that passed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-report-in-'));
    const cert = sampleCertification();
    const codes: number[] = [];
    for (const verdict of ['inconclusive', 'selection-passed'] as const) {
      writeFileSync(path.join(dir, 'certification.json'), stringifyJson({ ...cert, verdict, verdictReason: `it is ${verdict}` }, 2));
      const r = await inProcess(['report', '--in', dir]); // the exit code as the CLI returns it; the real process's is above
      codes.push(r.code);
      expect(readFileSync(path.join(dir, 'certification.html'), 'utf8')).toContain(`<p id="verdict-reason">it is ${verdict}</p>`);
    }
    expect(codes).toEqual([3, 0]);
  });
});
