// `erp-conformance compare PREV NEW` as a user drives it, in process, on two certificates written
// to folders: folders and files both read, each output written, JSON on stdout alone with
// `--json -`, and a run that cannot be read or a wrong command line is a usage error (exit 2).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certify } from '../../../reports/certify.ts';
import { runFacts } from '../../../reports/records/records.ts';
import { writeReports } from '../../../reports/write.ts';
import { ran, recordedFacts } from '../../reports/certify-kit.ts';
import { failingFinding } from '../../reports/sample.ts';
import { inProcess } from './in-process.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'erp-compare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const facts = runFacts(recordedFacts(['order-status']), null);
writeReports(path.join(dir, 'n1'), certify({ tests: [ran(['OS-4'], { evidence: { 'OS-4': 1 } })], errors: [] }, facts));
writeReports(path.join(dir, 'n2'), certify({ tests: [ran(['OS-4'], { findings: [failingFinding()] }, 'failed')], errors: [] }, facts));

describe('erp-conformance compare', () => {
  it('compares a folder with a certification.json and writes JSON, Markdown and HTML', async () => {
    const [json, md, html] = ['c.json', 'c.md', 'c.html'].map((f) => path.join(dir, f));
    const r = await inProcess([
      'compare',
      path.join(dir, 'n1'),
      path.join(dir, 'n2', 'certification.json'),
      '--json',
      json!,
      '--markdown',
      md!,
      '--html',
      html!,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toContain(`with the baseline ${path.join(dir, 'n1')} of`);
    expect(r.stdout).toContain('Newly failed (1)');
    expect(JSON.parse(readFileSync(json!, 'utf8')).gate).toEqual({ newMustFailures: ['OS-4'], knownMustFailures: [] });
    expect(readFileSync(md!, 'utf8')).toContain('## Newly failed (1)');
    expect(readFileSync(html!, 'utf8')).toContain('<h2>Newly failed (1)</h2>');
  });

  it('prints the JSON alone with --json -', async () => {
    const r = await inProcess(['compare', path.join(dir, 'n2'), path.join(dir, 'n2'), '--json', '-']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).requirements.stillFailed.map((x: { id: string }) => x.id)).toEqual(['OS-4']);
  });

  it('is a usage error for a run it cannot read, or not two runs', async () => {
    const missing = await inProcess(['compare', path.join(dir, 'nope'), path.join(dir, 'n2')]);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringContaining('no such folder or file')]);
    expect((await inProcess(['compare', path.join(dir, 'n2')])).code).toBe(2);
  });

  it('run: --fail-on is new or any, and new needs --baseline (said before anything is sent)', async () => {
    expect((await inProcess(['run', '--fail-on', 'some'])).stderr).toContain('--fail-on must be new or any');
    expect((await inProcess(['run', '--fail-on', 'new'])).stderr).toContain('--fail-on new needs --baseline PREV');
    expect((await inProcess(['run', '--baseline', path.join(dir, 'nope')])).stderr).toContain('--baseline: cannot read');
  });
});
