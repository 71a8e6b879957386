// docs/troubleshooting.md, made from data: the exit codes (core/exit-codes.ts with the main help's
// words, bin/cli/exit-codes.ts), the run verdicts, every preflight problem and note, and the common
// reasons a requirement is inconclusive, not run or skipped, each with what to do
// (scripts/troubleshooting/preflight.ts, reasons.ts). scripts/docs.ts writes it with the others.
import { EXIT } from '../../core/exit-codes.ts';
import { EXIT_CODES } from '../../bin/cli/exit-codes.ts';
import type { RunVerdict } from '../../core/types.ts';
import { PREFLIGHT, type Saying } from './preflight.ts';
import { EXIT_TODO, REASONS, VERDICT_TODO } from './reasons.ts';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const quoted = (s: Saying) => `\`${s.says.trim().replace(/`/g, "'")}\``;

export function troubleshootingPage(generated: string): string {
  const out = [
    '# Troubleshooting',
    '',
    generated,
    '',
    'What a run prints when something is not as it should be, and what to do. The exit code first; then the',
    'preflight (it stops a run with exit 2 before any suite, naming the config key to fix); then why a requirement',
    'is inconclusive, not run or skipped (its reason in `certification.html` and `certification.json`). A message',
    'is shown by a piece of its words (the parts in between hold values). The config keys: [config-reference.md](config-reference.md).',
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
  const problems = PREFLIGHT.filter((s) => s.key);
  const notes = PREFLIGHT.filter((s) => !s.key);
  out.push(
    '',
    '## Preflight problems (exit 2)',
    '',
    "Each stops the run before any suite, as `preflight-failed`, printed as `preflight: KEY: problem` (and in the certificate's preflight section).",
    '',
    '| the problem says | key | what to do |',
    '| --- | --- | --- |',
    ...problems.map((s) => `| ${cell(quoted(s))} | \`${cell(s.key!)}\` | ${cell(s.todo)} |`),
    '',
    '## Preflight notes',
    '',
    'Printed as `preflight note: ...` and kept in the certificate; the run goes on.',
    '',
    '| the note says | what to do |',
    '| --- | --- |',
    ...notes.map((s) => `| ${cell(quoted(s))} | ${cell(s.todo)} |`),
    '',
    '## Inconclusive, not run, skipped',
    '',
    "A requirement's reason, and the verdict's sentence, as the certificate writes them. A reason a test writes of its own",
    "(the requirement and what it saw) is in its row of the certificate; the suites' words are not listed here.",
    '',
    '| the reason says | what to do |',
    '| --- | --- |',
    ...REASONS.map((s) => `| ${cell(quoted(s))} | ${cell(s.todo)} |`),
  );
  return `${out.join('\n')}\n`;
}
