// `run`: the conformance run. With no --config it starts the embedded reference server on a
// free port, runs against it and stops it. Exit 0 certified, 1 not certified, 2 usage/config.
import path from 'node:path';
import { loadConfig } from '../../config/load.ts';
import type { RunConfig } from '../../config/schema.ts';
import { prefixOf, requirements } from '../../contract/requirements.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../usage.ts';

const PREFIXES = [...new Set(requirements.map((r) => prefixOf(r.id)))];

export const runCommand: Command = {
  name: 'run',
  summary: 'run the conformance suites and write the certificate (no --config: against the reference)',
  usage: [
    'Usage: erp-conformance run [--config FILE] [--out DIR] [--only OS,CU,...] [--seed N] [--num-runs N]',
    '',
    'Runs every requirement of the spec against the target and writes certification.json,',
    'junit.xml and allure-results/ to --out. Without --config the embedded reference server is',
    'started on a free port and tested.',
    '',
    '  --config FILE   run config (JSON); ERP_BASE_URL, ERP_API_TOKEN, ERP_API_TOKEN_2 override it',
    '  --out DIR       output folder (default ./erp-conformance-report)',
    `  --only LIST     requirement prefixes to run: ${PREFIXES.join(', ')}`,
    '  --seed N        fast-check seed: the same seed sends the same requests',
    '  --num-runs N    runs per property (default: config properties.numRuns, 100)',
    '  --fault NAME    with no --config: switch on a fault of the reference (repeatable)',
    '  --no-allure     do not write allure-results/',
    '',
    'Exit codes: 0 certified, 1 not certified, 2 usage or config error.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(runCommand, argv, {
      config: { type: 'string' },
      out: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string' },
      'num-runs': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'no-allure': { type: 'boolean' },
    });
    const only = values.only?.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const unknown = only?.filter((p) => !PREFIXES.includes(p));
    if (unknown?.length) throw new UsageError(`--only: unknown prefix ${unknown.join(', ')} (known: ${PREFIXES.join(', ')})`, runCommand);
    const seed = values.seed === undefined ? undefined : intFlag(runCommand, 'seed', values.seed, 0, 0, 2 ** 31 - 1);
    const numRuns = values['num-runs'] === undefined ? undefined : intFlag(runCommand, 'num-runs', values['num-runs'], 100, 1, 100_000);
    if (values.fault?.length && values.config) throw new UsageError('--fault applies to the embedded reference only (no --config)', runCommand);
    const out = path.resolve(values.out ?? 'erp-conformance-report');

    let config: RunConfig;
    let stop = async () => {};
    if (values.config) {
      config = loadConfig({ file: values.config, env: process.env });
    } else {
      const { startReference } = await import('../../reference/server.ts');
      const { isFaultName } = await import('../../reference/faults.ts');
      const faults = values.fault ?? [];
      const bad = faults.filter((f) => !isFaultName(f));
      if (bad.length) throw new UsageError(`unknown fault ${bad.join(', ')} (erp-conformance faults lists them)`, runCommand);
      const server = await startReference({ port: 0, faults: faults.filter(isFaultName) });
      stop = () => server.close();
      // The embedded reference is the target: environment overrides are not applied to it.
      config = loadConfig({ base: server.runConfig(), env: {} });
      if (faults.length) config = { ...config, target: { ...config.target, name: `${config.target.name} with ${faults.join(', ')}` } };
    }
    const { runConformance } = await import('../../suites/run.ts');
    try {
      const result = await runConformance({ config, out, only, seed, numRuns, allure: !values['no-allure'] });
      process.stdout.write(`\nwritten:\n  ${result.files.certification}\n  ${result.files.junit}\n${result.files.allure ? `  ${result.files.allure}\n` : ''}`);
      return result.exitCode;
    } finally {
      await stop();
    }
  },
};
