// `run`: the conformance run. With no --config it starts the embedded reference server on a
// free port, runs against it and stops it. Exit codes: see the usage (core/types.ts RunVerdict).
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/load.ts';
import { PREFIXES, RUN_USAGE } from '../cli/run-usage.ts';
import { configFromFlags } from '../cli/quick-target.ts';
import { invocationOf } from '../cli/invocation.ts';
import { type RunConfig } from '../../config/schema.ts';
import { readRateLimitFlag } from '../../client/stated-quotas.ts';
import { QUOTA_KEYS_TEXT } from '../../core/quota.ts';
import { parseShard } from '../../reports/records/records.ts';
import { parseReplayTest } from '../../reports/render/replay.ts';
import { runManifest } from '../../reports/manifest.ts';
import { scrubber } from '../../reports/scrub.ts';
import { afterRun } from '../cli/after-run.ts';
import { takeInterrupts } from '../../engine/control/interrupts.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { unwritableOut } from '../cli/writable-out.ts';
import { EXIT } from '../../core/exit-codes.ts';

/** The signing key of --sign-key FILE, or of ERP_SIGN_KEY (PEM text, or a file holding it); a bad one is a usage error before anything is sent. */
async function signKeyOf(flag: string | undefined, env: string | undefined) {
  const given = flag ?? (env ? env : undefined);
  if (given === undefined) return undefined;
  const from = flag !== undefined ? `--sign-key ${flag}` : 'ERP_SIGN_KEY';
  const { readFileSync } = await import('node:fs');
  const { ed25519Key } = await import('../../reports/bundle/attestation.ts');
  try {
    return ed25519Key(flag === undefined && given.includes('-----BEGIN') ? given : readFileSync(given, 'utf8'), 'private');
  } catch (e) {
    throw new UsageError(`${from}: not an Ed25519 private key in PEM (${(e as Error).message.split('\n')[0]})`, runCommand);
  }
}

/** --baseline PREV read before anything is sent (a run writing over PREV's folder still compares with it), and --fail-on. */
async function baselineOf(at: string | undefined, failOn: string | undefined) {
  if (failOn !== undefined && failOn !== 'new' && failOn !== 'any')
    throw new UsageError(`--fail-on must be new or any, received ${JSON.stringify(failOn)}`, runCommand);
  if (at === undefined) {
    if (failOn === 'new') throw new UsageError('--fail-on new needs --baseline PREV (the run whose failures are known)', runCommand);
    return undefined;
  }
  const { readRun } = await import('../../reports/compare/read.ts');
  const { ReportInputError } = await import('../../reports/write.ts');
  try {
    return { path: at, certification: readRun(at), failOn: (failOn ?? 'any') as 'new' | 'any' };
  } catch (e) {
    if (e instanceof ReportInputError) throw new UsageError(`--baseline: ${e.message}`, runCommand);
    throw e;
  }
}

export const runCommand: Command = {
  name: 'run',
  summary: 'run the conformance suites and write the certificate (no --config: against the reference)',
  usage: RUN_USAGE,
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
      nonce: { type: 'string' },
      'num-runs': { type: 'string' },
      concurrency: { type: 'string' },
      'rate-limit': { type: 'string' },
      'max-duration': { type: 'string' },
      'max-requests': { type: 'string' },
      quiet: { type: 'boolean' },
      'no-preflight': { type: 'boolean' },
      plan: { type: 'boolean' },
      'limits-from': { type: 'string' },
      fault: { type: 'string', multiple: true },
      'no-allure': { type: 'boolean' },
      'with-load': { type: 'boolean' },
      yes: { type: 'boolean' },
      shard: { type: 'string' },
      profile: { type: 'string' },
      'replay-test': { type: 'string' },
      property: { type: 'string' },
      path: { type: 'string' },
      resume: { type: 'string' },
      'sign-key': { type: 'string' },
      har: { type: 'string' },
      baseline: { type: 'string' },
      'fail-on': { type: 'string' },
      history: { type: 'string' },
    });
    if (values.har !== undefined && values.har !== 'on' && values.har !== 'off')
      throw new UsageError(`--har must be on or off, received ${JSON.stringify(values.har)}`, runCommand);
    const baseline = await baselineOf(values.baseline, values['fail-on']);
    const signKey = await signKeyOf(values['sign-key'], process.env.ERP_SIGN_KEY);
    // A resume keeps the scope of the run it resumes (engine/phases/resume-scope.ts): its flags now, its settings on the config below.
    const resumed =
      values.resume === undefined
        ? undefined
        : await import('../../engine/phases/resume-scope.ts').then((m) =>
            m.resumeRun(values, (why) => {
              throw new UsageError(why, runCommand);
            }),
          );
    const resume = resumed?.resume;
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (values.shard !== undefined && !shard)
      throw new UsageError(`--shard must be I/N with 1 <= I <= N <= 64, received ${JSON.stringify(values.shard)}`, runCommand);
    const only = values.only
      ?.split(',')
      .map((s) => s.trim().toUpperCase())
      .filter(Boolean);
    const unknown = only?.filter((p) => !PREFIXES.includes(p));
    if (unknown?.length) throw new UsageError(`--only: unknown prefix ${unknown.join(', ')} (known: ${PREFIXES.join(', ')})`, runCommand);
    const seed = values.seed === undefined ? undefined : intFlag(runCommand, 'seed', values.seed, 0, 0, 2 ** 31 - 1);
    if (values.nonce !== undefined && !/^[0-9A-Za-z-]{1,32}$/.test(values.nonce))
      throw new UsageError(`--nonce must be 1 to 32 letters, digits or -, received ${JSON.stringify(values.nonce)}`, runCommand);
    const numRuns = values['num-runs'] === undefined ? undefined : intFlag(runCommand, 'num-runs', values['num-runs'], 100, 1, 100_000);
    if ((values.fault?.length || values.profile) && (values.config || values['base-url']))
      throw new UsageError('--fault and --profile apply to the embedded reference only (no --config or --base-url)', runCommand);
    const rateLimit = values['rate-limit'] === undefined ? undefined : readRateLimitFlag(values['rate-limit']);
    if (rateLimit === null)
      throw new UsageError(
        `--rate-limit must be Q/W like 100/10s or 60/1m, or per operation like report=5/1m,readBack=4/1m (operations: ${QUOTA_KEYS_TEXT}), received ${JSON.stringify(values['rate-limit'])}`,
        runCommand,
      );
    const replayTest = values['replay-test'] === undefined ? undefined : parseReplayTest(values['replay-test']);
    if (values['replay-test'] !== undefined && !replayTest)
      throw new UsageError('--replay-test must be FILE::TEST as printed under a failure (FILE a suite file under suites/)', runCommand);
    if (replayTest && seed === undefined) throw new UsageError('--replay-test needs --seed (as printed under the failure)', runCommand);
    if (values.property !== undefined && values.path === undefined)
      throw new UsageError('--property goes with --path (a property failure); without both, --replay-test replays the whole test', runCommand);
    if (replayTest && (only || shard)) throw new UsageError('--replay-test replays one test: no --only or --shard', runCommand);
    const out = path.resolve(values.out ?? resume?.dir ?? 'erp-conformance-report');
    const cannotWrite = unwritableOut(out);
    if (cannotWrite) throw new UsageError(cannotWrite, runCommand);
    // --history: a file this run can append to, checked before anything is sent.
    if (values.history !== undefined) {
      const file = path.resolve(values.history);
      const folder = unwritableOut(path.dirname(file));
      if (folder) throw new UsageError(`--history ${values.history}: its folder ${folder.replace(/^--out /, '')}`, runCommand);
      if (existsSync(file) && statSync(file).isDirectory())
        throw new UsageError(`--history ${values.history} is a folder: name the history file in it`, runCommand);
    }
    const limitsFrom = values['limits-from'] === undefined ? undefined : path.resolve(values['limits-from']);
    if (limitsFrom !== undefined && !existsSync(limitsFrom)) throw new UsageError(`--limits-from: no such file ${values['limits-from']}`, runCommand);

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
      if (values.profile !== undefined && !isProfileName(values.profile))
        throw new UsageError(`unknown profile ${values.profile} (known: ${PROFILE_NAMES.join(', ')})`, runCommand);
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
        ...(values['max-duration'] !== undefined
          ? { maxDurationSeconds: intFlag(runCommand, 'max-duration', values['max-duration'], 1800, 1, 7 * 24 * 3600) }
          : {}),
        ...(values['max-requests'] !== undefined ? { maxRequests: intFlag(runCommand, 'max-requests', values['max-requests'], 1, 1, 10_000_000) } : {}),
        ...(rateLimit !== undefined ? { rateLimit } : {}),
      },
    };
    if (resumed) config = resumed.restore(config);
    if (values['with-load']) {
      // Load safety (users point this at shared staging systems): loopback, or allowed AND confirmed.
      const { assertTargetAllowed, SafetyError } = await import('../../load/caps.ts');
      try {
        assertTargetAllowed(config, values.yes ?? false);
      } catch (e) {
        if (!(e instanceof SafetyError)) throw e;
        await stop();
        process.stderr.write(`erp-conformance: ${e.message}\n`);
        return EXIT.usage;
      }
    }
    // SIGINT / SIGTERM: the run stops sending, writes what it has (verdict interrupted) and exits
    // 130 / 143; a second signal exits at once (engine/control/interrupts.ts).
    const interrupts = takeInterrupts((line) => process.stderr.write(`\n${line}\n`));
    if (values.plan) {
      // The plan only: the preflight's requests, nothing else (engine/phases/plan/plan-only.ts).
      const { planOnly } = await import('../../engine/phases/plan/plan-only.ts');
      try {
        return (await planOnly(config, numRuns ?? config.properties.numRuns, (line) => process.stdout.write(`${line}\n`), out, limitsFrom)).exitCode;
      } finally {
        interrupts.dispose();
        await stop();
      }
    }
    const { runConformance } = await import('../../engine/run.ts');
    try {
      const result = await runConformance({
        config,
        out,
        only,
        seed,
        ...(values.nonce !== undefined ? { nonce: values.nonce } : {}),
        numRuns,
        shard,
        allure: !values['no-allure'],
        withLoad: values['with-load'] ?? false,
        beforeRateLimitPass,
        signal: interrupts.signal,
        abortedBy: interrupts.signalled,
        preflight: !values['no-preflight'],
        ...(limitsFrom !== undefined ? { limitsFrom } : {}),
        progress: values.quiet ? 'quiet' : process.stderr.isTTY ? 'tty' : 'plain',
        invocation: invocationOf(values, faults),
        strict: values.strict ?? false,
        ...(values['max-failures'] !== undefined ? { maxFailures: intFlag(runCommand, 'max-failures', values['max-failures'], 1, 1, 10_000) } : {}),
        ...(resume ? { resume } : {}),
        ...(signKey ? { signKey } : {}),
        ...(baseline ? { baseline } : {}),
        ...(values.har === 'off' ? { har: false } : {}),
        ...(replayTest
          ? {
              replay: {
                ...replayTest,
                ...(values.path !== undefined ? { property: intFlag(runCommand, 'property', values.property, 0, 0, 1000), path: values.path } : {}),
              },
            }
          : {}),
      });
      // The history line, the CI's job summary and annotations (bin/cli/after-run.ts), then the files written.
      // Imported with the command, not here: after a signal to the group, tsx's transformer is gone.
      afterRun({
        cert: result.certification,
        out,
        ...(values.history !== undefined ? { history: path.resolve(values.history) } : {}),
        env: process.env,
        scrub: scrubber([config.target.token, config.target.secondToken]),
        print: (line) => process.stdout.write(`${line}\n`),
      });
      process.stdout.write(runManifest(result.files, out));
      return result.exitCode;
    } finally {
      interrupts.dispose();
      await stop();
    }
  },
};
