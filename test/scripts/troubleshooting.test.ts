// docs/troubleshooting.md is complete by construction: every exit code and verdict has a line, and
// every problem and note the preflight writes and every reason and verdict sentence the kit writes
// is an entry of a table the code makes its words from (core/words/), with what to do keyed by the
// same code (scripts/troubleshooting/): a message without an entry, or an entry without what to do,
// does not compile. The suites' own reasons (core/words/suites.ts) and init --discover's "not found"
// lines (core/words/discover.ts) too. Here: the page holds each entry as the code says it, each value shown as "…".
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../core/exit-codes.ts';
import { PREFLIGHT_WORDS, preflightSays } from '../../core/words/preflight.ts';
import { DISCOVER_WORDS, discoverSays } from '../../core/words/discover.ts';
import { REASON_WORDS, reasonSays, VERDICT_WORDS } from '../../core/words/reasons.ts';
import { SUITE_WORDS, suiteSays } from '../../core/words/suites.ts';
import { shown, type Words } from '../../core/words/words.ts';
import { capProblems } from '../../engine/phases/preflight/preflight.ts';
import { generatedPages } from '../../scripts/docs.ts';
import { VERDICT_TODO } from '../../scripts/troubleshooting/reasons.ts';

/**
 * Kept as the suite wrote it before its reasons became words: the exchange's description (a value) carries the words
 * (osNotRefused), or the reason of another code does, after the scenario's name (osAcrossNotMade: "partially-paid: " and
 * Order Create's reason).
 */
const FEW_WORDS = new Set(['osNotRefused', 'osAcrossNotMade']);

const page = generatedPages()['docs/troubleshooting.md']!;
const entries = (table: Record<string, Words<never>>) => Object.entries(table).map(([code, w]) => ({ code, w, text: shown(w) }));
const row = (text: string) => `| \`${text.trim().replace(/`/g, "'")}\` |`;

describe('docs/troubleshooting.md', () => {
  it('lists every problem of the preflight with its key, and every note, in the words the preflight makes', () => {
    const all = entries(PREFLIGHT_WORDS);
    expect(all.length).toBeGreaterThan(35);
    for (const { w, text } of all) expect(page).toContain(w.key ? `${row(text)} \`${w.key}\` |` : row(text));
    // The refused write of issue 42, by its key.
    expect(page).toMatch(
      /\| `its configured request \(…\) was refused: … …; set its body or params to values the target holds` \| `operations\["<name>"\]` \|/,
    );
  });

  it('lists every reason a requirement is not verified and every sentence of a verdict', () => {
    const all = [...entries(REASON_WORDS), ...entries(VERDICT_WORDS)];
    expect(all.length).toBeGreaterThan(35);
    for (const { text } of all) expect(page).toContain(row(text));
  });

  it('lists every reason a suite writes of its own, and every line init --discover writes of a fixture it did not find, with its key', () => {
    const suites = entries(SUITE_WORDS);
    expect(suites.length).toBeGreaterThan(10);
    for (const { text } of suites) expect(page).toContain(row(text));
    const discover = entries(DISCOVER_WORDS);
    expect(discover.length).toBeGreaterThan(10);
    for (const { w, text } of discover) expect(page).toContain(`${row(text)} \`${w.key}\` |`);
  });

  it('shows each message whole: some words, each value as "…", no two alike', () => {
    const all = [...entries(PREFLIGHT_WORDS), ...entries(REASON_WORDS), ...entries(VERDICT_WORDS), ...entries(SUITE_WORDS), ...entries(DISCOVER_WORDS)];
    for (const { code, w, text } of all) {
      if (!FEW_WORDS.has(code)) expect(text.split(/\s+/).filter((x) => /[a-z]/i.test(x)).length, code).toBeGreaterThanOrEqual(2);
      expect(text.includes('…'), code).toBe(w.say.length > 0);
      expect(text, code).not.toMatch(/undefined|\[object/);
    }
    expect(new Set(all.map((e) => e.text)).size).toBe(all.length);
  });

  it('is the words the code writes: a value in its place', () => {
    expect(preflightSays('silent', { baseUrl: 'http://x', kind: 'refused', message: 'ECONNREFUSED' })).toBe('http://x does not answer: refused: ECONNREFUSED');
    const capped = capProblems(Array.from({ length: 5 }, (_, i) => ({ key: 'k', problem: `p${i}` })));
    expect(capped.at(-1)).toEqual({ key: 'k', problem: preflightSays('moreLikeThese', { count: 2 }) });
    expect(reasonSays('stoppedInTest', { stoppedBy: 'budget' })).toBe('not run: the run stopped (budget) before this test ended');
    expect(suiteSays('os9Unread', { salesId: 1001n, to: 'Confirmed', why: 'HTTP 500' })).toBe(
      'voucher 1001 could not be read after Confirmed was accepted: HTTP 500',
    );
    expect(discoverSays('fewBranches', { count: 1 })).toBe('branches (branchId, otherBranchId, invalidBranchId): Branch List holds 1 branch(es) with an id');
    expect(reasonSays('partUnjudged', { part: 'voucher 1001 (Pending)', why: 'Delivered was not sent' })).toBe(
      'voucher 1001 (Pending) judged nothing: Delivered was not sent',
    );
  });

  it('has a line for every exit code and every verdict, with what to do', () => {
    for (const [name, code] of Object.entries(EXIT)) expect(page).toMatch(new RegExp(`^\\| ${code} \\| \`${name}\` \\| [^|]+ \\| [^|]+ \\|$`, 'm'));
    for (const verdict of Object.keys(VERDICT_TODO)) expect(page).toContain(`| \`${verdict}\` |`);
  });
});
