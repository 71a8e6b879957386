// `requirements`: the requirements catalogue of contract/requirements.ts.
import { requirements } from '../../contract/requirements.ts';
import type { Level } from '../../core/types.ts';
import { columns, parseFlags, printJson, UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

const LEVELS: readonly Level[] = ['MUST', 'SHOULD', 'INFO'];

export const requirementsCommand: Command = {
  name: 'requirements',
  summary: 'list the requirements catalogue (id, level, section, title)',
  usage: [
    'Usage: erp-conformance requirements [--level MUST|SHOULD|INFO] [--json]',
    '',
    'Lists every requirement drawn from the spec. MUST: the spec states it; SHOULD: the spec',
    'implies it; INFO: the spec says "not shown" and the run records what it observes.',
    'Requirements no automated test verifies say why.',
    '',
    '  --level L   only requirements of level L',
    '  --json      a JSON array (id, level, section, title, quote, ambiguity, suite, notTested) for scripts',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(requirementsCommand, argv, { level: { type: 'string' }, json: { type: 'boolean' } });
    const level = values.level?.toUpperCase();
    if (level !== undefined && !LEVELS.includes(level as Level))
      throw new UsageError(`--level must be one of ${LEVELS.join(', ')}, received ${JSON.stringify(values.level)}`, requirementsCommand);
    const list = requirements.filter((r) => level === undefined || r.level === level);
    if (values.json) return printJson(list);
    const rows: string[][] = [];
    for (const r of list) {
      rows.push([r.id, r.level, r.section, r.title]);
      if (r.notTested) rows.push(['', '', '', `  not tested: ${r.notTested}`]);
    }
    process.stdout.write(`${columns([['ID', 'LEVEL', 'SECTION', 'TITLE'], ...rows])}\n`);
    return EXIT.ok;
  },
};
