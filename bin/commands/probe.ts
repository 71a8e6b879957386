// `probe`: measures the target's rate limit (load/probe/probe.ts) and writes rate-limit.json and
// probe.har (every exchange it sent, reports/har/sender-har.ts). With no
// --config it probes the embedded reference, started with a limiter. Exit 0 ok, 1 a rate-limit
// requirement failed (5xx, 429 without the envelope, lying Retry-After), 2 usage/config/safety.
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { endWithCaller, openLoadTarget, printFindings, REFERENCE_FLAGS, SAFETY_USAGE } from '../cli/load-target.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const probeCommand: Command = {
  name: 'probe',
  summary: 'measure the rate limit (limit, window, algorithm, scope, Retry-After) and write rate-limit.json',
  usage: [
    'Usage: erp-conformance probe [--config FILE] [--operation NAME] [--out DIR]',
    '                             [--max-requests N] [--max-seconds S] [--yes]',
    '',
    'Sends requests one after the other until the first 429, then measures how the quota comes',
    'back: limit, window, refill (bulk or gradual), algorithm, scope (per token or shared, with',
    'target.secondToken), whether Retry-After is truthful and whether 429 keeps the envelope.',
    'Writes rate-limit.json and probe.har (every exchange sent, HAR 1.2, tokens redacted) to --out.',
    'Without --config the embedded reference is probed.',
    '',
    '  --config FILE      run config (JSON)',
    '  --operation NAME   report (default), customer-create (with writes: false: an invalid',
    '                     branch_id, so nothing is created), order-status, a read path of readBack',
    '                     (order-status-read, contact-read) or an index operation of config operations',
    '                     by its stable name (e.g. get-product-list)',
    '  --out DIR          output folder (default ./erp-conformance-report)',
    ...SAFETY_USAGE,
    '',
    'Exit codes: 0 ok, 1 a rate-limit requirement failed, 2 usage, config or safety refusal, 130 / 143',
    'SIGINT / SIGTERM or the parent process gone (the embedded reference closed, nothing written).',
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
    const opened = await openLoadTarget(probeCommand, values);
    if (opened === EXIT.usage) return EXIT.usage;
    const { operation, out, target } = opened;
    const release = endWithCaller(target);
    try {
      const { probedRequest } = await import('../../load/probe/operations.ts');
      const request = probedRequest(target.config, operation);
      if ('problem' in request) throw new UsageError(request.problem, probeCommand);
      const { probeRateLimit } = await import('../../load/probe/probe.ts');
      const { probeFindings } = await import('../../load/checks.ts');
      const { probeSummary, writeRateLimitJson } = await import('../../load/output.ts');
      const { senderHar } = await import('../../reports/har/sender-har.ts');
      const { redactorOf } = await import('../../client/redact.ts');
      const har = senderHar(out, 'probe');
      process.stdout.write(`probing ${target.label}: at most ${target.caps.maxRequests} requests, ${target.caps.maxSeconds} s\n`);
      const result = await probeRateLimit({
        config: target.config,
        operation,
        maxRequests: target.caps.maxRequests,
        maxSeconds: target.caps.maxSeconds,
        log: (line) => process.stdout.write(`  ${line}\n`),
        onExchange: har.entry,
      });
      const file = writeRateLimitJson(out, result, target.config);
      const { findings } = probeFindings(result);
      const harFile = har.finish(findings, redactorOf([target.config.target.token, target.config.target.secondToken]));
      process.stdout.write(`${probeSummary(result)}\n`);
      return printFindings(findings, harFile ? [file, harFile] : [file]);
    } finally {
      release();
      await target.close();
    }
  },
};
