// 7: "429 | Too Many Request | create customer; consumption/production report | request rate
// exceeded"; 8 rule 1: "Requests can be rejected with 429 when too many are made; the thresholds
// and time window: not shown". Runs only with `run --with-load`: the probe measures the limit and
// tests the 429s, then a short steady load looks for 5xx. Both share the config's load caps. Every
// exchange of the probe goes to the run's HAR; of a burst and of the load, those they keep.
import { isLoopbackUrl } from '../../load/caps.ts';
import { burstCheck } from '../../load/engines/burst.ts';
import { loadFindings, probeFindings } from '../../load/checks.ts';
import { runLoad } from '../../load/load.ts';
import { writeLoadArtillery } from '../../load/artillery/export-file.ts';
import { loadObservation, probeObservation, writeRateLimitJson } from '../../load/output.ts';
import { probeRateLimit } from '../../load/probe/probe.ts';
import type { RateLimitResult } from '../../load/result.ts';
import { suiteContext } from '../../runtime/context.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { defineRunState } from '../../runtime/run-state.ts';
import { suiteSays } from '../../core/words/suites.ts';

const caps = suiteContext().config.load;
/** What the probe measured, and what it and the burst spent of the caps (for the tests after them), in this run. */
const probeRun = defineRunState('rate-limit', () => ({ spent: { requests: 0, seconds: 0 }, probed: undefined as RateLimitResult | undefined }));
/** The load test: a few seconds at 1.5 x the measured rate (20/s when none was measured). */
const LOAD_SECONDS = 3;

function allowed(h: Harness): string | null {
  return isLoopbackUrl(h.config.target.baseUrl) || h.config.load.allowNonLoopback ? null : suiteSays('rlNotLoopback');
}

verifies(
  'rate-limit/RL-1+RL-2+RL-3+RL-4',
  ['RL-1', 'RL-2', 'RL-3', 'RL-4'],
  'Over the rate limit the target answers 429 with the envelope, and a Retry-After it sends holds',
  async (h, t) => {
    const refused = allowed(h);
    if (refused) h.skip(refused, t);
    const onExchange = h.harSender('probe');
    const r = await probeRateLimit({ config: h.config, operation: 'report', maxRequests: caps.maxRequests, maxSeconds: caps.maxSeconds, onExchange });
    const run = probeRun(h);
    run.probed = r;
    run.spent = { requests: r.requestsSent, seconds: r.durationSeconds };
    h.add(probeFindings(r));
    h.observe('rateLimit', probeObservation(r));
    // RL-1: over the limit the answer was a 429 (or no limit within the caps: "can be rejected"),
    // on evidence of the requests the probe pushed; never on a probe that could not push at all.
    const answered = Object.entries(r.statusCounts)
      .filter(([status]) => status !== '0')
      .reduce((n, [, c]) => n + c, 0);
    h.sentOutside(r.requestsSent, answered);
    if (answered > 0) h.note('RL-1', answered);
    else h.inconclusive('RL-1', suiteSays('rlProbeUnanswered'));
    // RL-2 is noted by its check on each 429 that carries the envelope.
    if (r.limited && !r.envelopeOn429 && r.evidence.refusals.every((ex) => !ex.json || typeof (ex.json as { status?: unknown }).status !== 'boolean')) {
      h.inconclusive('RL-2', suiteSays('rl429NoEnvelope'));
    }
    // RL-3: each Retry-After the probe tested.
    h.note('RL-3', r.retryAfter.checks.length);
    if (r.retryAfter.checks.length === 0) h.inconclusive('RL-3', r.limited ? suiteSays('rlNoRetryAfter') : suiteSays('rlNo429NoRetryAfter'));
    if (!r.limited) h.inconclusive('RL-2', suiteSays('rlNo429'));
    if (h.ctx.outDir) writeRateLimitJson(h.ctx.outDir, r, h.config, { seed: h.ctx.seed });
  },
  { sequential: true, timeoutMs: caps.maxSeconds * 1000 + 30_000 },
);

verifies(
  'rate-limit/RL-6',
  ['RL-6'],
  'A burst of parallel requests inside one window is accepted no more often than the measured limit, for one token and for both',
  async (h, t) => {
    const refused = allowed(h);
    if (refused) h.skip(refused, t);
    const run = probeRun(h);
    const m = run.probed;
    if (!m?.limit || !m.windowSeconds) return h.skip(suiteSays('rlNoLimit'), t);
    const left = { maxRequests: caps.maxRequests - run.spent.requests, maxSeconds: caps.maxSeconds - run.spent.seconds, maxConcurrency: caps.maxConcurrency };
    const { result, ...checked } = await burstCheck({ config: h.config, limit: m.limit, windowSeconds: m.windowSeconds, scope: m.scope, caps: left });
    run.spent = { requests: run.spent.requests + result.requestsSent, seconds: run.spent.seconds + result.durationSeconds };
    for (const round of result.rounds) round.evidence.forEach(h.harSender('burst'));
    h.sentOutside(result.requestsSent, result.requestsSent);
    if (result.skipped) h.skip(result.skipped, t);
    h.add(checked);
    h.observe('burst', { size: result.size, rounds: result.rounds.map(({ evidence: _e, ...r }) => r), leaks: result.leaks, notes: result.notes });
  },
  { sequential: true, timeoutMs: caps.maxSeconds * 1000 + 30_000 },
);

verifies(
  'rate-limit/RL-2+RL-5',
  ['RL-2', 'RL-5'],
  'A short steady load is answered without any 5xx, and its 429s keep the envelope',
  async (h, t) => {
    const refused = allowed(h);
    if (refused) h.skip(refused, t);
    const { probed, spent } = probeRun(h);
    const measured = probed?.limit && probed.windowSeconds ? probed.limit / probed.windowSeconds : null;
    const rate = measured ? Math.min(100, Math.max(2, Math.round(1.5 * measured))) : 20;
    const maxRequests = Math.min(caps.maxRequests - spent.requests, Math.floor(rate * LOAD_SECONDS));
    const maxSeconds = Math.min(caps.maxSeconds - spent.seconds, LOAD_SECONDS + 5);
    if (maxRequests < 1 || maxSeconds < 1) h.skip(suiteSays('rlCapsUsed', { maxRequests: caps.maxRequests, maxSeconds: caps.maxSeconds }), t);
    const seconds = Math.min(LOAD_SECONDS, maxRequests / rate);
    // The steady load as an Artillery script beside the certificate, to scale out: long enough to reach the measured limit.
    if (h.ctx.outDir) writeLoadArtillery(h.ctx.outDir, { config: h.config, operation: 'report', measured: probed, sent: { rate, seconds } });
    const r = await runLoad({
      config: h.config,
      operation: 'report',
      rate,
      seconds,
      caps: { maxRequests, maxSeconds, maxConcurrency: caps.maxConcurrency },
    });
    h.sentOutside(r.requestsSent, r.answered);
    const kept = h.harSender('load');
    for (const ex of Object.values(r.evidence)
      .flat()
      .sort((a, b) => a.seq - b.seq))
      kept(ex);
    h.add(loadFindings(r));
    h.observe('load', loadObservation(r));
    // RL-5: the answers under load are the evidence (a 5xx among them is a finding).
    if (r.answered > 0) h.note('RL-5', r.answered);
    else h.inconclusive('RL-5', suiteSays('rlLoadUnanswered'));
  },
  { sequential: true, timeoutMs: 60_000 },
);
