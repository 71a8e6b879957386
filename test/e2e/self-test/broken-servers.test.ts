// The suite proves itself, part 3: against servers that break HTTP, or are hostile, the run ends
// by itself well within its budget (and, cut by a short one, at it), writes its certificate, ends
// with a verdict docs/running.md allows that server (never certified: OUTCOMES below) and its exit code,
// and has no unhandled rejection; memory stays bounded; nothing a server sends is followed
// elsewhere or acts on a terminal or a browser; and no form of either token is written or printed,
// even by a server that echoes tokens whose characters change under URL and JSON encoding. A server
// that answers nothing a suite can read is judged on the envelope and report suites (onlyOf).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import type { RunVerdict } from '../../../core/types.ts';
import { exitCodeOf } from '../../../reports/verdict.ts';
import type { Certification } from '../../../reports/model.ts';
import { referenceRunConfig } from '../../../reference/run-config.ts';
import { runConformance } from '../../../engine/run.ts';
import { redirectTarget, startBroken, startRedirectTarget, type BrokenKind } from '../../../bench/support/broken-servers.ts';
import { withPeakMemory } from '../../../bench/support/memory.ts';
import { runAgainstReference, tempOut } from './run-reference.ts';
import { WHOLE_FILE, itWhole, tiered } from '../../tiers.ts';

/** Tokens with characters that change under URL, JSON and HTML encoding. */
const TOKENS = [`tok"SE\\CR/ET%+&<'=4f1c9a7e`, 'tok-SECRET-second-88b2'];
/**
 * The run budget: a safety net, not the end of these runs, each of which ends by itself well
 * within it even on an oversubscribed machine.
 */
const BUDGET_SECONDS = 90;
/** After the budget, running tests get engine/phases/pass.ts's 15 s grace; then a generous margin. */
const CEILING_SECONDS = BUDGET_SECONDS + 15 + 30;
/**
 * The client's time limit per answer. The servers that hold an answer (never-answers, trickles)
 * are judged at a short one, so their runs end soon; the others answer at once, and get a time
 * limit a busy machine cannot reach, so that their runs judge what they answer.
 */
const timeoutMsOf = (kind: BrokenKind) => (['never-answers', 'trickles'].includes(kind) ? 400 : 10_000);
/**
 * The cap on an answer's body (target.maxResponseBytes). The huge body (a 64 MB message, 8 in
 * flight) is judged at the default cap (4 MB), the one that killed a run's process before the
 * transport's budget; the others answer far less than 1 MB.
 */
const maxResponseBytesOf = (kind: BrokenKind) => (kind === 'huge-body' ? 4 * 1024 * 1024 : 1024 * 1024);

/**
 * What each server may end as, with the reason of docs/running.md's exit codes ("verdict | exit code"). Never certified
 * (nor selection-passed): nothing these servers answer is a pass of anything.
 * - preflight-failed: the preflight (on for these three) finds that the target does not answer.
 * - not-certified: the server answers, and a MUST failed on its answers.
 * - inconclusive: it answered none of the run's requests (every connection reset), or answered
 *   only what verifies nothing (429 to everything); for the others, only if the run budget cut the
 *   run before a MUST could fail (then the certificate says so: stoppedBy "budget").
 */
const OUTCOMES: Record<BrokenKind, { verdicts: RunVerdict[]; inconclusiveBecause?: RegExp }> = {
  'html-502': { verdicts: ['preflight-failed'] },
  'truncated-json': { verdicts: ['preflight-failed'] },
  'never-answers': { verdicts: ['preflight-failed'] },
  resets: { verdicts: ['inconclusive'], inconclusiveBecause: /the target answered none of the \d+ requests/ },
  'retry-after-a-day': { verdicts: ['inconclusive'], inconclusiveBecause: /No MUST failed, but \d+ were inconclusive/ },
  'huge-body': { verdicts: ['not-certified', 'inconclusive'] },
  'echoes-token': { verdicts: ['not-certified', 'inconclusive'] },
  trickles: { verdicts: ['not-certified', 'inconclusive'] },
  'deep-json': { verdicts: ['not-certified', 'inconclusive'] },
  redirects: { verdicts: ['not-certified', 'inconclusive'] },
  'hostile-text': { verdicts: ['not-certified', 'inconclusive'] },
};

/** The spellings of a token an output could hold if redaction missed it. */
const spellings = (t: string) => [t, encodeURIComponent(t), JSON.stringify(t).slice(1, -1), t.slice(0, 12), t.slice(-12)];

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? filesUnder(p) : [p];
  });
}

/** The files every run writes are there; no file of the folder, and no console line, holds a form of a token. */
function leaks(out: string, lines: string[]): string[] {
  for (const f of ['certification.json', 'certification.html', 'junit.xml', 'records.json']) expect(existsSync(path.join(out, f)), `${f} written`).toBe(true);
  const texts = [...filesUnder(out).map((f) => [f, readFileSync(f, 'latin1')] as const), ['console', lines.join('\n')] as const];
  return texts.flatMap(([where, text]) =>
    TOKENS.flatMap(spellings)
      .filter((t) => text.includes(t))
      .map((t) => `${where} holds ${t.slice(0, 6)}...`),
  );
}

/**
 * Runs per property: one. Each server answers every request alike, so a property's second case
 * meets what its first met; what is asserted is the run's ending and verdict, not a property.
 */
const NUM_RUNS = 1;
/**
 * The servers whose answers carry a token (echoed headers, or the URL of a request with the token in
 * its query) or the largest bodies: their runs write Allure results too, so no form of a token and
 * no body reaches those files either. The others' answers hold nothing an Allure result could leak.
 */
const WITH_ALLURE: BrokenKind[] = ['echoes-token', 'hostile-text', 'huge-body'];

/** The servers the preflight stops (exit 2): the suites are only the worker started beside it (engine/phases/early-start.ts). */
const AT_PREFLIGHT: BrokenKind[] = ['html-502', 'truncated-json', 'never-answers'];
/**
 * The suites of each run (requirement prefixes; every suite when absent). A server that answers no
 * request with anything a suite can read (a reset, 429 for a day, a redirect not followed, a body too
 * deep to parse) meets only the client and the harness, the same in every suite: its run takes the
 * envelope suite, whose tests send to every operation, and the report's, whose walks must stop on an
 * answer that is no page. The trickler keeps every suite: narrowed, its breaker ends the run after
 * four requests, inconclusive with nothing answered, which OUTCOMES does not allow it. The
 * servers whose answers carry a token or hostile text, and the huge bodies, meet every suite and report.
 */
const onlyOf = (kind: BrokenKind): string[] | undefined =>
  AT_PREFLIGHT.includes(kind) ? ['ENV'] : ['resets', 'retry-after-a-day', 'redirects', 'deep-json'].includes(kind) ? ['ENV', 'RP'] : undefined;

/** Raw characters that would act on a terminal (ESC, BEL, C1, bidi overrides). */
// eslint-disable-next-line no-control-regex
const ACTIVE = /[\u0007\u001b\u009b\u202e]/;

const ALL_KINDS: BrokenKind[] = [
  'html-502',
  'truncated-json',
  'never-answers',
  'resets',
  'huge-body',
  'echoes-token',
  'trickles',
  'deep-json',
  'redirects',
  'hostile-text',
  'retry-after-a-day',
];
/**
 * The gate (test/tiers.ts): the server that echoes the token (every output checked for it);
 * CI runs every kind, the budget cut below and the secret tokens.
 */
const QUICK_KINDS: BrokenKind[] = ['echoes-token'];

describe('a run against a broken or hostile server', () => {
  tiered(ALL_KINDS, QUICK_KINDS).each(
    'that %s ends within its budget with a certificate, no token and bounded memory',
    async (kind) => {
      const broken = await startBroken(kind);
      const other = kind === 'redirects' ? await startRedirectTarget() : undefined;
      const out = tempOut(kind);
      const lines: string[] = [];
      try {
        const base = referenceRunConfig(broken.url, TOKENS, 1);
        const config = loadConfig({
          base: {
            ...base,
            target: {
              name: `broken ${kind}`,
              baseUrl: broken.url,
              token: TOKENS[0],
              secondToken: TOKENS[1],
              timeoutMs: timeoutMsOf(kind),
              maxResponseBytes: maxResponseBytesOf(kind),
            },
            run: { maxDurationSeconds: BUDGET_SECONDS },
          },
          env: {},
        });
        const t0 = Date.now();
        // Three stop at the preflight (exit 2); the others run without it, so that their answers reach every suite and report.
        const preflight = AT_PREFLIGHT.includes(kind);
        const only = onlyOf(kind);
        const { result: r, peakMb } = await withPeakMemory(() =>
          runConformance({
            config,
            out,
            ...(only ? { only } : {}),
            numRuns: NUM_RUNS,
            seed: 1,
            allure: WITH_ALLURE.includes(kind),
            preflight,
            log: (l) => lines.push(l),
          }),
        );
        const seconds = (Date.now() - t0) / 1000;
        process.stdout.write(`broken server ${kind}: exit ${r.exitCode}, ${r.certification.verdict}, ${seconds.toFixed(1)} s, peak ${peakMb} MB\n`);
        expect(seconds).toBeLessThan(CEILING_SECONDS);
        expect(peakMb).toBeLessThan(1500);
        // No process of the run died of what the server sent (the worker's heap was the first to go).
        if (kind === 'huge-body') expect(r.certification.errors).toEqual([]);
        expectOutcome(kind, r.certification, r.exitCode);
        expect(JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')).verdict).toBe(r.certification.verdict);
        expect(r.certification.errors.filter((e) => /unhandled/i.test(e))).toEqual([]);
        expect(leaks(out, lines)).toEqual([]);
        // No vacuous leak check: the server echoed the tokens of requests the run sent.
        if (kind === 'echoes-token' && !r.certification.stoppedBy) expect(r.certification.requests).toBeGreaterThan(10);
        if (kind === 'redirects') expect(redirectTarget.contacted).toBe(0);
        if (kind === 'hostile-text') {
          expect(lines.join('\n')).not.toMatch(ACTIVE);
          expect(readFileSync(path.join(out, 'certification.html'), 'utf8')).not.toContain('<script>alert');
          expect(readFileSync(path.join(out, 'junit.xml'), 'utf8')).not.toMatch(ACTIVE);
        }
      } finally {
        await other?.close();
        await broken.close();
      }
    },
    (CEILING_SECONDS + 30) * 1000,
  );

  /**
   * The cut run's budget, and the client's time limit per answer, far longer than it. The trickler
   * never finishes an answer, so no request ends before its time limit: no test can end, and the
   * breaker (three requests in a row without an answer, client/scheduler/breaker.ts) cannot open,
   * before the budget. The run cannot end by itself first, however fast the machine: the budget
   * cuts it, during its start-up on a slow machine, with requests in flight on a fast one (vitest's
   * cancel ends the tests that wait on them).
   */
  const CUT_BUDGET_SECONDS = 3;
  const CUT_TIMEOUT_MS = 60_000;

  itWhole(
    'that trickles, cut by a run budget of 3 s, stops at it with a certificate that says so',
    async () => {
      const broken = await startBroken('trickles');
      const out = tempOut('budget');
      const lines: string[] = [];
      try {
        const base = referenceRunConfig(broken.url, TOKENS, 1);
        const config = loadConfig({
          base: {
            ...base,
            target: { ...base.target, baseUrl: broken.url, token: TOKENS[0], secondToken: TOKENS[1], timeoutMs: CUT_TIMEOUT_MS },
            run: { maxDurationSeconds: CUT_BUDGET_SECONDS },
          },
          env: {},
        });
        const t0 = Date.now();
        const r = await runConformance({ config, out, numRuns: NUM_RUNS, seed: 1, allure: false, preflight: false, log: (l) => lines.push(l) });
        const c = r.certification;
        // The budget, the grace for running tests, and a generous margin: far below the time limit of the requests in flight.
        expect((Date.now() - t0) / 1000).toBeLessThan(CUT_BUDGET_SECONDS + 15 + 30);
        expect(c.stoppedBy).toBe('budget');
        expect(['not-certified', 'inconclusive']).toContain(c.verdict);
        expect(r.exitCode).toBe(exitCodeOf(c.verdict));
        const cut = c.requirements.filter((x) => x.level === 'MUST' && x.status === 'not-run');
        expect(cut.length).toBeGreaterThan(0);
        for (const x of cut) expect(x.reason, x.id).toMatch(/run budget/);
        expect(JSON.parse(readFileSync(path.join(out, 'certification.json'), 'utf8')).stoppedBy).toBe('budget');
        expect(leaks(out, lines)).toEqual([]);
      } finally {
        await broken.close();
      }
    },
    120_000,
  );
});

/** The verdict is one of those docs/running.md allows this server, for its reason, with its exit code. */
function expectOutcome(kind: BrokenKind, c: Certification, exitCode: number): void {
  const allowed = OUTCOMES[kind];
  expect(allowed.verdicts, `${kind}: ${c.verdict} (${c.verdictReason})`).toContain(c.verdict);
  expect(exitCode).toBe(exitCodeOf(c.verdict));
  if (c.verdict === 'inconclusive') {
    if (allowed.inconclusiveBecause) expect(c.verdictReason).toMatch(allowed.inconclusiveBecause);
    else expect(c.stoppedBy, `${kind} inconclusive without the budget: ${c.verdictReason}`).toBe('budget');
  }
  // Whatever did not verify a MUST says why.
  for (const x of c.requirements.filter((q) => q.level === 'MUST' && (q.status === 'inconclusive' || q.status === 'not-run')))
    expect(x.reason, x.id).toMatch(/\S/);
}

describe('a run against the reference with secret tokens', WHOLE_FILE, () => {
  it('writes and prints no form of either token', async () => {
    const r = await runAgainstReference({ reference: { tokens: TOKENS }, numRuns: 5, allure: true, faults: ['os-any-status'], only: ['OS', 'AUTH'] });
    expect(r.certification.verdict).toBe('not-certified');
    expect(r.certification.requests).toBeGreaterThan(50);
    expect(leaks(r.out, r.lines)).toEqual([]);
  }, 180_000);
});
