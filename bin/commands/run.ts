// `run`: the conformance run. With no --config it starts the embedded reference server on a
// free port, runs against it and stops it. Exit codes: see the usage (contract/types.ts RunVerdict).
import path from 'node:path';
import { loadConfig } from '../../config/load.ts';
import { exitCodesText } from '../exit-codes.ts';
import { configFromFlags } from './quick-target.ts';
import { invocationOf } from './invocation.ts';
import { RATE_CAP, type RunConfig } from '../../config/schema.ts';
import { prefixOf, requirements } from '../../contract/requirements.ts';
import { parseShard } from '../../reports/records.ts';
import { parseReplayTest } from '../../reports/replay.ts';
import { runManifest } from '../../reports/manifest.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../usage.ts';

const PREFIXES = [...new Set(requirements.map((r) => prefixOf(r.id)))];

export const runCommand: Command = {
  name: 'run',
  summary: 'run the conformance suites and write the certificate (no --config: against the reference)',
  usage: [
    'Usage: erp-conformance run [--config FILE | --base-url URL [--token-env NAME]] [--out DIR] [--only OS,CU,...] [--seed N] [--num-runs N] [--shard I/N]',
    '                           [--concurrency N] [--rate-limit Q/W] [--max-duration SECONDS] [--max-requests N] [--quiet]',
    '',
    'Runs every requirement of the spec against the target and writes certification.json,',
    'certification.html, junit.xml, records.json and allure-results/ to --out. Without --config',
    'the embedded reference server is started on a free port and tested.',
    '',
    '  --config FILE        run config (JSON); ERP_BASE_URL, ERP_API_TOKEN, ERP_API_TOKEN_2 override it',
    '  --base-url URL       the target\'s {base_url} (overrides the config\'s; with no --config: a quick try with the',
    '                       reference\'s fixtures, the preflight names each one the target does not hold)',
    '  --token-env NAME     read the api-token from environment variable NAME (default ERP_API_TOKEN)',
    '  --max-failures N     stop after N MUST requirements failed (1: stop at the first, as --exitfirst); the rest is "not run"',
    '  --out DIR            output folder (default ./erp-conformance-report)',
    `  --only LIST          requirement prefixes to run: ${PREFIXES.join(', ')} (the verdict is then selection-passed, never certified)`,
    '  --seed N             fast-check seed: the same seed sends the same requests',
    '  --num-runs N         runs per property (default: config properties.numRuns, 100)',
    '  --concurrency N      requests in flight at once (default: config run.concurrency, 8)',
    '  --rate-limit Q/W     never send more than Q requests per window W, e.g. 100/10s (config run.rateLimit)',
    '  --max-duration S     run budget in seconds (config run.maxDurationSeconds, 1800): what has not run by then is "not run"',
    '  --max-requests N     request budget (config run.maxRequests)',
    '  --quiet              no progress line',
    '  --strict             junit.xml: a failed SHOULD is a <failure> (default: a warning, as the exit code has it)',
    '  --no-preflight       skip the preflight (target answers, token accepted, fixtures as the config says)',
    '  --fault NAME         with no --config: switch on a fault of the reference (repeatable)',
    '  --profile NAME       with no --config: the reference as another correct vendor (erp-conformance profiles)',
    '  --no-allure          do not write allure-results/',
    '  --with-load          also run the rate-limit suite (RL-*): the probe and a short paced load, within',
    '                       the config\'s load caps; writes rate-limit.json next to the certificate',
    '  --yes                with --with-load: confirm a non-loopback target (also needs load.allowNonLoopback)',
    '  --shard I/N          run only part I of N of the suite files (parallel CI jobs, same --seed in each);',
    '                       `erp-conformance report --merge DIR... --out DIR` joins the parts into the certificate',
    '  --replay-test F::T   replay one property failure alone (printed under each failure with --property,',
    '  --property N         --seed, --path and --num-runs): test T of suite file F, its property N,',
    '  --path P             at fast-check path P',
    '',
    exitCodesText(),
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(runCommand, argv, {
      config: { type: 'string' },
      'base-url': { type: 'string' },
      'token-env': { type: 'string' },
      'max-failures': { type: 'string' },
      strict: { type: 'boolean' },
      out: { type: 'string' },
      only: { type: 'string' },
      seed: { type: 'string' },
      'num-runs': { type: 'string' },
      concurrency: { type: 'string' },
      'rate-limit': { type: 'string' },
      'max-duration': { type: 'string' },
      'max-requests': { type: 'string' },
      quiet: { type: 'boolean' },
      'no-preflight': { type: 'boolean' },
      fault: { type: 'string', multiple: true },
      'no-allure': { type: 'boolean' },
      'with-load': { type: 'boolean' },
      yes: { type: 'boolean' },
      shard: { type: 'string' },
      profile: { type: 'string' },
      'replay-test': { type: 'string' },
      property: { type: 'string' },
      path: { type: 'string' },
    });
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (values.shard !== undefined && !shard) throw new UsageError(`--shard must be I/N with 1 <= I <= N <= 64, received ${JSON.stringify(values.shard)}`, runCommand);
    const only = values.only?.split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
    const unknown = only?.filter((p) => !PREFIXES.includes(p));
    if (unknown?.length) throw new UsageError(`--only: unknown prefix ${unknown.join(', ')} (known: ${PREFIXES.join(', ')})`, runCommand);
    const seed = values.seed === undefined ? undefined : intFlag(runCommand, 'seed', values.seed, 0, 0, 2 ** 31 - 1);
    const numRuns = values['num-runs'] === undefined ? undefined : intFlag(runCommand, 'num-runs', values['num-runs'], 100, 1, 100_000);
    if ((values.fault?.length || values.profile) && (values.config || values['base-url'])) throw new UsageError('--fault and --profile apply to the embedded reference only (no --config or --base-url)', runCommand);
    if (values['rate-limit'] !== undefined && !RATE_CAP.test(values['rate-limit'])) throw new UsageError(`--rate-limit must be Q/W like 100/10s or 60/1m, received ${JSON.stringify(values['rate-limit'])}`, runCommand);
    const replayTest = values['replay-test'] === undefined ? undefined : parseReplayTest(values['replay-test']);
    if (values['replay-test'] !== undefined && !replayTest) throw new UsageError('--replay-test must be FILE::TEST as printed under a failure (FILE a suite file under suites/)', runCommand);
    if (replayTest && (values.path === undefined || seed === undefined)) throw new UsageError('--replay-test needs --seed and --path (as printed under the failure)', runCommand);
    if (replayTest && (only || shard)) throw new UsageError('--replay-test replays one test: no --only or --shard', runCommand);
    const out = path.resolve(values.out ?? 'erp-conformance-report');

    let config: RunConfig;
    let stop = async () => {};
    let beforeRateLimitPass: (() => void) | undefined;
    const faults = values.fault ?? [];
    const given = await configFromFlags(runCommand, values, process.env);
    if (given) {
      config = given;
    } else {
      const { startReference } = await import('../../reference/server.ts');
      const { isFaultName } = await import('../../reference/faults.ts');
      const { isProfileName, PROFILE_NAMES } = await import('../../reference/profiles/index.ts');
      const bad = faults.filter((f) => !isFaultName(f));
      if (bad.length) throw new UsageError(`unknown fault ${bad.join(', ')} (erp-conformance faults lists them)`, runCommand);
      if (values.profile !== undefined && !isProfileName(values.profile)) throw new UsageError(`unknown profile ${values.profile} (known: ${PROFILE_NAMES.join(', ')})`, runCommand);
      const server = await startReference({ port: 0, faults: faults.filter(isFaultName), ...(values.profile ? { profile: values.profile } : {}) });
      stop = () => server.close();
      // For the rate-limit pass the embedded reference limits as its profile's vendor does (most
      // are off during the functional suites, which a small limit would throttle).
      beforeRateLimitPass = () => server.setRateLimit(server.probeRateLimit);
      // The embedded reference is the target: environment overrides are not applied to it.
      config = loadConfig({ base: server.runConfig(), env: {} });
      if (faults.length) config = { ...config, target: { ...config.target, name: `${config.target.name} with ${faults.join(', ')}` } };
    }
    config = {
      ...config,
      run: {
        ...config.run,
        ...(values.concurrency !== undefined ? { concurrency: intFlag(runCommand, 'concurrency', values.concurrency, 8, 1, 256) } : {}),
        ...(values['max-duration'] !== undefined ? { maxDurationSeconds: intFlag(runCommand, 'max-duration', values['max-duration'], 1800, 1, 7 * 24 * 3600) } : {}),
        ...(values['max-requests'] !== undefined ? { maxRequests: intFlag(runCommand, 'max-requests', values['max-requests'], 1, 1, 10_000_000) } : {}),
        ...(values['rate-limit'] !== undefined ? { rateLimit: values['rate-limit'] } : {}),
      },
    };
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
    // SIGINT / SIGTERM: the run stops sending, writes what it has (verdict interrupted) and exits
    // 130 / 143; a second signal exits at once.
    const abort = new AbortController();
    let signalled: 'SIGINT' | 'SIGTERM' | undefined;
    const onSignal = (s: 'SIGINT' | 'SIGTERM') => {
      if (signalled) process.exit(s === 'SIGTERM' ? 143 : 130);
      signalled = s;
      process.stderr.write(`\n${s}: stopping the run and writing the certificate (again to exit at once)\n`);
      abort.abort();
    };
    const onInt = () => onSignal('SIGINT');
    const onTerm = () => onSignal('SIGTERM');
    process.on('SIGINT', onInt);
    process.on('SIGTERM', onTerm);
    const { runConformance } = await import('../../suites/run.ts');
    try {
      const result = await runConformance({
        config, out, only, seed, numRuns, shard, allure: !values['no-allure'], withLoad: values['with-load'] ?? false, beforeRateLimitPass,
        signal: abort.signal, abortedBy: () => signalled,
        preflight: !values['no-preflight'],
        progress: values.quiet ? 'quiet' : process.stderr.isTTY ? 'tty' : 'plain',
        invocation: invocationOf(values, faults),
        strict: values.strict ?? false,
        ...(values['max-failures'] !== undefined ? { maxFailures: intFlag(runCommand, 'max-failures', values['max-failures'], 1, 1, 10_000) } : {}),
        ...(replayTest ? { replay: { ...replayTest, property: intFlag(runCommand, 'property', values.property, 0, 0, 1000), path: values.path! } } : {}),
      });
      process.stdout.write(runManifest(result.files, out));
      return result.exitCode;
    } finally {
      process.off('SIGINT', onInt);
      process.off('SIGTERM', onTerm);
      await stop();
    }
  },
};
