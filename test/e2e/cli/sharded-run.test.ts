// A run split in two shards (`run --shard i/2`, in parallel against one target, as two CI jobs
// would) and merged (`report --merge`) certifies like the same run unsharded; the merged folder
// has the Allure results of both shards, from which `report --allure` builds the HTML.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import type { RunRecords } from '../../../reports/records/records.ts';
import { startReference, type ReferenceServer } from '../../../reference/server.ts';
import { cli, writtenPaths, type CliResult } from './spawn.ts';
import { findAll, parseXml } from '../../reports/xml.ts';
import { WHOLE_FILE, itWhole } from '../../tiers.ts';
import { inProcess } from './in-process.ts';

// No preflight: these tests are about the reports of a run (the preflight has its own tests).
// --quiet: on a loaded machine a run lasts past the first plain progress line (stderr is for problems here).
const RUN = ['--only', 'OS', '--seed', '3', '--num-runs', '5', '--no-preflight', '--quiet'];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'erp-shards-'));
const dir = (name: string) => path.join(tmp, name);
const json = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const servers: ReferenceServer[] = [];
let shards: CliResult[];
let whole: CliResult;
/** Where the spec is read, so each Allure test links to its section whatever the checkout's layout. */
const SPEC = { ERP_SPEC_URL: 'https://specs.example/erp-open-interface.html' };

let merge: CliResult;

async function configFor(name: string): Promise<string> {
  const server = await startReference({ port: 0, faults: ['os-any-status'] });
  servers.push(server);
  const file = dir(`${name}.json`);
  writeFileSync(file, JSON.stringify(server.runConfig()));
  return file;
}

beforeAll(async () => {
  const [shared, alone] = [await configFor('shared'), await configFor('alone')];
  [shards, whole] = await Promise.all([
    Promise.all(
      [1, 2].map((i) => cli(['run', '--config', shared, ...RUN, '--shard', `${i}/2`, '--out', dir(`shard-${i}`)], { timeoutMs: 400_000, env: SPEC })),
    ),
    cli(['run', '--config', alone, ...RUN, '--out', dir('whole')], { timeoutMs: 400_000, env: SPEC }),
  ]);
  merge = await cli(['report', '--merge', dir('shard-1'), dir('shard-2'), '--out', dir('merged')]);
  // Generous ceilings (they end a hang): three runs at once took over 150 s on a machine ten times oversubscribed.
}, 450_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('a sharded run', WHOLE_FILE, () => {
  it('runs each suite file in exactly one shard, each shard writing a partial certificate and its records', () => {
    // Nothing on stderr but the plain progress lines a run longer than 10 s prints (a busy machine).
    for (const r of [...shards, whole]) expect(r.stderr.split('\n').filter((l) => l && !l.startsWith('progress: '))).toEqual([]);
    const names = [1, 2].map((i) => json<RunRecords>(path.join(dir(`shard-${i}`), 'records.json')).collected.tests.map((t) => t.file));
    expect(names[0]!.length).toBeGreaterThan(0);
    expect(names[1]!.length).toBeGreaterThan(0);
    expect(names[0]!.filter((f) => names[1]!.includes(f))).toEqual([]);
    const all = json<RunRecords>(path.join(dir('whole'), 'records.json')).collected.tests.map((t) => t.file);
    expect(new Set([...names[0]!, ...names[1]!])).toEqual(new Set(all));
    const partial = json<Certification>(path.join(dir('shard-1'), 'certification.json'));
    expect(partial.shard).toBe('1/2');
    expect(readFileSync(path.join(dir('shard-1'), 'certification.html'), 'utf8')).toContain('Partial certificate of shard 1/2');
    expect(shards[0]!.stdout).toContain('partial: shard 1/2 ran only its part of the suite files');
  });

  it('prints the paths of certification.json, certification.html, junit.xml, allure-results, records.json, exchanges.har and manifest.json', () => {
    const printed = writtenPaths(whole.stdout);
    expect(printed.map((p) => path.basename(p))).toEqual([
      'certification.json',
      'certification.html',
      'junit.xml',
      'allure-results',
      'records.json',
      'exchanges.har',
      'manifest.json',
    ]);
    for (const p of printed) expect(existsSync(p), p).toBe(true);
    expect(whole.stdout).toContain(`allure-results  (HTML: erp-conformance report --allure --in ${dir('whole')})`);
  });

  it('merges into the certificate of the unsharded run: same verdict, same status of every requirement', () => {
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(1); // not certified: OS-2 and OS-4 fail against os-any-status
    const merged = json<Certification>(path.join(dir('merged'), 'certification.json'));
    const alone = json<Certification>(path.join(dir('whole'), 'certification.json'));
    expect(merged.verdict).toBe('not-certified');
    expect(merged.verdict).toBe(alone.verdict);
    expect(merged.requirements.map((r) => `${r.id} ${r.status}`)).toEqual(alone.requirements.map((r) => `${r.id} ${r.status}`));
    expect(merged.requirements.filter((r) => r.status === 'failed').map((r) => r.id)).toEqual(['OS-2', 'OS-2f', 'OS-4']);
    expect(merged.shard).toBeUndefined();
    expect(writtenPaths(merge.stdout).map((p) => path.basename(p))).toEqual([
      'certification.json',
      'certification.html',
      'junit.xml',
      'allure-results',
      'records.json',
    ]);
  });

  it('writes a merged junit.xml with a failure for each failed requirement', () => {
    const failures = findAll(parseXml(readFileSync(path.join(dir('merged'), 'junit.xml'), 'utf8')), 'testcase').filter((c) =>
      c.children.some((x) => x.name === 'failure'),
    );
    expect(failures.map((c) => c.attributes.name!.split(' ')[0])).toEqual(['OS-2', 'OS-4']);
  });

  it('labels the Allure results by requirement and attaches the evidence', () => {
    const results = dir('merged/allure-results');
    const tests = readdirSync(results)
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => json<any>(path.join(results, f)));
    const os2 = tests.find((t) => t.name.includes('[OS-2]') && t.status === 'failed')!;
    const label = (name: string) => os2.labels.filter((l: { name: string }) => l.name === name).map((l: { value: string }) => l.value);
    expect(label('epic')).toEqual(['Section 4.1 Update Order Status']);
    expect(label('feature')).toEqual(['Update Order Status (POST /api/v1/sales/{salesId}/update-order-status)']);
    expect(label('severity')).toEqual(['critical']);
    expect(label('story')[0]).toMatch(/^OS-2 \[MUST\] /);
    expect(os2.links.map((l: { url: string }) => l.url.split('#')[1])).toEqual(['41-update-order-status']);
    const attachments = os2.steps.flatMap((s: { attachments: { name: string; source: string; type: string }[] }) => s.attachments);
    const curl = attachments.find((a: { name: string }) => a.name === 'OS-2 finding 1: curl');
    expect(readFileSync(path.join(results, curl.source), 'utf8')).toMatch(/^curl -sS -X POST '.*update-order-status/);
    const exchange = attachments.find((a: { name: string }) => a.name === 'OS-2 finding 1: exchange');
    expect(exchange.type).toBe('application/json');
    expect(json<{ request: { method: string } }>(path.join(results, exchange.source)).request.method).toBe('POST');
    expect(tests.find((t) => t.name.includes('[ST-2]'))!.labels).toContainEqual({ name: 'severity', value: 'minor' });
    // report --merge brought the results in line with the merged certificate: verdict tags and the replay line.
    expect(label('tag')).toContain('OS-2 failed');
    const merged = json<Certification>(path.join(dir('merged'), 'certification.json'));
    const replayed = merged.requirements.find((r) => r.id === 'OS-2')!.findings.find((f) => f.replay?.path !== undefined)!; // a property's
    const withReplay = tests.find((t) => t.name === replayed.replay!.test && t.status === 'failed')!;
    const replay = withReplay.attachments.find((a: { name: string }) => a.name.endsWith(': replay'));
    expect(readFileSync(path.join(results, replay.source), 'utf8')).toMatch(
      new RegExp(
        `^npx erp-conformance run --config '${dir('shared.json')}' --replay-test '.+::.+' --property \\d+ --seed 3 --nonce '[0-9a-f]{8}' --path '(example:\\d+|[\\d:]+)' --num-runs 5 --out '[^']+-replay'$`,
      ),
    );
  });

  // CI only (test/tiers.ts): the Allure build is the costliest step of this file.
  itWhole(
    'builds the Allure HTML offline from the merged results',
    async () => {
      const r = await cli(['report', '--allure', '--in', dir('merged')], { timeoutMs: 120_000 });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0); // the report was built; the merge gave the verdict (not certified)
      const index = path.join(dir('merged'), 'allure-report', 'index.html');
      expect(writtenPaths(r.stdout)).toContain(index);
      const html = readFileSync(index, 'utf8');
      expect(html).toContain('<div id="app">');
      expect(html).not.toContain('googletagmanager');
    },
    120_000,
  );

  it('refuses a shard outside 1..N and folders that are not shards of one run', async () => {
    // Words of the command line: in this process (test/e2e/cli/in-process.ts); the real CLI ran and merged the shards above.
    const [bad, mixed] = [
      await inProcess(['run', '--shard', '3/2']),
      await inProcess(['report', '--merge', dir('shard-1'), dir('whole'), '--out', dir('mixed')]),
    ];
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--shard must be I/N with 1 <= I <= N <= 64, received "3/2"');
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('holds an unsharded run');
  });
});
