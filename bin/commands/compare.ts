// `compare PREV NEW`: what changed between two runs (folders or certification.json files), on the
// console, and as JSON, Markdown or HTML files (reports/compare/). It changes nothing and decides
// nothing: exit 0 when both were read (the gate is `run --baseline PREV --fail-on new`), 2 when one
// cannot be read or the command line is wrong.
import { writeFileSync } from 'node:fs';
import { compare } from '../../reports/compare/compare.ts';
import { readRun } from '../../reports/compare/read.ts';
import { comparisonConsole, comparisonMarkdown } from '../../reports/compare/render-text.ts';
import { comparisonHtml } from '../../reports/compare/render-html.ts';
import { ReportInputError } from '../../reports/write.ts';
import { inertForTerminal } from '../../reports/render/console.ts';
import { stringifyJson } from '../../core/json.ts';
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const compareCommand: Command = {
  name: 'compare',
  summary: 'what changed between two runs: verdict, requirements, findings, observations, limits, latency',
  usage: [
    'Usage: erp-conformance compare PREV NEW [--json FILE] [--markdown FILE] [--html FILE] [--quiet]',
    '',
    "PREV and NEW are run folders (a run's --out) or certification.json files. Prints what changed:",
    'the verdict; requirements newly failed, fixed, newly inconclusive or not run, into and out of',
    'scope, and the known failures (failed in both); findings new, known and gone by their',
    'fingerprint (requirement, check, operation, shape of the input); INFO observations that changed;',
    'the 429 share, pacing and the limit known per operation; requests, p50 and p95 per operation.',
    'The first line names the baseline, its age, and another kit version, config, target or',
    'selection than NEW.',
    '',
    '  --json FILE      the comparison as JSON (- for stdout: then nothing else is printed)',
    '  --markdown FILE  the comparison as Markdown (a CI job summary)',
    '  --html FILE      the comparison as one HTML page (no script, no network)',
    '  --quiet          no console text',
    '',
    'Exit codes: 0 compared, 2 usage error or a run that cannot be read. To fail a build on new',
    'failures: erp-conformance run --baseline PREV --fail-on new (docs/compare.md).',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(
      compareCommand,
      argv,
      { json: { type: 'string' }, markdown: { type: 'string' }, html: { type: 'string' }, quiet: { type: 'boolean' } },
      true,
    );
    if (positionals.length !== 2) throw new UsageError(`compare takes two runs, PREV and NEW (received ${positionals.length})`, compareCommand);
    const [prevAt, nextAt] = positionals as [string, string];
    let comparison;
    try {
      comparison = compare(readRun(prevAt), readRun(nextAt), { prev: prevAt, next: nextAt });
    } catch (e) {
      if (!(e instanceof ReportInputError)) throw e;
      process.stderr.write(`erp-conformance compare: ${e.message}\n`);
      return EXIT.usage;
    }
    const json = `${stringifyJson(comparison, 2)}\n`;
    if (values.json === '-') {
      process.stdout.write(json);
      return EXIT.ok;
    }
    if (values.json !== undefined) writeFileSync(values.json, json);
    if (values.markdown !== undefined) writeFileSync(values.markdown, comparisonMarkdown(comparison));
    if (values.html !== undefined) writeFileSync(values.html, comparisonHtml(comparison));
    if (!values.quiet) process.stdout.write(inertForTerminal(comparisonConsole(comparison)));
    return EXIT.ok;
  },
};
