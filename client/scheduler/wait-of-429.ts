// How long a 429 asks to wait: its Retry-After (RFC 9110 10.2.3: delay-seconds, or an HTTP-date
// read against the answer's own Date header, so a skewed clock does not shorten the wait), else a
// wait stated only in its message, as a production deployment does ("Too many request, please try
// after 60 seconds", "retry in 1 minute", "wait 30s"). A policy: it marks the job, the pacing, the
// retry and the breaker read it.
import { parseRetryAfter } from '../rate-headers.ts';
import type { UnnumberedExchange } from '../transport.ts';
import type { Job, Policy } from './policy.ts';

const UNIT_MS: Record<string, number> = {
  ms: 1,
  millisecond: 1,
  milliseconds: 1,
  s: 1000,
  sec: 1000,
  secs: 1000,
  second: 1000,
  seconds: 1000,
  m: 60_000,
  min: 60_000,
  mins: 60_000,
  minute: 60_000,
  minutes: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  hours: 3_600_000,
};
const MESSAGE_WAIT =
  /\b(?:try(?:\s+again)?|retry|wait|again|resend|available)\s+(?:after|in|for)?\s*(?:about\s+|approximately\s+|another\s+)?(\d+(?:\.\d+)?|an?|one)\s*(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hours?)\b/i;

/** The wait a message states ("please try after 60 seconds" -> 60000), or null. */
export function messageWait(text: string): number | null {
  const m = MESSAGE_WAIT.exec(text.slice(0, 4096));
  if (!m) return null;
  const amount = /^(an?|one)$/i.test(m[1]!) ? 1 : Number(m[1]);
  const unit = UNIT_MS[m[2]!.toLowerCase()];
  if (unit === undefined || !Number.isFinite(amount)) return null;
  return Math.ceil(amount * unit);
}

/** The wait a 429 asks for, and where it says so; undefined when it says nothing. */
export function waitOf429(ex: UnnumberedExchange, t: number): Job['wait429'] {
  const r = ex.response;
  if (!r || r.status !== 429) return undefined;
  const serverNow = r.headers.date ? Date.parse(r.headers.date) : NaN;
  const seconds = parseRetryAfter(r.headers['retry-after'], Number.isNaN(serverNow) ? t : serverNow);
  const retryAt = Date.parse(r.headers['retry-after'] ?? '');
  const date = /[a-z]/i.test(r.headers['retry-after'] ?? '') && !Number.isNaN(retryAt) && !Number.isNaN(serverNow) ? { date: { retryAt, serverNow } } : {};
  if (seconds !== null) return { ms: Math.ceil(seconds * 1000), from: 'retry-after', ...date };
  const ms = typeof r.body === 'string' ? messageWait(r.body) : null;
  return ms === null ? undefined : { ms, from: 'message' };
}

export function wait429Policy(now: () => number): Policy {
  return (next) => async (job) => {
    const ex = await next(job);
    job.wait429 = waitOf429(ex, now());
    return ex;
  };
}
