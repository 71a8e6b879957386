// `faults`: the fault switches of the reference server and the requirements each one breaks.
import { FAULTS } from '../../reference/faults.ts';
import { columns, parseFlags, printJson, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const faultsCommand: Command = {
  name: 'faults',
  summary: "list the reference server's fault switches and the requirement ids each breaks",
  usage: [
    'Usage: erp-conformance faults [--json]',
    '',
    'Lists every fault of `serve --fault NAME`: its name, the requirement ids a conformance run',
    'against it must fail, and what the reference then does wrong. --json: a JSON array (name,',
    'breaks, does) for scripts.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(faultsCommand, argv, { json: { type: 'boolean' } });
    if (values.json) return printJson(FAULTS.map((f) => ({ name: f.name, breaks: f.breaks, does: f.does })));
    const rows = FAULTS.map((f) => [f.name, f.breaks.join(','), f.does]);
    process.stdout.write(`${columns([['FAULT', 'BREAKS', 'WHAT IT DOES'], ...rows])}\n`);
    return EXIT.ok;
  },
};
