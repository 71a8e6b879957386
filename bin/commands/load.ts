// `load`: the open model (--rate: exact schedule, latency from the due instant) through a
// scenario, or the closed model (--connections: a request per answer, sent by the kit's wire sender
// or, with --engine autocannon, by autocannon); HDR percentiles, status counts, thresholds; writes
// load.json, load.html and load.har (the exchanges it kept, reports/har/sender-har.ts). Exit 0 ok, 1 a threshold crossed or a rate-limit requirement failed
// under load (a 5xx, a 429 contradicting its envelope, requests without an answer), 2
// usage/config/safety refusal, 130 / 143 stopped by a signal (the result so far written:
// bin/cli/load-interrupt.ts).
import { parseFlags, UsageError, type Command } from '../cli/usage.ts';
import { numberFlag, openLoadTarget, printFindings, REFERENCE_FLAGS, SAFETY_USAGE } from '../cli/load-target.ts';
import { EXIT } from '../../core/exit-codes.ts';

export const loadCommand: Command = {
  name: 'load',
  summary: 'send load: an exact open-model schedule (--rate) or wire-speed connections (--connections); thresholds decide the exit code',
  usage: [
    'Usage: erp-conformance load (--rate R | --connections N [--pipelining P] [--engine wire|autocannon]) --seconds S',
    '                            [--scenario steady|ramp|spike|soak] [--from R0] [--steps K] [--spike-rate R2]',
    '                            [--operation OP | --mix OP:W,...] [--threshold EXPR]... [--workers N] [--quiet]',
    '                            [--config FILE] [--out DIR] [--concurrency N] [--max-requests N] [--max-seconds S] [--yes]',
    '       erp-conformance load --export artillery FILE --config FILE --rate R --seconds S [scenario, mix, threshold flags]',
    '',
    'Open model (--rate): request i is due at start + i/R whatever the answers; latency is measured',
    'from that due instant (coordinated omission corrected) on a pool of keep-alive connections',
    '(at most --concurrency); a request due while all of them are busy is dropped and counted.',
    'Closed model (--connections): N keep-alive connections, each with P requests in flight, a new',
    "request as each answer arrives (what wrk measures): the target's throughput. Sent by the kit's",
    'own wire sender, or by autocannon (--engine autocannon) to check one against the other.',
    'Prints HDR latency percentiles and status counts, writes load.json and load.html (latency and',
    'statuses over time) and load.har (the exchanges kept: 429s, 5xx, no answer, the first of each status;',
    'HAR 1.2, tokens redacted) to --out. Without --config the embedded reference (with a limiter) is the target.',
    '',
    "  --rate R           open model: requests per second (the ramp's last step, the spike's base)",
    '  --connections N    closed model: keep-alive connections (N x P at most --concurrency)',
    '  --pipelining P     closed model: requests in flight per connection (default 1)',
    "  --engine NAME      closed model: wire (default: the kit's own sender, on --workers threads) or",
    '                     autocannon (one thread); the same caps, result, thresholds and findings',
    '  --seconds S        duration in seconds (required)',
    '  --scenario NAME    open model: steady (default); ramp: --steps K (default 5) from --from R0',
    '                     (default R/K) up to R, stops at the knee (the first step whose p99 or error',
    '                     share crosses its threshold: the --threshold ones, else p99<500ms, errors<1%);',
    '                     spike: R, then --spike-rate (default 5R) for 20% of S, then R; soak: R in quarters',
    '  --operation OP     report (default), customer-create (writes: true CREATES a customer per',
    '                     accepted request; writes: false sends an invalid branch_id), order-status',
    '                     (Pending on a Pending voucher) or status-refused (an invalid orderStatus: 400)',
    '  --mix OP:W,...     several operations by weight, e.g. report:8,customer-create:1,status-refused:1',
    '                     (customer-create is left out of a mix unless the config says writes: true)',
    '  --threshold EXPR   repeatable: p50|p90|p95|p99|p99.9|max|mean<MS (ms, s, us), errors|5xx|429|dropped<SHARE',
    '                     (0.1% or 0.001), rps>=N; operators < <= > >=. A crossed threshold exits 1',
    '  --export artillery FILE  send nothing: write the scenario as an Artillery 2 script (open model,',
    '                     --config required): phases, the mix with the same bodies, api-token from',
    '                     $ERP_API_TOKEN (never in the file), the thresholds as `ensure` conditions, 429s',
    '                     apart from errors. Read its results back with report --artillery',
    '  --workers N        threads sending (default: the cores available); each takes its share of the',
    '                     connections, or every Nth request of the one schedule; histograms merged exactly',
    '  --quiet            no progress line',
    '  --config FILE      run config (JSON)',
    '  --out DIR          output folder (default ./erp-conformance-report)',
    '  --concurrency N    lower the cap on connections / requests in flight (config load.maxConcurrency)',
    ...SAFETY_USAGE,
    '',
    'Exit codes: 0 ok, 1 a threshold crossed or a 5xx under load (or a 429 contradicting its envelope,',
    'or requests without an answer), 2 usage, config or safety refusal (nothing is sent), 130 / 143',
    'SIGINT / SIGTERM or the parent process gone: the load stops and what was sent is written; a',
    'second signal exits at once (the embedded reference closed, nothing more written).',
  ].join('\n'),
  async run(argv) {
    const { values, positionals } = parseFlags(
      loadCommand,
      argv,
      {
        config: { type: 'string' },
        operation: { type: 'string' },
        mix: { type: 'string' },
        rate: { type: 'string' },
        connections: { type: 'string' },
        pipelining: { type: 'string' },
        engine: { type: 'string' },
        seconds: { type: 'string' },
        scenario: { type: 'string' },
        from: { type: 'string' },
        steps: { type: 'string' },
        'spike-rate': { type: 'string' },
        threshold: { type: 'string', multiple: true },
        workers: { type: 'string' },
        quiet: { type: 'boolean' },
        out: { type: 'string' },
        concurrency: { type: 'string' },
        'max-requests': { type: 'string' },
        'max-seconds': { type: 'string' },
        yes: { type: 'boolean' },
        export: { type: 'string' },
        ...REFERENCE_FLAGS,
      },
      true,
    );
    const { parseLoadFlags } = await import('../cli/load-flags.ts');
    const flags = await parseLoadFlags(loadCommand, values);
    if (values.export !== undefined) {
      if (positionals.length > 1) throw new UsageError(`unexpected argument ${positionals[1]} (--export artillery takes one FILE)`, loadCommand);
      const { exportScenario } = await import('./load-export.ts');
      return exportScenario(
        loadCommand,
        { format: values.export, file: positionals[0], config: values.config, yes: values.yes ?? false, quiet: values.quiet ?? false },
        flags,
      );
    }
    if (positionals.length)
      throw new UsageError(`unexpected argument ${positionals[0]} (this command takes flags only, but for --export artillery FILE)`, loadCommand);
    const opened = await openLoadTarget(loadCommand, { ...values, operation: undefined });
    if (opened === EXIT.usage) return EXIT.usage;
    const { out, target } = opened;
    const { Halt } = await import('../../load/engines/halt.ts');
    const { haltOnSignal } = await import('../cli/load-interrupt.ts');
    const halt = new Halt();
    const interrupt = haltOnSignal(target, halt);
    try {
      const { overCaps, runLoad } = await import('../../load/load.ts');
      const { buildMix } = await import('../../load/scenarios/mix.ts');
      // The number of requests, the connections and the duration are known in advance: over a cap, nothing is sent.
      const over = overCaps({ ...flags, caps: target.caps });
      if (over) {
        process.stderr.write(`erp-conformance: ${over}\n`);
        return EXIT.usage;
      }
      let mix;
      try {
        mix = buildMix(target.config, flags.mixEntries);
      } catch (e) {
        throw new UsageError((e as Error).message, loadCommand);
      }
      const { loadFindings } = await import('../../load/checks.ts');
      const { loadSummary, writeLoadJson } = await import('../../load/output.ts');
      const { writeLoadHtml } = await import('../../reports/render/html/load.ts');
      // Imported before the load: after a signal to the group, tsx's transformer may be gone.
      const { senderHar } = await import('../../reports/har/sender-har.ts');
      const { redactorOf } = await import('../../client/redact.ts');
      const how =
        flags.connections !== undefined
          ? `${flags.connections} connections x ${flags.pipelining ?? 1} for ${flags.seconds} s${flags.engine === 'autocannon' ? ', sent by autocannon' : ''}`
          : `${flags.scenario ?? 'steady'} at ${flags.rate}/s for ${flags.seconds} s, at most ${target.caps.maxConcurrency} connections`;
      process.stdout.write(`load on ${target.label}: ${how}\n`);
      const result = await runLoad({ ...flags, config: target.config, mix, caps: target.caps, progress: process.stderr, quiet: values.quiet ?? false, halt });
      const file = writeLoadJson(out, result, target.config);
      const html = writeLoadHtml(out, result, target.config);
      process.stdout.write(`${loadSummary(result)}\n`);
      const { findings } = loadFindings(result);
      const har = senderHar(out, 'load');
      for (const ex of Object.values(result.evidence)
        .flat()
        .sort((a, b) => a.seq - b.seq))
        har.entry(ex);
      const harFile = har.finish(findings, redactorOf([target.config.target.token, target.config.target.secondToken]));
      const crossed = result.thresholds.filter((t) => !t.passed);
      if (crossed.length > 0) process.stdout.write(`thresholds crossed: ${crossed.map((t) => t.threshold).join(', ')}\n`);
      const code = printFindings(findings, harFile ? [file, html, harFile] : [file, html]);
      return interrupt.code() ?? (crossed.length > 0 ? 1 : code);
    } finally {
      interrupt.release();
      await target.close();
    }
  },
};
