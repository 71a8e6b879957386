import { describe, expect, it } from 'vitest';
import { consoleSummary, inertForTerminal } from '../../../reports/render/console.ts';
import { replayCommand } from '../../../reports/render/replay.ts';
import {
  BIG_ID,
  HOSTILE_CONTROLS,
  INCONCLUSIVE_REASON,
  INVOCATION,
  NOT_RUN_REASON,
  REPLAY,
  ROUNDED_BIG_ID,
  sampleCertification,
  withFailedShould,
} from '../sample.ts';

describe('the console summary', () => {
  const cert = sampleCertification();
  // Unwrapped (the wrapping at 100 columns has its own tests below).
  const text = consoleSummary(cert, undefined, Infinity);
  const lines = text.split('\n');

  it('ends with the verdict, its reason and the requests, preflight requests and 429 waits', () => {
    expect(lines.at(-1)).toBe(
      'verdict: NOT-CERTIFIED: 2 MUST requirement(s) failed. (58 requests + 6 preflight; 6 answers 429 (6 waited out, 0 still refused); 1.5 s waited, summed over the requests; 1.2s)',
    );
    expect(lines).toContain('pacing: 4 requests in flight, at most 100/10s');
    // Just above it, the MUSTs that kept it from CERTIFIED (each detailed above): the end says what matters.
    expect(lines.at(-2)).toBe('MUST failed: OS-4, CU-1; MUST not verified: AUTH-1 (not-run), RP-1 (inconclusive)');
    expect(consoleSummary({ ...cert, verdict: 'certified' }, undefined, Infinity)).not.toContain('MUST failed:');
    expect(lines).toContain('MUST 3 passed, 2 failed, 2 not verified, 42 skipped; SHOULD 0 passed, 0 failed, 1 not verified, 37 skipped; INFO 2 observed');
  });

  it('names a failed SHOULD just above the verdict, under the failed MUSTs, and on a certified run too', () => {
    const { cert: withShould, id } = withFailedShould(cert);
    const end = consoleSummary(withShould, undefined, Infinity).split('\n');
    expect(end.at(-3)).toBe('MUST failed: OS-4, CU-1; MUST not verified: AUTH-1 (not-run), RP-1 (inconclusive)');
    expect(end.at(-2)).toBe(`SHOULD failed (not counted against the verdict): ${id}`);
    const certified = consoleSummary({ ...withShould, verdict: 'certified' }, undefined, Infinity).split('\n');
    expect(certified.at(-2)).toBe(`SHOULD failed (not counted against the verdict): ${id}`);
    expect(certified.join('\n')).not.toContain('MUST failed:');
  });

  it("has a line per spec section in the spec's order, naming each requirement failed or not verified", () => {
    const sections = lines.filter((l) => l.startsWith('  section ')).map((l) => l.split(/\s+/)[2]);
    expect(sections).toEqual(['1', '2.1', '2.3', '2.4', '2.5', '3', '4', '4.1', '4.2', '4.3', '5', '7', '8', '9']);
    // The spec's heading beside each number.
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}section 4\.3 {2}Consumption Production Report +2 inconclusive, 20 skipped {2}\(RP-1 inconclusive, RP-18 inconclusive\)$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}section 5 {4}Authentication +1 not-run, 12 skipped {2}\(AUTH-1 not-run\)$/));
  });

  it('prints each failed requirement with its requests, first finding, curl and the one replay line', () => {
    const at = lines.findIndex((l) => l.startsWith('  OS-4 [MUST]'));
    expect(lines[at]).toMatch(/\(3 finding\(s\), 40 requests\)$/);
    expect(lines.slice(at, at + 8)).toContain(`    replay: ${replayCommand(REPLAY, INVOCATION)}`);
    expect(lines).toContain(`    Received contactId ${BIG_ID}`);
    expect(text).not.toContain(ROUNDED_BIG_ID);
  });

  it('lists what was not verified with the reason, requirements that share one on one line', () => {
    const at = lines.indexOf('Not verified (no verdict without evidence):');
    expect(lines.slice(at + 1, at + 3)).toEqual([
      `  AUTH-1 [MUST] not-run: ${NOT_RUN_REASON}`,
      `  RP-1 [MUST], RP-18 [SHOULD] inconclusive: ${INCONCLUSIVE_REASON}`,
    ]);
  });

  it('names the requirements that cost the most requests', () => {
    expect(lines).toContain('Requests per requirement (most first; every one in certification.html): OS-4 40, CU-1 4, CU-12 4, ENV-1 4, ENV-2 4');
  });

  it("prints the preflight's problems, with their config keys, instead of a list of requirements not run", () => {
    const stopped = consoleSummary(
      { ...cert, verdict: 'preflight-failed', preflight: { problems: [{ key: 'target.baseUrl', problem: 'connection refused' }], notes: [], requests: 1 } },
      undefined,
      Infinity,
    );
    expect(stopped).toContain('The preflight stopped the run (exit 2): fix the config or the target, then run again:\n  target.baseUrl: connection refused');
    expect(stopped).not.toContain('Not verified');
  });

  it('lets no escape sequence, bell, C1 control or bidi override of a server reach the terminal', () => {
    for (const c of HOSTILE_CONTROLS) expect(text).not.toContain(c);
    expect(text).toContain('\\u001b[2J\\u001b]8;;https://evil.test/\\u0007click me\\u001b]8;;\\u0007\\u0007 \\u202eevil\\u202c \\u009b31m');
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  });
});

describe('inertForTerminal', () => {
  it('shows every control character but newline and tab, and every bidi control, as \\uXXXX', () => {
    expect(inertForTerminal('a\u001b[31mred\u001b[0m\tb\nc\rd\u0007\u009b2J\u202e\u2066\u200f')).toBe(
      'a\\u001b[31mred\\u001b[0m\tb\nc\\u000dd\\u0007\\u009b2J\\u202e\\u2066\\u200f',
    );
    expect(inertForTerminal('plain text, ünïcödé, 中文, emoji 🙂')).toBe('plain text, ünïcödé, 中文, emoji 🙂');
  });
});
