// The suite proves itself, part 4: a failing property names its { seed, path } and its test, the
// same seed sends the same requests again, and the replay line printed under the failure (one
// formatter for the console, HTML, JUnit and Allure) reproduces that failure alone: one test,
// one property, one counterexample, none of the tests that change vouchers.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayCommand } from '../../../reports/render/replay.ts';
import { runAgainstReference } from './run-reference.ts';
import { WHOLE_FILE, itWhole } from '../../tiers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

function os2Evidence(r: Awaited<ReturnType<typeof runAgainstReference>>) {
  const os2 = r.certification.requirements.find((x) => x.id === 'OS-2')!;
  return os2.findings
    .filter((f) => f.replay?.path !== undefined) // a property's finding (any other replays its whole test)
    .map((f) => ({ replay: f.replay, body: f.exchange?.request.body, url: f.exchange?.request.url.replace(/:\d+\//, ':PORT/') }));
}

/** The run with a failing property both tests start from: the same run, run once and shared. */
let failing: ReturnType<typeof runAgainstReference> | undefined;
const failingRun = () =>
  (failing ??= runAgainstReference({
    faults: ['os-case-insensitive'],
    only: ['OS'],
    seed: 7,
    numRuns: 20,
    invocation: { faults: ['os-case-insensitive'] },
  }));

describe('a failing property', WHOLE_FILE, () => {
  it('prints its seed and path, and --seed reruns exactly the same requests', async () => {
    const first = await failingRun();
    const evidence = os2Evidence(first);
    expect(evidence.length).toBeGreaterThan(0);
    expect(evidence[0]!.replay).toMatchObject({
      seed: 7,
      // A fast-check path, or one of the property's examples (evaluated first in every run).
      path: expect.stringMatching(/^(example:\d+|\d+(:\d+)*)$/),
      file: 'suites/order-status/validation.test.ts',
      property: expect.any(Number),
    });
    expect(first.lines.join('\n')).toContain(replayCommand(evidence[0]!.replay!, { faults: ['os-case-insensitive'] }));
    // The replay handle carries the run nonce: the seed with it sends the same requests.
    expect(evidence[0]!.replay!.nonce).toMatch(/^[0-9a-f]{8}$/);
    expect(first.lines.join('\n')).toContain(`--nonce '${evidence[0]!.replay!.nonce}'`);
    const again = await runAgainstReference({ faults: ['os-case-insensitive'], only: ['OS'], seed: 7, nonce: evidence[0]!.replay!.nonce!, numRuns: 20 });
    expect(os2Evidence(again)).toEqual(evidence);
  }, 120_000);

  // CI only (test/tiers.ts): three runs; the gate replays with the nonce above.
  itWhole(
    'makes the values a target may keep unique from the seed and the nonce: the same with the same nonce, others with a new one',
    async () => {
      // cu-contactid-string fails CU-1 on every creation: its first finding shows the customer sent.
      const sent = async (nonce?: string) => {
        const r = await runAgainstReference({ faults: ['cu-contactid-string'], only: ['CU'], seed: 7, numRuns: 5, ...(nonce ? { nonce } : {}) });
        const cu1 = r.certification.requirements.find((x) => x.id === 'CU-1')!;
        const body = JSON.parse(cu1.findings[0]!.exchange!.request.body!) as Record<string, string>;
        return { nonce: r.certification.nonce!, mobNo: body.mobNo, email: body.email, body: cu1.findings[0]!.exchange!.request.body };
      };
      const first = await sent();
      const replayed = await sent(first.nonce);
      const fresh = await sent();
      expect(replayed.body).toBe(first.body);
      expect(fresh.nonce).not.toBe(first.nonce);
      expect(fresh.mobNo).not.toBe(first.mobNo);
      expect(fresh.mobNo).toMatch(/^[6-9][0-9]{9}$/);
    },
    240_000,
  );

  it('replays alone from the printed line: the same failing request, one test, no voucher changed', async () => {
    const first = await failingRun();
    const [finding] = os2Evidence(first);
    const line = replayCommand(finding!.replay!, { faults: ['os-case-insensitive'] });
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-replay-'));
    // The printed line, run by a shell as a user would (npx -> the package's bin), into its own folder.
    const command = `${line.replace(/^npx erp-conformance/, `${path.join(ROOT, 'bin/erp-conformance.js')}`)} --no-allure --quiet --out ${out}`;
    let code = 0;
    let stdout = '';
    try {
      stdout = execFileSync('bash', ['-c', command], { cwd: ROOT, stdio: 'pipe', timeout: 120_000, encoding: 'utf8' });
    } catch (e) {
      ({ status: code, stdout } = e as { status: number; stdout: string });
    }
    const cert = JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8'));
    expect(code).toBe(1);
    // Its plan counts what it sends (one input of one property), not the suites' plan.
    const lines = stdout.split('\n');
    expect(lines.filter((l) => l.startsWith('plan: '))).toHaveLength(1);
    const plan =
      /^plan: replay of property (\d+) of "(.+)", its input at path (\S+) alone \(1 run, no shrinking\); no other test runs: (\d+)(?: to (\d+))? requests? \(/.exec(
        lines.find((l) => l.startsWith('plan: '))!,
      );
    expect(plan, stdout).not.toBeNull();
    expect([Number(plan![1]), plan![2], plan![3]]).toEqual([finding!.replay!.property, finding!.replay!.test, finding!.replay!.path]);
    expect(cert.requests).toBeLessThanOrEqual(Number(plan![5] ?? plan![4]));
    // Its certificate is about that property: reproduced, not a certification of the target.
    expect(cert.verdict).toBe('reproduced');
    expect(cert.replay).toEqual({ file: finding!.replay!.file, test: finding!.replay!.test, property: finding!.replay!.property, path: finding!.replay!.path });
    expect(cert.verdictReason).toMatch(
      /^The failure was reproduced: .+ failed again \(OS-2 MUST; .+\)\. This is a replay of one property, not a certification of the target\.$/,
    );
    expect(stdout).toMatch(/\nverdict: REPRODUCED: The failure was reproduced/);
    expect(stdout).not.toMatch(/MUST \d+ passed, \d+ failed, \d+ not verified, \d+ skipped/);
    const html = readFileSync(path.join(out, 'certification.html'), 'utf8');
    expect(html).toContain('<p class="verdict reproduced" id="verdict">FAILURE REPRODUCED</p>');
    expect(html).toContain('not part of this replay');
    const os2 = cert.requirements.find((x: { id: string }) => x.id === 'OS-2');
    expect(os2.status).toBe('failed');
    expect(os2.findings[0].exchange.request.body).toBe(finding!.body);
    // Alone: only that test ran; the lifecycle tests (which change vouchers) did not.
    const ran = cert.requirements.filter((x: { tests: string[]; status: string }) => x.tests.length > 0 && x.status !== 'skipped');
    expect(new Set(ran.flatMap((x: { tests: string[] }) => x.tests))).toEqual(new Set([finding!.replay!.test]));
    expect(cert.requirements.find((x: { id: string }) => x.id === 'ST-1').status).not.toBe('passed');
  }, 240_000);

  it('says "not reproduced" (exit 0) when the same line runs against a target without the defect', async () => {
    const first = await failingRun();
    const [finding] = os2Evidence(first);
    // The printed line against the reference without the fault: the property passes on its input.
    const line = replayCommand(finding!.replay!, { faults: [] });
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-replay-fixed-'));
    const command = `${line.replace(/^npx erp-conformance/, `${path.join(ROOT, 'bin/erp-conformance.js')}`)} --no-allure --quiet --out ${out}`;
    const stdout = execFileSync('bash', ['-c', command], { cwd: ROOT, stdio: 'pipe', timeout: 120_000, encoding: 'utf8' }); // exit 0, or it throws
    const cert = JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8'));
    expect(cert.verdict).toBe('not-reproduced');
    expect(cert.verdictReason).toMatch(/^The failure was not reproduced: .+ passed on its input \(OS-2 passed; \d+ request\(s\)\)\./);
    expect(stdout).toMatch(/\nverdict: NOT-REPRODUCED: /);
    expect(readFileSync(path.join(out, 'certification.html'), 'utf8')).toContain('<p class="verdict not-reproduced" id="verdict">NOT REPRODUCED</p>');
  }, 240_000);
});
