// 7: "429 | Too Many Request | create customer; consumption/production report | request rate
// exceeded"; 8 rule 1: "Requests can be rejected with 429 when too many are made; the thresholds
// and time window: not shown". Runs only with `run --with-load`: the probe measures the limit and
// tests the 429s, then a short steady load looks for 5xx. Both share the config's load caps.
import { isLoopbackUrl } from '../../load/caps.ts';
import { loadFindings, probeFindings } from '../../load/checks.ts';
import { runLoad } from '../../load/load.ts';
import { loadObservation, probeObservation, writeRateLimitJson } from '../../load/output.ts';
import { probeRateLimit } from '../../load/probe.ts';
import type { RateLimitResult } from '../../load/result.ts';
import { suiteContext } from '../support/context.ts';
import { verifies, type Harness } from '../support/harness.ts';

const caps = suiteContext().config.load;
/** What the probe left of the caps, for the load test. */
let spent = { requests: 0, seconds: 0 };
let probed: RateLimitResult | undefined;
/** The load test: a few seconds at 1.5 x the measured rate (20/s when none was measured). */
const LOAD_SECONDS = 3;

function allowed(h: Harness): string | null {
  return isLoopbackUrl(h.config.target.baseUrl) || h.config.load.allowNonLoopback
    ? null
    : 'the target is not a loopback address and load.allowNonLoopback is false';
}

verifies(['RL-1', 'RL-2', 'RL-3', 'RL-4'], 'Over the rate limit the target answers 429 with the envelope, and a Retry-After it sends holds', async (h, t) => {
  const refused = allowed(h);
  if (refused) h.skip(refused, t);
  const r = await probeRateLimit({ config: h.config, operation: 'report', maxRequests: caps.maxRequests, maxSeconds: caps.maxSeconds });
  probed = r;
  spent = { requests: r.requestsSent, seconds: r.durationSeconds };
  h.add(probeFindings(r));
  h.observe('rateLimit', probeObservation(r));
  if (h.ctx.outDir) writeRateLimitJson(h.ctx.outDir, r, h.config);
}, caps.maxSeconds * 1000 + 30_000);

verifies(['RL-2', 'RL-5'], 'A short steady load is answered without any 5xx, and its 429s keep the envelope', async (h, t) => {
  const refused = allowed(h);
  if (refused) h.skip(refused, t);
  const measured = probed?.limit && probed.windowSeconds ? probed.limit / probed.windowSeconds : null;
  const rate = measured ? Math.min(100, Math.max(2, Math.round(1.5 * measured))) : 20;
  const maxRequests = Math.min(caps.maxRequests - spent.requests, Math.floor(rate * LOAD_SECONDS));
  const maxSeconds = Math.min(caps.maxSeconds - spent.seconds, LOAD_SECONDS + 5);
  if (maxRequests < 1 || maxSeconds < 1) h.skip(`the probe used the load caps (load.maxRequests ${caps.maxRequests}, load.maxSeconds ${caps.maxSeconds})`, t);
  const r = await runLoad({
    config: h.config,
    operation: 'report',
    rate,
    seconds: Math.min(LOAD_SECONDS, maxRequests / rate),
    caps: { maxRequests, maxSeconds, maxConcurrency: caps.maxConcurrency },
  });
  h.add(loadFindings(r));
  h.observe('load', loadObservation(r));
}, 60_000);
