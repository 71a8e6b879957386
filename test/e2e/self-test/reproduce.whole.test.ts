// The suite proves itself: a stateful finding reproduces by hand and by its replay line. OS-3's
// finding of the fault os-paid-once (Delivered accepted on a voucher paid once, unpaid now), made by
// the test that walks such a voucher, carries the voucher's writes from Order Create on as numbered
// curl lines: run in order by bash against a fresh reference with the fault, the last step is
// accepted again (the defect); against one without it, the same lines end refused. The lines name
// the config's token variable ($MY_ERP_TOKEN). Its replay line (no property's finding: the whole
// test, same seed and nonce), run by a shell as printed, reproduces it. A customer's read-back
// finding (CU-15, fault cu-html-escapes-text) carries the creation ($CONTACT_ID) and the read: run
// in order against a fresh reference with the fault, the text reads back escaped; without it, as sent.
// CU-17's (cu-address-of-another-contact) also keeps the address ids A's read answered ($ADDRESS_ID_n),
// which B's saves send: pasted with the fault, A reads back changed; without it, as created.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../core/types.ts';
import { PLAN_COSTS } from '../../../engine/phases/plan/costs.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { atPath } from '../../../core/json.ts';
import { startReference } from '../../../reference/server.ts';
import { findingText } from '../../../reports/render/finding.ts';
import { replayCommand } from '../../../reports/render/replay.ts';
import { WHOLE_FILE } from '../../tiers.ts';
import { runAgainstReference } from './run-reference.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const FAULT = 'os-paid-once' as const;

const FILE = 'suites/order-status/across.test.ts';
/** The test that walks a voucher paid, then unpaid, to Delivered (its title as the run gives it). */
const ACROSS = PLAN_COSTS.tests.find((t) => t.id === 'across/OS-3+OS-6+OS-8')!.title!;

/** As a config whose token is "env:MY_ERP_TOKEN" loads (config/load.ts keeps the variable). */
const tokenVariable = (c: RunConfig): RunConfig => ({ ...c, target: { ...c.target, variables: { token: 'MY_ERP_TOKEN' } } });

/** The one run both tests start from: that test alone (as a replay runs it; the OS suite whole takes four times longer). */
let first: ReturnType<typeof runAgainstReference> | undefined;
const failingRun = () =>
  (first ??= runAgainstReference({
    faults: [FAULT],
    replay: { file: FILE, test: ACROSS },
    seed: 5,
    numRuns: 10,
    invocation: { faults: [FAULT] },
    patch: tokenVariable,
  }));

/** OS-3's finding whose sequence starts at the Order Create that made its voucher. */
async function sequenced(): Promise<Finding> {
  const os3 = (await failingRun()).certification.requirements.find((r) => r.id === 'OS-3')!;
  expect(os3.status).toBe('failed');
  const f = os3.findings.find((x) => x.sequence?.steps[0]?.binds);
  expect(f, JSON.stringify(os3.findings.map((x) => x.title))).toBeDefined();
  return f!;
}

/** Runs the finding's curl lines in order against `url` (asynchronously: the reference answers in this process); the answer of each, in order. */
async function runLines(f: Finding, url: string, token: string): Promise<string[]> {
  const lines = findingText(f)
    .split('\n')
    .filter((l) => /^ {3}(\w+=\$\()?curl /.test(l))
    .map((l) => l.trim().replace(/http:\/\/127\.0\.0\.1:\d+/g, url));
  const script = lines.map((l) => `${l}\necho; echo '=== step'`).join('\n');
  const { stdout: out } = await promisify(execFile)('bash', ['--norc', '--noprofile', '-c', script], {
    env: { PATH: process.env.PATH, MY_ERP_TOKEN: token },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return out
    .split('=== step')
    .map((s) => s.trim())
    .slice(0, lines.length);
}

const CU_FAULT = 'cu-html-escapes-text' as const;
const TEXT_FILE = 'suites/customer/text-read-back.test.ts';
const TEXT = PLAN_COSTS.tests.find((t) => t.id === 'text-read-back/CU-15')!.title!;
/** As the fault saves text (reference/faults.ts). */
const escaped = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
/** `contactAddressDTO[0].addressLine1` read in `json` (the read-back's `response`, or the body sent). */
const fieldOf = (json: unknown, field: string) => atPath(json, field.replace(/\[(\d+)\]/g, '.$1'));

describe('a stateful finding reproduces', WHOLE_FILE, () => {
  it("a customer's read-back finding from its curl lines: the creation, then the read", async () => {
    const run = await runAgainstReference({
      faults: [CU_FAULT],
      replay: { file: TEXT_FILE, test: TEXT },
      seed: 5,
      numRuns: 10,
      invocation: { faults: [CU_FAULT] },
      patch: tokenVariable,
    });
    const cu15 = run.certification.requirements.find((r) => r.id === 'CU-15')!;
    expect(cu15.status).toBe('failed');
    const f = cu15.findings.find((x) => x.sequence?.steps[0]?.binds)!;
    expect(f, JSON.stringify(cu15.findings.map((x) => x.title))).toBeDefined();
    const field = /^Saved (\S+) reads back changed/.exec(f.title)![1]!;
    const steps = f.sequence!.steps;
    expect(steps.map((x) => x.exchanges[0]!.request.method)).toEqual(['POST', 'GET']);
    const sent = fieldOf(JSON.parse(steps[0]!.exchanges[0]!.request.body!), field) as string;
    expect(escaped(sent)).not.toBe(sent);
    for (const faults of [[CU_FAULT], []] as const) {
      const server = await startReference({ port: 0, faults: [...faults] });
      try {
        const answers = await runLines(f, server.url.replace(/\/+$/, ''), server.tokens[0]!);
        expect(answers[0]).toMatch(/^CONTACT_ID=\d+$/);
        const read = JSON.parse(answers.at(-1)!) as { response?: unknown };
        // With the fault the field reads back escaped (the finding); without it, as it was sent.
        expect(fieldOf(read.response, field), answers.at(-1)).toBe(faults.length ? escaped(sent) : sent);
      } finally {
        await server.close();
      }
    }
  }, 240_000);

  it("a save of another customer that changed this one (CU-17): the creation, the read binding its address ids, the other's saves, the read", async () => {
    const FAULT17 = 'cu-address-of-another-contact' as const;
    const test = PLAN_COSTS.tests.find((t) => t.id === 'cross-record/CU-17')!.title!;
    const run = await runAgainstReference({
      faults: [FAULT17],
      replay: { file: 'suites/customer/cross-record.test.ts', test },
      seed: 5,
      numRuns: 10,
      patch: tokenVariable,
    });
    const cu17 = run.certification.requirements.find((r) => r.id === 'CU-17')!;
    expect(cu17.status).toBe('failed');
    const f = cu17.findings.find((x) => x.sequence?.steps[0]?.binds)!;
    expect(f.sequence!.steps.map((x) => x.exchanges[0]!.request.method)).toEqual(['POST', 'GET', 'POST', 'POST', 'GET']);
    const lines = (a: unknown) => ((a as { contactAddressDTO?: { addressLine1: string }[] }).contactAddressDTO ?? []).map((x) => x.addressLine1).sort();
    const sent = lines(JSON.parse(f.sequence!.steps[0]!.exchanges[0]!.request.body!));
    for (const faults of [[FAULT17], []] as const) {
      const server = await startReference({ port: 0, faults: [...faults] });
      try {
        const answers = await runLines(f, server.url.replace(/\/+$/, ''), server.tokens[0]!);
        expect(answers[1]).toMatch(/^ADDRESS_ID_1=\d+ ADDRESS_ID_2=\d+$/);
        const after = lines((JSON.parse(answers.at(-1)!) as { response?: unknown }).response);
        // With the fault, the other contact's saves edited one of A's addresses and dropped the other; without it, A is as created.
        if (faults.length) expect(after, answers.at(-1)).not.toEqual(sent);
        else expect(after, answers.at(-1)).toEqual(sent);
      } finally {
        await server.close();
      }
    }
  }, 240_000);

  it('from its curl lines, run in order against a fresh reference', async () => {
    const f = await sequenced();
    const steps = f.sequence!.steps;
    // From the voucher's creation (its id kept in $SALES_ID) to the Delivered that was accepted.
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(steps.at(-1)!.exchanges[0]!.request.body).toContain('Delivered');
    const text = findingText(f);
    expect(text).toContain('"api-token: $MY_ERP_TOKEN"');
    expect(text).not.toContain('ERP_API_TOKEN');
    for (const faults of [[FAULT], []] as const) {
      const server = await startReference({ port: 0, faults: [...faults] });
      try {
        const answers = await runLines(f, server.url.replace(/\/+$/, ''), server.tokens[0]!);
        expect(answers[0]).toMatch(/^SALES_ID=\d+$/);
        const last = JSON.parse(answers.at(-1)!) as { status?: unknown; code?: unknown };
        // With the fault the last step is accepted again; without it, the same sequence ends refused (4.1 rule 3).
        if (faults.length) expect(last.status, answers.at(-1)).toBe(true);
        else expect([last.status, String(last.code)], answers.at(-1)).toEqual([false, '400']);
      } finally {
        await server.close();
      }
    }
  }, 240_000);

  it('from its replay line: the whole test again, with the same seed and nonce', async () => {
    const f = await sequenced();
    expect(f.replay).toMatchObject({ seed: 5, file: FILE, test: ACROSS });
    expect(f.replay!.path).toBeUndefined();
    const line = replayCommand(f.replay!, { faults: [FAULT] });
    expect(line).not.toContain('--path');
    expect((await failingRun()).lines.join('\n')).toContain(line);
    const out = mkdtempSync(path.join(os.tmpdir(), 'erp-replay-test-'));
    const command = `${line.replace(/^npx erp-conformance/, path.join(ROOT, 'bin/erp-conformance.js'))} --no-allure --quiet --out ${out}`;
    let code = 0;
    let stdout = '';
    try {
      stdout = execFileSync('bash', ['-c', command], { cwd: ROOT, stdio: 'pipe', timeout: 180_000, encoding: 'utf8' });
    } catch (e) {
      ({ status: code, stdout } = e as { status: number; stdout: string });
    }
    expect(code, stdout).toBe(1);
    const cert = JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8'));
    expect(cert.verdict).toBe('reproduced');
    expect(cert.replay).toEqual({ file: f.replay!.file, test: f.replay!.test });
    expect(cert.verdictReason).toMatch(/^The failure was reproduced: the test ".+" failed again \(.*OS-3 MUST.*\)\. This is a replay of one test/);
    expect(stdout).toMatch(/^plan: replay of the test ".+" alone, with the run's seed and nonce; no other test runs/m);
    // Alone: only that test ran.
    const ran = cert.requirements.filter((x: { tests: string[]; status: string }) => x.tests.length > 0 && x.status !== 'skipped');
    expect(new Set(ran.flatMap((x: { tests: string[] }) => x.tests))).toEqual(new Set([f.replay!.test]));
  }, 300_000);
});
