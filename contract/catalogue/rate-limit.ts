// Requirements of 7 and 8 rule 1 (rate limits).
import type { Requirement } from '../../core/types.ts';

export const rateLimitRequirements: Requirement[] = [
  {
    id: 'RL-1',
    section: '7, 8 rule 1',
    level: 'MUST',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'A request over the rate limit is answered 429, not a 5xx or a dropped connection',
    quote: 'Requests can be rejected with 429 when too many are made',
    ambiguity:
      'A target without any limit does not fail ("can be rejected"): the probe (run --with-load) then reports that no 429 came within the load caps. A 5xx or a dropped connection while it pushes over the limit fails.',
  },
  {
    id: 'RL-2',
    section: '7',
    level: 'SHOULD',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'A 429 that carries the envelope has status false and code "429"',
    quote: '429 | Too Many Request | create customer; consumption/production report | request rate exceeded; The body shape of error responses: not shown.',
    ambiguity:
      'The error body shape is not shown (ENV-8 records it): a plain-text or problem-details 429 passes; an envelope that says status true or another code contradicts 2.1.',
  },
  {
    id: 'RL-3',
    section: '8 rule 1',
    level: 'SHOULD',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'A Retry-After sent with a 429 is truthful: a request after that wait is accepted',
    quote: 'the thresholds and time window: not shown',
    ambiguity:
      "Retry-After is not in the spec; when it is sent it must not lie (RFC 9110 10.2.3): in delay-seconds or as an HTTP-date (read against the server's own Date header), " +
      'the probe sends one request 50 ms after each promised instant and expects it accepted. A Retry-After longer than the probe may still wait is polled instead: ' +
      'a quota back 100 times sooner or more than it said (6000 written for a 6 s wait: milliseconds) is a lie too; a wait rounded up, or a minute asked of a 10 s window, is not.',
  },
  {
    id: 'RL-4',
    section: '8 rule 1',
    level: 'INFO',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'Observed: the limit, window, refill kind and scope (per token or shared)',
    quote: 'the thresholds and time window: not shown',
    ambiguity:
      'Measured by the probe on the report operation; the RateLimit, RateLimit-Policy, RateLimit-Limit/Remaining/Reset and X-RateLimit-* headers are hypotheses it compares with the measurement.',
  },
  {
    id: 'RL-5',
    section: '7',
    level: 'SHOULD',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'No request is answered with a 5xx under load',
    quote: 'Failures: 400, 403, 429 (see section 7).',
    ambiguity:
      '"Under load": the probe\'s bursts and a short steady load at 1.5 times the measured rate (20 requests/s when no limit was found), within the load caps.',
  },
  {
    id: 'RL-6',
    section: '8 rule 1',
    level: 'SHOULD',
    suite: 'rate-limit',
    operations: ['customer-create', 'report'],
    title: 'A burst of parallel requests inside one window is accepted no more often than the measured limit, per token and for both tokens at once',
    quote: 'Requests can be rejected with 429 when too many are made',
    ambiguity:
      'The limit itself is not shown; once the probe has measured it sequentially, a limiter that lets more through when the same requests arrive at once (counted per worker, or checked before it increments) ' +
      'is inconsistent with itself. Skipped when no limit was found.',
  },
];
