// `run`: the conformance run. With no --config it starts the embedded reference server on a
// free port, runs against it and stops it. Exit 0 certified, 1 not certified, 2 usage/config.
import path from 'node:path';
import { loadConfig } from '../../config/load.ts';
import type { RunConfig } from '../../config/schema.ts';
import { prefixOf, requirements } from '../../contract/requirements.ts';
import { parseShard } from '../../reports/records.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../usage.ts';

const PREFIXES = [...new Set(requirements.map((r) => prefixOf(r.id)))];

export const runCommand: Command = {
  name: 'run',
  summary: 'run the conformance suites and write the certificate (no --config: against the reference)',
  usage: [
    'Usage: erp-conformance run [--config FILE] [--out DIR] [--only OS,CU,...] [--seed N] [--num-runs N] [--shard I/N]',
    '',
    'Runs every requirement of the spec against the target and writes certification.json,',
    'certification.html, junit.xml, records.json and allure-results/ to --out. Without --config',
    'the embedded reference server is started on a free port and tested.',
    '',
    '  --config FILE   run config (JSON); ERP_BASE_URL, ERP_API_TOKEN, ERP_API_TOKEN_2 override it',
    '  --out DIR       output folder (default ./erp-conformance-report)',
    `  --only LIST     requirement prefixes to run: ${PREFIXES.join(', ')}`,
    '  --seed N        fast-check seed: the same seed sends the same requests',
    '  --num-runs N    runs per property (default: config properties.numRuns, 100)',
    '  --fault NAME    with no --config: switch on a fault of the reference (repeatable)',
    '  --no-allure     do not write allure-results/',
    '  --with-load     also run the rate-limit suite (RL-*): the probe and a short paced load, within',
    '                  the config\'s load caps; writes rate-limit.json next to the certificate',
    '  --yes           with --with-load: confirm a non-loopback target (also needs load.allowNonLoopback)',
    '  --shard I/N     run only part I of N of the suite files (parallel CI jobs, same --seed in each);',
    '                  `erp-conformance report --merge DIR... --out DIR` joins the parts into the certificate',
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
      'with-load': { type: 'boolean' },
      yes: { type: 'boolean' },
      shard: { type: 'string' },
    });
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (values.shard !== undefined && !shard) throw new UsageError(`--shard must be I/N with 1 <= I <= N <= 64, received ${JSON.stringify(values.shard)}`, runCommand);
    const only = values.only?.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const unknown = only?.filter((p) => !PREFIXES.includes(p));
    if (unknown?.length) throw new UsageError(`--only: unknown prefix ${unknown.join(', ')} (known: ${PREFIXES.join(', ')})`, runCommand);
    const seed = values.seed === undefined ? undefined : intFlag(runCommand, 'seed', values.seed, 0, 0, 2 ** 31 - 1);
    const numRuns = values['num-runs'] === undefined ? undefined : intFlag(runCommand, 'num-runs', values['num-runs'], 100, 1, 100_000);
    if (values.fault?.length && values.config) throw new UsageError('--fault applies to the embedded reference only (no --config)', runCommand);
    const out = path.resolve(values.out ?? 'erp-conformance-report');

    let config: RunConfig;
    let stop = async () => {};
    let beforeRateLimitPass: (() => void) | undefined;
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
      // For the rate-limit pass the embedded reference limits as a vendor might (off during the
      // functional suites, which it would throttle).
      const { DEFAULT_REFERENCE_LIMIT } = await import('../../reference/fixtures.ts');
      beforeRateLimitPass = () => server.setRateLimit(DEFAULT_REFERENCE_LIMIT);
      // The embedded reference is the target: environment overrides are not applied to it.
      config = loadConfig({ base: server.runConfig(), env: {} });
      if (faults.length) config = { ...config, target: { ...config.target, name: `${config.target.name} with ${faults.join(', ')}` } };
    }
    if (values['with-load']) {
      // Load safety (users point this at shared staging systems): loopback, or allowed AND confirmed.
      const { assertTargetAllowed, SafetyError } = await import('../../load/caps.ts');
      try {
        assertTargetAllowed(config, values.yes ?? false);
      } catch (e) {
        if (!(e instanceof SafetyError)) throw e;
        await stop();
        process.stderr.write(`erp-conformance: ${e.message}\n`);
        return 2;
      }
    }
    const { runConformance } = await import('../../suites/run.ts');
    try {
      const result = await runConformance({ config, out, only, seed, numRuns, shard, allure: !values['no-allure'], withLoad: values['with-load'] ?? false, beforeRateLimitPass });
      const f = result.files;
      const written = [f.certification, f.html, f.junit, ...(f.allure ? [`${f.allure}  (HTML: erp-conformance report --allure --in ${out})`] : []), f.records];
      process.stdout.write(`\nwritten:\n${written.map((w) => `  ${w}\n`).join('')}`);
      return result.exitCode;
    } finally {
      await stop();
    }
  },
};
