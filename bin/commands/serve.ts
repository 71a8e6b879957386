// `serve`: runs the reference ERP server (reference/) as one of its vendor profiles, optionally
// with faults switched on and answers delayed like a far target's. The server is imported when
// the command runs, so the other commands do not load it.
import { FAULT_NAMES, isFaultName, type FaultName } from '../../reference/faults.ts';
import { isProfileName, PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { HOSTILE_MODES, isHostileMode } from '../../reference/hostile.ts';
import { readRateLimitFlag } from '../../client/stated-quotas.ts';
import { QUOTA_KEYS_TEXT } from '../../core/quota.ts';
import { createQuotaLimiters } from '../../reference/quotas.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { EXIT } from '../../core/exit-codes.ts';
import { onStopSignals } from '../../core/signals.ts';
import { whenParentEnds } from '../cli/parent-watch.ts';

const ALGORITHMS = ['fixed', 'sliding', 'token-bucket'] as const;
const SCOPES = ['token', 'global'] as const;
type Algorithm = (typeof ALGORITHMS)[number];
type Scope = (typeof SCOPES)[number];

export const serveCommand: Command = {
  name: 'serve',
  summary: 'run the reference ERP server (--profile NAME: another correct vendor; --fault NAME: break one rule)',
  usage: [
    'Usage: erp-conformance serve [--port 8080] [--host 127.0.0.1] [--seed 42] [--profile NAME] [--fault NAME]...',
    '                             [--rate-limit 60/10s|off] [--algorithm fixed|sliding|token-bucket]',
    '                             [--limit-scope token|global] [--quota OP=Q/W,...|off] [--latency MS] [--jitter MS]',
    '                             [--workers N --service-ms MS] [--only-detailed] [--hostile endless-report]',
    '                             [--print-config]',
    '',
    'Serves the three operations of the spec (and two read paths) from seeded data until SIGINT/SIGTERM.',
    '',
    '  --port N             port to listen on (default 8080; 0 picks a free one)',
    '  --host H             address to bind (default 127.0.0.1)',
    '  --seed N             seed of the reference data (default 42)',
    '  --profile NAME       the vendor to be (default: default; `erp-conformance profiles` lists them)',
    '  --fault NAME         switch on a fault (repeatable; `erp-conformance faults` lists them)',
    '  --rate-limit Q/W     allow Q requests per window W (e.g. 60/10s, 100/1m); off: no limit',
    "                       (default: the profile's always-on limit, if it has one)",
    '  --algorithm A        rate limit algorithm: fixed (default), sliding or token-bucket',
    '  --limit-scope S      token: one quota per api-token (default); global: one for all',
    '  --quota OP=Q/W,...   quotas per operation, e.g. report=5/6s,readBack=4/6s (operations: all, report,',
    '                       customerCreate, orderStatus, readBack, contactRead, orderStatusRead, an index',
    '                       operation): a fixed window per token each, whose 429 states the wait only in its',
    '                       message; OP may join several with + (one limit shared); Q/W may add @sliding or',
    '                       @token-bucket and :headers, :seconds or :date (Retry-After); off: none',
    "                       (default: the profile's quotas, if it has some)",
    '  --latency MS         delay every answer by MS milliseconds (a far target)',
    '  --jitter MS          vary the delay by up to +-MS milliseconds (seeded by --seed)',
    '  --workers N          a small server: N workers, each request holding one --service-ms MS (default',
    '                       50) before it is served; the rest queue (each answer takes longer with more in flight)',
    '  --only-detailed      serve only the three operations of section 4 and the two read paths, none of',
    "                       the index's other operations (a 404 at their paths)",
    '  --hostile NAME       a server that tries to exhaust the client: endless-report (totalCount 10^9,',
    '                       every page of the report full)',
    '  --print-config       print the run config for this port, seed and profile, and exit',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(serveCommand, argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      fault: { type: 'string', multiple: true },
      'rate-limit': { type: 'string' },
      algorithm: { type: 'string' },
      'limit-scope': { type: 'string' },
      quota: { type: 'string' },
      profile: { type: 'string' },
      latency: { type: 'string' },
      jitter: { type: 'string' },
      workers: { type: 'string' },
      'service-ms': { type: 'string' },
      'print-config': { type: 'boolean' },
      'only-detailed': { type: 'boolean' },
      hostile: { type: 'string' },
    });
    const port = intFlag(serveCommand, 'port', values.port, 8080, 0, 65535);
    const host = values.host ?? '127.0.0.1';
    if (host === '') throw new UsageError('--host must not be empty', serveCommand);
    const seed = intFlag(serveCommand, 'seed', values.seed, 42, -(2 ** 31), 2 ** 31 - 1);
    const faults = parseFaults(values.fault ?? []);
    const profile = values.profile ?? 'default';
    if (!isProfileName(profile))
      throw new UsageError(`unknown profile ${JSON.stringify(profile)}; profiles: ${PROFILE_NAMES.join(', ')} (erp-conformance profiles)`, serveCommand);
    const latencyMs = intFlag(serveCommand, 'latency', values.latency, 0, 0, 600_000);
    const jitterMs = intFlag(serveCommand, 'jitter', values.jitter, 0, 0, 600_000);
    const hostile = values.hostile;
    if (hostile !== undefined && !isHostileMode(hostile))
      throw new UsageError(`unknown hostile mode ${JSON.stringify(hostile)}; modes: ${HOSTILE_MODES.join(', ')}`, serveCommand);
    const workers = intFlag(serveCommand, 'workers', values.workers, 0, 0, 10_000);
    const serviceMs = intFlag(serveCommand, 'service-ms', values['service-ms'], 50, 0, 600_000);

    const { DEFAULT_TOKENS } = await import('../../reference/constants.ts');
    const { referenceRunConfig } = await import('../../reference/run-config.ts');
    if (values['print-config']) {
      if (port === 0) throw new UsageError('--print-config needs a fixed --port (0 picks a port only when serving)', serveCommand);
      const { onlyDetailed } = await import('../../reference/profiles/index.ts');
      const config = referenceRunConfig(
        `http://${urlHost(host)}:${port}`,
        [...DEFAULT_TOKENS],
        seed,
        values['only-detailed'] ? onlyDetailed(profile) : profile,
      );
      process.stdout.write(`${JSON.stringify(config, null, 2)}\n`);
      return EXIT.ok;
    }

    const { parseRateLimit, startReference } = await import('../../reference/server.ts');
    const rateLimit = parseRateLimitFlags(values, parseRateLimit);
    const quotas = parseQuotaFlag(values.quota);
    let server: Awaited<ReturnType<typeof startReference>>;
    try {
      server = await startReference({
        port,
        host,
        seed,
        faults,
        profile,
        latencyMs,
        jitterMs,
        ...(workers > 0 ? { pool: { workers, serviceMs } } : {}),
        onlyDetailed: values['only-detailed'] ?? false,
        ...(hostile ? { hostile } : {}),
        ...(rateLimit === undefined ? {} : { rateLimit }),
        ...(quotas === undefined ? {} : { quotas }),
      });
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' && code !== 'EACCES' && code !== 'EADDRNOTAVAIL' && code !== 'ENOTFOUND') throw e;
      process.stderr.write(`erp-conformance: cannot listen on ${host}:${port}: ${code}\n`);
      return EXIT.usage;
    }
    const { profileOf } = await import('../../reference/profiles/index.ts');
    const limitOn = rateLimit === undefined ? profileOf(profile).rateLimit.always : rateLimit;
    const limitText = limitOn ? `${limitOn.limit}/${limitOn.windowSeconds}s ${limitOn.algorithm} per ${limitOn.scope}` : 'off';
    const quotasOn = quotas === undefined ? profileOf(profile).rateLimit.quotas : quotas;
    const quotaText = quotasOn
      ? `, quotas: ${Object.entries(quotasOn)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')} (429 states the wait in its message)`
      : '';
    const latencyText = `${latencyMs || jitterMs ? `, latency ${latencyMs}+-${jitterMs} ms` : ''}${workers > 0 ? `, ${workers} workers of ${serviceMs} ms` : ''}`;
    const stopped = new Promise<number>((resolve) => {
      let closing = false;
      const stop = (signal: string) => {
        if (closing) {
          process.stderr.write(`${signal} again: exiting without waiting for the close\n`);
          process.exit(1);
        }
        closing = true;
        process.stdout.write(`${signal}: closing\n`);
        server.close().then(
          () => resolve(0),
          (e: unknown) => {
            process.stderr.write(`erp-conformance: error while closing: ${e instanceof Error ? e.message : String(e)}\n`);
            resolve(1);
          },
        );
      };
      // Installed before the banner: whoever waits for the banner may signal at once.
      onStopSignals(stop);
      // A parent that ends without passing its signal on: closes, as on a signal (bin/cli/parent-watch.ts).
      whenParentEnds(() => stop('parent exited'));
    });
    process.stdout.write(
      `reference ERP listening on ${server.url} (profile: ${server.profile}${values['only-detailed'] ? ', only the detailed operations and read-backs' : ''}, faults: ${server.faults.length ? server.faults.join(', ') : 'none'}${hostile ? `, hostile: ${hostile}` : ''}, rate limit: ${limitText}${quotaText}${latencyText})\n`,
    );
    return stopped;
  },
};

function parseFaults(names: string[]): FaultName[] {
  const unknown = names.filter((n) => !isFaultName(n));
  if (unknown.length > 0)
    throw new UsageError(`unknown fault ${unknown.map((n) => JSON.stringify(n)).join(', ')}; valid faults:\n${wrap(FAULT_NAMES, 96)}`, serveCommand);
  return [...new Set(names)] as FaultName[];
}

/** Comma-separated names, indented, wrapped at `width` characters. */
function wrap(names: readonly string[], width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const n of names) {
    if (line && line.length + n.length + 2 > width) {
      lines.push(line);
      line = '';
    }
    line += line ? `, ${n}` : `  ${n}`;
  }
  return [...lines, line].join(',\n');
}

function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

type RateLimitFlags = { 'rate-limit'?: string; algorithm?: string; 'limit-scope'?: string };
type RateLimit = { limit: number; windowSeconds: number; algorithm: Algorithm; scope: Scope };

/** The reference's rate limit: undefined (the profile's) when --rate-limit is absent, null when off. */
function parseRateLimitFlags(values: RateLimitFlags, parse: (text: string) => { limit: number; windowSeconds: number }): RateLimit | null | undefined {
  const text = values['rate-limit'];
  const { algorithm, 'limit-scope': scope } = values;
  if (algorithm !== undefined && !(ALGORITHMS as readonly string[]).includes(algorithm))
    throw new UsageError(`--algorithm must be one of ${ALGORITHMS.join(', ')}, received ${JSON.stringify(algorithm)}`, serveCommand);
  if (scope !== undefined && !(SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--limit-scope must be one of ${SCOPES.join(', ')}, received ${JSON.stringify(scope)}`, serveCommand);
  if (text === undefined) {
    if (algorithm !== undefined || scope !== undefined) throw new UsageError('--algorithm and --limit-scope need --rate-limit Q/W', serveCommand);
    return undefined;
  }
  if (text === 'off' || text === 'none') {
    if (algorithm !== undefined || scope !== undefined) throw new UsageError('--algorithm and --limit-scope make no sense with --rate-limit off', serveCommand);
    return null;
  }
  let parsed: { limit: number; windowSeconds: number };
  try {
    parsed = parse(text);
  } catch (e) {
    throw new UsageError(`--rate-limit: ${e instanceof Error ? e.message : String(e)} (expected e.g. 60/10s)`, serveCommand);
  }
  return { ...parsed, algorithm: (algorithm ?? 'fixed') as Algorithm, scope: (scope ?? 'token') as Scope };
}

/** --quota report=5/6s,readBack=4/6s: undefined (the profile's) when absent, null when off. A key
 *  may join several with "+" (one limit shared), a value add its algorithm and how its 429 states
 *  the wait: all=300/10s@fixed:date (reference/quota-switch.ts). */
function parseQuotaFlag(text: string | undefined): Record<string, string> | null | undefined {
  if (text === undefined) return undefined;
  if (text === 'off' || text === 'none') return null;
  const map: Record<string, string> = {};
  try {
    for (const part of text.split(',')) {
      const [k, v, ...rest] = part.split('=').map((s) => s.trim());
      if (rest.length || !k || !v || map[k]) throw new Error('malformed');
      map[k] = v;
    }
    createQuotaLimiters(map);
  } catch {
    throw new UsageError(
      `--quota must be OP=Q/W[@fixed|sliding|token-bucket][:message|headers|seconds|date],... like report=5/6s,readBack=4/6s or contactRead+orderStatusRead=100/10s@sliding:date (operations: ${QUOTA_KEYS_TEXT}), received ${JSON.stringify(text)}`,
      serveCommand,
    );
  }
  return map;
}
