// `load`: an open-model steady load of R requests/s for S seconds (load/load.ts), with a progress
// line, HDR latency percentiles and status counts; writes load.json. Exit 0 ok, 1 a 5xx under
// load (or a 429 without the envelope, or unanswered requests), 2 usage/config/safety refusal.
import { parseFlags, UsageError, type Command } from '../usage.ts';
import { numberFlag, openLoadTarget, printFindings, REFERENCE_FLAGS, SAFETY_USAGE } from './load-target.ts';

export const loadCommand: Command = {
  name: 'load',
  summary: 'send a steady paced load (R requests/s for S seconds) and report latency and statuses',
  usage: [
    'Usage: erp-conformance load --rate R --seconds S [--operation report|customer-create|order-status]',
    '                            [--config FILE] [--out DIR] [--concurrency N] [--max-requests N] [--max-seconds S] [--yes]',
    '',
    'Sends request i at start + i/R (an open model: the schedule does not wait for answers), with',
    'a progress line on a terminal; prints HDR latency percentiles (from the scheduled instant) and',
    'status counts, and writes load.json to --out. A 5xx under load is a failure; a 429 should',
    'keep the envelope. R x S must fit the request cap and S the seconds cap. Without --config the',
    'embedded reference (with a limiter) is the target.',
    '',
    '  --rate R           requests per second (required)',
    '  --seconds S        duration in seconds (required)',
    '  --operation OP     report (default), customer-create (writes: true CREATES a customer per',
    '                     accepted request; writes: false sends an invalid branch_id) or order-status',
    '  --config FILE      run config (JSON)',
    '  --out DIR          output folder (default ./erp-conformance-report)',
    '  --concurrency N    lower the cap on requests in flight (default and maximum 64)',
    ...SAFETY_USAGE,
    '',
    'Exit codes: 0 ok, 1 a 5xx under load (or a 429 without the envelope), 2 usage, config or safety refusal.',
  ].join('\n'),
  async run(argv) {
    const { values } = parseFlags(loadCommand, argv, {
      config: { type: 'string' },
      operation: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      out: { type: 'string' },
      concurrency: { type: 'string' },
      'max-requests': { type: 'string' },
      'max-seconds': { type: 'string' },
      yes: { type: 'boolean' },
      ...REFERENCE_FLAGS,
    });
    const rate = numberFlag(loadCommand, 'rate', values.rate);
    const seconds = numberFlag(loadCommand, 'seconds', values.seconds);
    if (rate === undefined || seconds === undefined) throw new UsageError('--rate R and --seconds S are required', loadCommand);
    const opened = await openLoadTarget(loadCommand, values);
    if (opened === 2) return 2;
    const { operation, out, target } = opened;
    // The number of requests and the duration are known in advance: over a cap, nothing is sent.
    const planned = Math.floor(rate * seconds);
    const over =
      planned > target.caps.maxRequests ? `--rate ${rate} x --seconds ${seconds} = ${planned} requests is above the cap of ${target.caps.maxRequests} (config load.maxRequests)`
      : seconds > target.caps.maxSeconds ? `--seconds ${seconds} is above the cap of ${target.caps.maxSeconds} s (config load.maxSeconds)`
      : null;
    if (over) {
      await target.close();
      process.stderr.write(`erp-conformance: ${over}\n`);
      return 2;
    }
    try {
      const { runLoad } = await import('../../load/load.ts');
      const { loadFindings } = await import('../../load/checks.ts');
      const { loadSummary, writeLoadJson } = await import('../../load/output.ts');
      process.stdout.write(`load on ${target.label}: ${rate}/s for ${seconds} s, at most ${target.caps.maxConcurrency} in flight\n`);
      const result = await runLoad({ config: target.config, operation, rate, seconds, caps: target.caps, progress: process.stderr });
      const file = writeLoadJson(out, result, target.config);
      const findings = loadFindings(result);
      process.stdout.write(`${loadSummary(result)}\n`);
      return printFindings(findings, file);
    } finally {
      await target.close();
    }
  },
};
