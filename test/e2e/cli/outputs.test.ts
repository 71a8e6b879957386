// Outputs that agree with the run: every command lists under "written:" exactly what it wrote in
// its folder; `report --in` refuses rate-limit data of another target or run and keeps the RL rows
// in agreement with the section it adds; the progress line and the threshold lines read right.
// The refusals of `report --in` are words of the command line: in this process (test/e2e/cli/in-process.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { thresholdText } from '../../../load/threshold-text.ts';
import { parseExact } from '../../../core/json.ts';
import { writeReports } from '../../../reports/write.ts';
import type { Certification } from '../../../reports/model.ts';
import { fitLine } from '../../../engine/progress/progress-line.ts';
import { cli, ROOT, writtenPaths } from './spawn.ts';
import { sampleCertification } from '../../reports/sample.ts';
import { inProcess } from './in-process.ts';
import { WHOLE_FILE } from '../../tiers.ts';

const tmp = (p: string) => mkdtempSync(path.join(os.tmpdir(), `erp-outputs-${p}-`));
const entries = (dir: string) =>
  readdirSync(dir)
    .map((f) => path.join(dir, f))
    .sort();

describe('the output manifest', WHOLE_FILE, () => {
  it('after a preflight failure lists what it wrote and nothing else: no allure-results, no empty log, no progress file', async () => {
    const dir = tmp('preflight');
    const config = JSON.parse(readFileSync(path.join(ROOT, 'config/example.json'), 'utf8'));
    config.target = { ...config.target, baseUrl: 'http://127.0.0.1:1', token: 'preflight-token' };
    delete config.$schema;
    writeFileSync(path.join(dir, 'erp.config.json'), JSON.stringify(config));
    const out = path.join(dir, 'report');
    const r = await cli(['run', '--config', path.join(dir, 'erp.config.json'), '--out', out, '--quiet'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(2);
    const listed = writtenPaths(r.stdout).sort();
    expect(listed).toEqual(entries(out));
    expect(listed.map((p) => path.basename(p))).not.toContain('allure-results');
    expect(listed.map((p) => path.basename(p))).not.toContain('vitest.log');
  }, 150_000);

  it("a run lists exactly the files in its folder, the rate-limit.json it measured too, and counts the probe's requests", async () => {
    const out = path.join(tmp('rl'), 'report');
    // Few runs per property: the files written are the proof, not the count of generated cases.
    const r = await cli(['run', '--only', 'RL', '--with-load', '--num-runs', '3', '--out', out], { timeoutMs: 240_000 });
    expect(r.code, r.stderr).toBe(0);
    const listed = writtenPaths(r.stdout).sort();
    expect(listed).toEqual(entries(out));
    expect(listed.map((p) => path.basename(p))).toContain('rate-limit.json');
    expect(listed.map((p) => path.basename(p))).toContain('load.artillery.yml');
    expect(readdirSync(out)).not.toContain('.progress.json');
    const cert = parseExact(readFileSync(path.join(out, 'certification.json'), 'utf8')) as Certification;
    const probe = JSON.parse(readFileSync(path.join(out, 'rate-limit.json'), 'utf8')) as { requestsSent: number; run: { seed: number } };
    expect(probe.run.seed).toBe(cert.seed);
    expect(cert.requests).toBeGreaterThanOrEqual(probe.requestsSent);
    expect(r.stdout).not.toMatch(/\(0 requests/);
  }, 300_000);

  it('load lists load.json, load.html and load.har, the files it wrote', async () => {
    const out = path.join(tmp('load'), 'load');
    const r = await cli(['load', '--rate', '20', '--seconds', '1', '--quiet', '--out', out, '--threshold', 'rps>=100000'], { timeoutMs: 120_000 });
    expect(r.code, r.stderr).toBe(1);
    expect(writtenPaths(r.stdout).sort()).toEqual(entries(out));
    expect(readdirSync(out).sort()).toEqual(['load.har', 'load.html', 'load.json']);
    expect(r.stdout).toMatch(/threshold rps>=100000 crossed: throughput: [\d.]+ requests\/s, allowed at least 100000/);
  }, 150_000);
});

describe('report --in with a rate-limit.json', WHOLE_FILE, () => {
  const fixture = JSON.parse(readFileSync(path.join(ROOT, 'test/reports/fixtures/rate-limit.json'), 'utf8'));
  function folder(rateLimit: Record<string, unknown>): string {
    const dir = tmp('report');
    writeReports(dir, sampleCertification()); // target http://erp.test, seed 42, run without --with-load
    writeFileSync(path.join(dir, 'rate-limit.json'), JSON.stringify({ ...fixture, ...rateLimit }));
    return dir;
  }

  it('refuses, with the reason, a measurement of another target', async () => {
    const r = await inProcess(['report', '--in', folder({ target: { name: 'x', baseUrl: 'http://127.0.0.1:18556' } })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/measured against http:\/\/127\.0\.0\.1:18556, the certificate is of http:\/\/erp\.test: not the same target/);
  });

  it('refuses a measurement written by a run of another seed', async () => {
    const r = await inProcess(['report', '--in', folder({ target: { name: 'x', baseUrl: 'http://erp.test' }, run: { seed: 7 } })]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/seed 7, the certificate is of seed 42/);
  });

  it('adds a probe of the same target, and the RL rows no longer say "run with --with-load" beside it', async () => {
    const dir = folder({ target: { name: 'x', baseUrl: 'http://erp.test' } });
    const out = path.join(dir, 'again');
    mkdirSync(out);
    const r = await cli(['report', '--in', dir, '--out', out]);
    expect(r.stderr).toBe('');
    const cert = parseExact(readFileSync(path.join(out, 'certification.json'), 'utf8')) as Certification;
    const rl = cert.requirements.filter((x) => x.id.startsWith('RL-') && x.status === 'skipped');
    expect(rl.length).toBeGreaterThan(0);
    for (const x of rl) expect(x.reason).toMatch(/^not judged: .*"Rate limit" section/);
    expect(readFileSync(path.join(out, 'certification.html'), 'utf8')).not.toContain('run with --with-load');
  });
});

describe('console lines', () => {
  it('a crossed threshold reads as words, not CROSSED 429<5% (0.32)', () => {
    const text = thresholdText({ threshold: '429<5%', metric: '429', actual: 0.32, passed: false });
    expect(text).toBe('threshold 429<5% crossed: 429 answers: 32% of the requests, allowed below 5%');
    expect(thresholdText({ threshold: 'p99<200ms', metric: 'p99', actual: 12.5, passed: true })).toBe(
      'threshold p99<200ms held: p99 latency: 12.5 ms, allowed below 200ms',
    );
  });

  it('the progress line is cut to a terminal that reports its width, whole where it reports 0 columns', () => {
    const line = '45/59 tests, 49/71 requirements, 1435 requests, 0 429s, 10s elapsed ETA 3s';
    expect(fitLine(line, 0)).toBe(line);
    expect(fitLine(line, undefined)).toBe(line);
    expect(fitLine(line, 41)).toBe(line.slice(0, 40));
  });
});
