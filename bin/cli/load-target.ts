// What `probe` and `load` share: the embedded reference's limiter flags, the safety caps of
// the command line, and opening the target (config or embedded reference) under those caps.
import path from 'node:path';
import type { Finding } from '../../core/types.ts';
import type { openTarget as OpenTarget, StartedTarget } from '../../load/target.ts';
import type { RateLimitConfig } from '../../reference/limiter.ts';
import { manifestText } from '../../reports/manifest.ts';
import { findingText } from '../../reports/render/finding.ts';
import { intFlag, UsageError, type Command } from './usage.ts';
import { unwritableOut } from './writable-out.ts';
import { whenParentEnds } from './parent-watch.ts';
import { EXIT, exitCodeOfSignal } from '../../core/exit-codes.ts';
import { onStopSignals } from '../../core/signals.ts';

const ALGORITHMS = ['fixed', 'sliding', 'token-bucket'] as const;
const SCOPES = ['token', 'global'] as const;

export const REFERENCE_FLAGS = {
  'rate-limit': { type: 'string' },
  algorithm: { type: 'string' },
  'limit-scope': { type: 'string' },
} as const;

export const SAFETY_USAGE = [
  '  --max-requests N   lower the cap on requests (config load.maxRequests, default 2000)',
  '  --max-seconds S    lower the cap on seconds (config load.maxSeconds, default 120)',
  '  --yes              confirm a non-loopback target (also needs load.allowNonLoopback: true)',
  "  --rate-limit Q/W   with no --config: the embedded reference's limit (default 20/2s)",
  '  --algorithm A      with no --config: fixed (default), sliding or token-bucket',
  '  --limit-scope S    with no --config: token (default) or global',
];

/** The embedded reference's limiter from --rate-limit/--algorithm/--limit-scope (no --config only). */
export async function referenceLimitFlags(
  command: Command,
  values: { config?: string; 'rate-limit'?: string; algorithm?: string; 'limit-scope'?: string },
): Promise<RateLimitConfig | undefined> {
  const { 'rate-limit': text, algorithm, 'limit-scope': scope } = values;
  if (text === undefined && algorithm === undefined && scope === undefined) return undefined;
  if (values.config !== undefined)
    throw new UsageError('--rate-limit, --algorithm and --limit-scope apply to the embedded reference only (no --config)', command);
  if (algorithm !== undefined && !(ALGORITHMS as readonly string[]).includes(algorithm))
    throw new UsageError(`--algorithm must be one of ${ALGORITHMS.join(', ')}, received ${JSON.stringify(algorithm)}`, command);
  if (scope !== undefined && !(SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--limit-scope must be one of ${SCOPES.join(', ')}, received ${JSON.stringify(scope)}`, command);
  const { parseRateLimit } = await import('../../reference/server.ts');
  const { DEFAULT_REFERENCE_LIMIT: d } = await import('../../reference/constants.ts');
  let parsed = { limit: d.limit, windowSeconds: d.windowSeconds };
  try {
    if (text !== undefined) parsed = parseRateLimit(text);
  } catch (e) {
    throw new UsageError(`--rate-limit: ${(e as Error).message}`, command);
  }
  return {
    ...parsed,
    algorithm: (algorithm as RateLimitConfig['algorithm'] | undefined) ?? d.algorithm,
    scope: (scope as RateLimitConfig['scope'] | undefined) ?? d.scope,
  };
}

/** The embedded reference with a rate limiter on a free loopback port (default: the small limit of the default profile). */
async function startEmbeddedReference(referenceLimit: RateLimitConfig | undefined): Promise<StartedTarget> {
  const { startReference } = await import('../../reference/server.ts');
  const { DEFAULT_REFERENCE_LIMIT } = await import('../../reference/constants.ts');
  const limit = referenceLimit ?? DEFAULT_REFERENCE_LIMIT;
  const server = await startReference({ port: 0, rateLimit: limit });
  return {
    config: server.runConfig(),
    label: (config) => `${config.target.name} at ${server.url} (rate limit ${limit.limit}/${limit.windowSeconds}s ${limit.algorithm} per ${limit.scope})`,
    close: () => server.close(),
  };
}

/** A positive number flag (seconds may be fractional). */
export function numberFlag(command: Command, flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text) || !(Number(text) > 0))
    throw new UsageError(`--${flag} must be a positive number, received ${JSON.stringify(text)}`, command);
  return Number(text);
}

/** The flags both commands parse (values of parseFlags). */
export interface LoadTargetFlags {
  config?: string;
  operation?: string;
  out?: string;
  'max-requests'?: string;
  'max-seconds'?: string;
  concurrency?: string;
  yes?: boolean;
  'rate-limit'?: string;
  algorithm?: string;
  'limit-scope'?: string;
}

export interface LoadTarget {
  /** The operation named by --operation (default report); the probe checks it against the config (load/probe/operations.ts). */
  operation: string;
  out: string;
  target: Awaited<ReturnType<typeof OpenTarget>>;
}

/** Parses the shared flags and opens the target; a safety refusal is printed and gives exit code 2. */
export async function openLoadTarget(command: Command, values: LoadTargetFlags): Promise<LoadTarget | 2> {
  const operation = values.operation ?? 'report';
  const maxRequests = values['max-requests'] === undefined ? undefined : intFlag(command, 'max-requests', values['max-requests'], 0, 1, 10_000_000);
  const maxSeconds = numberFlag(command, 'max-seconds', values['max-seconds']);
  const maxConcurrency = values.concurrency === undefined ? undefined : intFlag(command, 'concurrency', values.concurrency, 0, 1, 1_000_000);
  const referenceLimit = await referenceLimitFlags(command, values);
  const out = path.resolve(values.out ?? 'erp-conformance-report');
  // Checked before the target is opened: nothing is sent for a report that could not be written.
  const cannotWrite = unwritableOut(out);
  if (cannotWrite) throw new UsageError(cannotWrite, command);
  const { openTarget } = await import('../../load/target.ts');
  const { SafetyError } = await import('../../load/caps.ts');
  try {
    const target = await openTarget({
      configFile: values.config,
      yes: values.yes ?? false,
      caps: { maxRequests, maxSeconds, maxConcurrency },
      start: () => startEmbeddedReference(referenceLimit),
    });
    return { operation, out, target };
  } catch (e) {
    if (!(e instanceof SafetyError)) throw e;
    process.stderr.write(`erp-conformance: ${e.message}\n`);
    return EXIT.usage;
  }
}

/** Prints each failed requirement and the files written (reports/manifest.ts); the exit code: 1 when anything failed. */
export function printFindings(findings: Finding[], files: string[]): typeof EXIT.ok | typeof EXIT.failed {
  for (const f of findings) process.stdout.write(`FAILED ${f.requirementId} ${f.title}\n  ${findingText(f).replace(/\n/g, '\n  ')}\n`);
  process.stdout.write(manifestText(files));
  return findings.length > 0 ? EXIT.failed : EXIT.ok;
}

/**
 * While probe or load sends: SIGINT / SIGTERM, or the parent ending without passing its signal on
 * (npx's npm killed alone), closes the target (the embedded reference's server) and exits with the
 * signal's code (130 / 143; a parent gone counts as SIGTERM). A second signal exits at once; the
 * close is not awaited past `closeMs`. Returns the function that takes the handlers off again.
 */
export function endWithCaller(target: { close(): Promise<void> }, closeMs = 5000): () => void {
  let ending = false;
  const end = (why: string, code: number) => {
    if (ending) process.exit(code);
    ending = true;
    process.stderr.write(`${why}: closing\n`);
    const bounded = new Promise<void>((resolve) => setTimeout(resolve, closeMs).unref());
    void Promise.race([target.close().catch(() => {}), bounded]).then(() => process.exit(code));
  };
  const release = onStopSignals((s) => end(s, exitCodeOfSignal(s)));
  const unwatch = whenParentEnds(() => end('parent exited', EXIT.sigterm));
  return () => {
    release();
    unwatch();
  };
}
