// docs/troubleshooting.md, made from data: the exit codes (core/exit-codes.ts with the main help's
// words, bin/cli/exit-codes.ts), the run verdicts, every preflight problem and note, and every
// reason a requirement is inconclusive, not run or skipped (a suite's own too), and every "not
// found" line of init --discover, in the words the code makes from the same tables (core/words/),
// each with what to do (scripts/troubleshooting/preflight.ts, reasons.ts, suites.ts).
// scripts/docs.ts writes it with the others.
import { EXIT } from '../../core/exit-codes.ts';
import { EXIT_CODES } from '../../bin/cli/exit-codes.ts';
import type { RunVerdict } from '../../core/types.ts';
import { PREFLIGHT_WORDS, type PreflightCode } from '../../core/words/preflight.ts';
import { REASON_WORDS, VERDICT_WORDS, type ReasonCode, type VerdictCode } from '../../core/words/reasons.ts';
import { shown, type Words } from '../../core/words/words.ts';
import { DISCOVER_WORDS, type DiscoverCode } from '../../core/words/discover.ts';
import { SUITE_WORDS, type SuiteCode } from '../../core/words/suites.ts';
import { PREFLIGHT_TODO } from './preflight.ts';
import { DISCOVER_TODO, SUITE_TODO } from './suites.ts';
import { EXIT_TODO, REASON_TODO, VERDICT_SENTENCE_TODO, VERDICT_TODO } from './reasons.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const quoted = (w: Words<never>) => `\`${shown(w).trim().replace(/`/g, "'")}\``;
const codes = <T extends object>(table: T) => Object.keys(table) as (keyof T)[];

export function troubleshootingPage(generated: string): string {
  const out = [
    '# Troubleshooting',
    '',
    generated,
    '',
    'What a run prints when something is not as it should be, and what to do. The exit code first; then the',
    'preflight (it stops a run with exit 2 before any suite, naming the config key to fix); then why a requirement',
    'is inconclusive, not run or skipped (its reason in `certification.html` and `certification.json`). A message',
    'is shown in its words, each value as `…`. The config keys: [config-reference.md](config-reference.md).',
    '',
    '## Exit codes',
    '',
    '| exit code | name | meaning | what to do |',
    '| --- | --- | --- | --- |',
  ];
  for (const [name, code] of Object.entries(EXIT) as [keyof typeof EXIT, number][]) {
    const meaning = EXIT_CODES.find((e) => e.code.split('/').includes(String(code)))?.meaning ?? '';
    out.push(`| ${code} | \`${name}\` | ${cell(meaning)} | ${cell(EXIT_TODO[name])} |`);
  }
  out.push(
    '',
    '## Verdicts',
    '',
    'The verdict of a run (`certification.json` `verdict`) and what to do next.',
    '',
    '| verdict | what to do |',
    '| --- | --- |',
  );
  for (const [verdict, todo] of Object.entries(VERDICT_TODO) as [RunVerdict, string][]) out.push(`| \`${verdict}\` | ${cell(todo)} |`);
  const preflight = codes(PREFLIGHT_WORDS).map((c: PreflightCode) => ({ words: PREFLIGHT_WORDS[c] as Words<never>, todo: PREFLIGHT_TODO[c] }));
  const problems = preflight.filter((s) => s.words.key);
  const notes = preflight.filter((s) => !s.words.key);
  const reasons = [
    ...codes(REASON_WORDS).map((c: ReasonCode) => ({ words: REASON_WORDS[c] as Words<never>, todo: REASON_TODO[c] })),
    ...codes(VERDICT_WORDS).map((c: VerdictCode) => ({ words: VERDICT_WORDS[c] as Words<never>, todo: VERDICT_SENTENCE_TODO[c] })),
  ];
  out.push(
    '',
    '## Preflight problems (exit 2)',
    '',
    "Each stops the run before any suite, as `preflight-failed`, printed as `preflight: KEY: problem` (and in the certificate's preflight section).",
    '',
    '| the problem says | key | what to do |',
    '| --- | --- | --- |',
    ...problems.map((s) => `| ${cell(quoted(s.words))} | \`${cell(s.words.key!)}\` | ${cell(s.todo)} |`),
    '',
    '## Preflight notes',
    '',
    'Printed as `preflight note: ...` and kept in the certificate; the run goes on.',
    '',
    '| the note says | what to do |',
    '| --- | --- |',
    ...notes.map((s) => `| ${cell(quoted(s.words))} | ${cell(s.todo)} |`),
    '',
    '## Inconclusive, not run, skipped',
    '',
    "A requirement's reason, and the verdict's sentence, as the certificate writes them. A reason a test writes of its own",
    '(the requirement and what it saw) is in its row of the certificate; those in the tables of words are in the next section.',
    '',
    '| the reason says | what to do |',
    '| --- | --- |',
    ...reasons.map((s) => `| ${cell(quoted(s.words))} | ${cell(s.todo)} |`),
    '',
    "## A suite's own reasons",
    '',
    "Written by one requirement's tests (its id comes first in the certificate's row).",
    '',
    '| the reason says | what to do |',
    '| --- | --- |',
    ...codes(SUITE_WORDS).map((c: SuiteCode) => `| ${cell(quoted(SUITE_WORDS[c] as Words<never>))} | ${cell(SUITE_TODO[c])} |`),
    '',
    '## init --discover: not found',
    '',
    'Printed as `not found: ...` and kept in the new config\'s `"$comment"`; the key keeps the template\'s value or is left out.',
    '',
    '| the line says | key | what to do |',
    '| --- | --- | --- |',
    ...codes(DISCOVER_WORDS).map((c: DiscoverCode) => {
      const w = DISCOVER_WORDS[c] as Words<never>;
      return `| ${cell(quoted(w))} | \`${cell(w.key!)}\` | ${cell(DISCOVER_TODO[c])} |`;
    }),
  );
  return `${out.join('\n')}\n`;
}
