// `probe`: measures the target's rate limit (load/probe.ts) and writes rate-limit.json. With no
// --config it probes the embedded reference, started with a limiter. Exit 0 ok, 1 a rate-limit
// requirement failed (5xx, 429 without the envelope, lying Retry-After), 2 usage/config/safety.
import path from 'node:path';
import type { RateLimitConfig } from '../../reference/limiter.ts';
import { intFlag, parseFlags, UsageError, type Command } from '../usage.ts';

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
  '  --rate-limit Q/W   with no --config: the embedded reference\'s limit (default 20/2s)',
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
  if (values.config !== undefined) throw new UsageError('--rate-limit, --algorithm and --limit-scope apply to the embedded reference only (no --config)', command);
  if (algorithm !== undefined && !(ALGORITHMS as readonly string[]).includes(algorithm))
    throw new UsageError(`--algorithm must be one of ${ALGORITHMS.join(', ')}, received ${JSON.stringify(algorithm)}`, command);
  if (scope !== undefined && !(SCOPES as readonly string[]).includes(scope))
    throw new UsageError(`--limit-scope must be one of ${SCOPES.join(', ')}, received ${JSON.stringify(scope)}`, command);
  const { parseRateLimit } = await import('../../reference/server.ts');
  let parsed = { limit: 20, windowSeconds: 2 };
  try {
    if (text !== undefined) parsed = parseRateLimit(text);
  } catch (e) {
    throw new UsageError(`--rate-limit: ${(e as Error).message}`, command);
  }
  return { ...parsed, algorithm: (algorithm ?? 'fixed') as RateLimitConfig['algorithm'], scope: (scope ?? 'token') as RateLimitConfig['scope'] };
}

/** A positive number flag (seconds may be fractional). */
export function numberFlag(command: Command, flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(text) || !(Number(text) > 0)) throw new UsageError(`--${flag} must be a positive number, received ${JSON.stringify(text)}`, command);
  return Number(text);
}

export const probeCommand: Command = {
  name: 'probe',
  summary: 'measure the rate limit (limit, window, algorithm, scope, Retry-After) and write rate-limit.json',
  usage: [
    'Usage: erp-conformance probe [--config FILE] [--operation report|customer-create|order-status] [--out DIR]',
    '                             [--max-requests N] [--max-seconds S] [--yes]',
    '',
    'Sends requests one after the other until the first 429, then measures how the quota comes',
    'back: limit, window, refill (bulk or gradual), algorithm, scope (per token or shared, with',
    'target.secondToken), whether Retry-After is truthful and whether 429 keeps the envelope.',
    'Writes rate-limit.json to --out. Without --config the embedded reference is probed.',
    '',
    '  --config FILE      run config (JSON)',
    '  --operation OP     report (default), customer-create (with writes: false: an invalid',
    '                     branch_id, so nothing is created) or order-status',
    '  --out DIR          output folder (default ./erp-conformance-report)',
    ...SAFETY_USAGE,
    '',
    'Exit codes: 0 ok, 1 a rate-limit requirement failed, 2 usage, config or safety refusal.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(probeCommand, argv, {
      config: { type: 'string' },
      operation: { type: 'string' },
      out: { type: 'string' },
      'max-requests': { type: 'string' },
      'max-seconds': { type: 'string' },
      yes: { type: 'boolean' },
      ...REFERENCE_FLAGS,
    });
    const { isProbeOperation, PROBE_OPERATIONS } = await import('../../load/requests.ts');
    const operation = values.operation ?? 'report';
    if (!isProbeOperation(operation)) throw new UsageError(`--operation must be one of ${PROBE_OPERATIONS.join(', ')}, received ${JSON.stringify(operation)}`, probeCommand);
    const maxRequests = values['max-requests'] === undefined ? undefined : intFlag(probeCommand, 'max-requests', values['max-requests'], 0, 1, 10_000_000);
    const maxSeconds = numberFlag(probeCommand, 'max-seconds', values['max-seconds']);
    const referenceLimit = await referenceLimitFlags(probeCommand, values);
    const out = path.resolve(values.out ?? 'erp-conformance-report');

    const { openTarget } = await import('../../load/target.ts');
    const { SafetyError } = await import('../../load/caps.ts');
    let target: Awaited<ReturnType<typeof openTarget>>;
    try {
      target = await openTarget({ configFile: values.config, yes: values.yes ?? false, caps: { maxRequests, maxSeconds }, referenceLimit });
    } catch (e) {
      if (!(e instanceof SafetyError)) throw e;
      process.stderr.write(`erp-conformance: ${e.message}\n`);
      return 2;
    }
    try {
      const { probeRateLimit } = await import('../../load/probe.ts');
      const { probeFindings } = await import('../../load/checks.ts');
      const { probeSummary, writeRateLimitJson } = await import('../../load/output.ts');
      process.stdout.write(`probing ${target.label}: at most ${target.caps.maxRequests} requests, ${target.caps.maxSeconds} s\n`);
      const result = await probeRateLimit({
        config: target.config, operation, maxRequests: target.caps.maxRequests, maxSeconds: target.caps.maxSeconds,
        log: (line) => process.stdout.write(`  ${line}\n`),
      });
      const file = writeRateLimitJson(out, result, target.config);
      const findings = probeFindings(result);
      process.stdout.write(`${probeSummary(result)}\n`);
      for (const f of findings) process.stdout.write(`FAILED ${f.requirementId} ${f.title}\n  ${f.message.replace(/\n/g, '\n  ')}\n`);
      process.stdout.write(`written: ${file}\n`);
      return findings.length > 0 ? 1 : 0;
    } finally {
      await target.close();
    }
  },
};
