// `faults`: the fault switches of the reference server and the requirements each one breaks.
import { FAULTS } from '../../reference/faults.ts';
import { columns, parseFlags, type Command } from '../usage.ts';

export const faultsCommand: Command = {
  name: 'faults',
  summary: 'list the reference server\'s fault switches and the requirement ids each breaks',
  usage: [
    'Usage: erp-conformance faults',
    '',
    'Lists every fault of `serve --fault NAME`: its name, the requirement ids a conformance run',
    'against it must fail, and what the reference then does wrong.',
  ].join('\n'),
  async run(argv) {
    parseFlags(faultsCommand, argv, {});
    const rows = FAULTS.map((f) => [f.name, f.breaks.join(','), f.does]);
    process.stdout.write(`${columns([['FAULT', 'BREAKS', 'WHAT IT DOES'], ...rows])}\n`);
    return 0;
  },
};
