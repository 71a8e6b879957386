// The machinery of the fault table (faults.test.ts): what a probe is, how answers are compared,
// and which probes a fault may change (the "related" rule).
import { expect } from 'vitest';
import type { FaultName } from '../../reference/faults.ts';
import type { RateLimitConfig } from '../../reference/limiter.ts';
import { paths, reportBody, type Answer, type CallOptions } from './helpers.ts';

/** The rate limit of the server the rate-limit probes run on. */
export const RL_LIMIT: RateLimitConfig = { limit: 2, windowSeconds: 30, algorithm: 'fixed', scope: 'token' };

export type Send = (path: string, opts?: CallOptions, method?: string) => Promise<Answer>;

/** What a probe saw of one answer. */
export interface Seen {
  status: number;
  /** Media type of the answer, without parameters. */
  type: string;
  /** Parsed JSON, or the text when it is not JSON. */
  body: any;
  retryAfter?: number;
  /** The r= of the RateLimit header (t= is left out: it depends on the time). */
  remaining?: string;
}

export interface Probe {
  fault: FaultName;
  /** The operation the probe calls ('rate-limit': customer creation over the limit on a limited server). */
  op: 'order-status' | 'customer' | 'report' | 'rate-limit' | 'index';
  /** How the probe departs from a valid request, besides its body's content ('elsewhere': no api-token
   *  header, a valid token in the query or another header; 'twice': two api-token headers). */
  sends: { token?: 'none' | 'invalid' | 'empty' | 'twice' | 'elsewhere'; contentType?: 'other'; body?: 'not-json' };
  run(send: Send): Promise<Answer[]>;
  /** Asserts the difference the fault's `does` names, between the clean and the faulty answers. */
  differs(clean: Seen[], faulty: Seen[]): void;
}

export const P = (fault: FaultName, op: Probe['op'], run: Probe['run'], differs: Probe['differs'], sends: Probe['sends'] = {}): Probe => ({
  fault,
  op,
  run,
  differs,
  sends,
});

export const statusFlip = (from: number, to: number) => (c: Seen[], f: Seen[]) => {
  expect(c.map((s) => s.status)).toEqual(c.map(() => from));
  expect(f.map((s) => s.status)).toEqual(f.map(() => to));
};

export const os = (send: Send, salesId: number, body: unknown, branch: number | string | null = 1, opts: CallOptions = {}) =>
  send(paths.orderStatus(salesId, branch), { body, ...opts });
export const report = (send: Send, patch: Record<string, unknown> = {}, opts: CallOptions = {}) => send(paths.report, { body: reportBody(patch), ...opts });
export const customer = (send: Send, body: unknown, branch: number | string = 1) => send(paths.customer(branch), { body });
export const readBack = (send: Send, a: Answer) => send(paths.contact(a.json?.response?.contactId ?? 0), {}, 'GET');
export const day = (d: string) => ({ dateFrom: `${d}T00:00:00Z`, dateTo: `${d}T23:59:59Z` });

export function toSeen(a: Answer): Seen {
  const seen: Seen = { status: a.status, type: (a.headers['content-type'] ?? '').split(';')[0]!.trim(), body: a.json ?? a.text };
  if (a.headers['retry-after'] !== undefined) seen.retryAfter = Number(a.headers['retry-after']);
  const r = /r=(\d+)/.exec(a.headers.ratelimit ?? '');
  if (r) seen.remaining = r[1];
  return seen;
}

export function oneStatus(clean: Seen[], faulty: Seen[], cleanStatus: number, faultyStatus: number): void {
  expect(clean.map((s) => s.status)).toEqual([cleanStatus]);
  expect(faulty.map((s) => s.status)).toEqual([faultyStatus]);
}

/** The faulty success envelope is `change(clean envelope)`, nothing else differs. */
export function envelopeChange(change: (body: any) => any): Probe['differs'] {
  return (clean, faulty) => {
    oneStatus(clean, faulty, 200, 200);
    expect(clean[0]!.body).toMatchObject({ status: true, code: '200' });
    expect(faulty[0]!).toEqual({ ...clean[0]!, body: change(clean[0]!.body) });
  };
}

export function amountFields(items: any[]): string[] {
  const fields = ['consumedLandingCost', 'producedLandingCost', 'producedSellingPrice', 'producedMargin'];
  return items.flatMap((item) => fields.flatMap((f) => String(item[f]).split(',')));
}

/**
 * Two runs of a probe saw the same; Retry-After may differ by the time that passed (up to 5 s on
 * a busy machine, of a 30 s window: a lie of a third is 20 s off).
 */
export function expectSame(actual: Seen[], expected: Seen[], label: string): void {
  const strip = (s: Seen[]) => s.map(({ retryAfter, ...rest }) => ({ ...rest, retryAfter: retryAfter !== undefined }));
  expect(strip(actual), label).toEqual(strip(expected));
  actual.forEach((s, i) => {
    if (s.retryAfter !== undefined) expect(Math.abs(s.retryAfter - expected[i]!.retryAfter!), label).toBeLessThanOrEqual(5);
  });
}

const ENVELOPE_SUCCESS = ['envelope-status-string', 'envelope-no-message', 'envelope-code-number', 'envelope-code-ok', 'success-status-false'];

/**
 * The rule of "unrelated": a fault may change a probe of another fault only when that probe
 * exercises what the fault's class touches -
 *  - success-envelope faults: probes with a 200 answer (clean); error-shape faults: probes with a 400;
 *  - content-type-text: every probe (its status and body must still be the same, checked apart);
 *  - crash-on-bad-json: probes sending a body that is not JSON; content-type-ignored: probes with another Content-Type;
 *  - auth-missing-accepted: probes sending no api-token header; auth-any-token, auth-prefix-compare,
 *    auth-case-insensitive: probes sending an invalid token; auth-empty-accepted: an empty one;
 *    auth-duplicate-unchecked: two; auth-query-token, auth-bearer-accepted: the token elsewhere; auth-401: probes answered 403;
 *    auth-skip-order-status: order-status probes without a valid token; auth-rejects-valid: report probes;
 *  - os-*, cu-*, rp-*: probes of their own operation (order status; customer creation and read-back; report);
 *  - rl-*: the rate-limit probes; ix-*: the probes of the index's other operations (ix-read-open: without a token);
 *  - auth-readback-open: none; auth-body-token: the token elsewhere; the auth-*-writes-then-403 faults:
 *    probes of their operation sent without a valid token.
 * Every other probe must be answered exactly as by the clean reference.
 */
export function related(fault: FaultName, probe: Probe, clean: Seen[]): boolean {
  const statuses = clean.map((s) => s.status);
  if (ENVELOPE_SUCCESS.includes(fault)) return statuses.includes(200);
  if (fault === 'error-code-200') return statuses.includes(400);
  if (fault === 'content-type-text') return true;
  if (fault === 'crash-on-bad-json') return probe.sends.body === 'not-json';
  if (fault === 'content-type-ignored') return probe.sends.contentType === 'other';
  const token = probe.sends.token;
  if (fault === 'auth-missing-accepted') return token === 'none' || token === 'elsewhere';
  if (fault === 'auth-any-token' || fault === 'auth-prefix-compare' || fault === 'auth-case-insensitive') return token === 'invalid';
  if (fault === 'auth-empty-accepted') return token === 'empty';
  if (fault === 'auth-duplicate-unchecked') return token === 'twice';
  if (fault === 'auth-query-token' || fault === 'auth-bearer-accepted') return token === 'elsewhere';
  if (fault === 'auth-401') return statuses.includes(403);
  if (fault === 'auth-skip-order-status') return probe.op === 'order-status' && probe.sends.token !== undefined;
  if (fault === 'auth-rejects-valid') return probe.op === 'report';
  if (fault.startsWith('os-')) return probe.op === 'order-status';
  if (fault.startsWith('cu-')) return probe.op === 'customer';
  if (fault.startsWith('rp-')) return probe.op === 'report';
  if (fault.startsWith('rl-')) return probe.op === 'rate-limit';
  // ix-*: the probes of the index's other operations.
  if (fault === 'ix-read-open') return probe.op === 'index' && token === 'none';
  // A voucher Order Create made refuses the order status update: the order-status probes may see it.
  if (fault === 'ix-order-create-not-updatable') return probe.op === 'order-status';
  if (fault.startsWith('ix-')) return probe.op === 'index';
  // Issue 30 part B: the read-backs without a valid token; the writes refused for their token.
  if (fault === 'auth-readback-open') return false;
  if (fault === 'auth-body-token') return token === 'elsewhere';
  if (fault === 'auth-status-update-writes-then-403') return probe.op === 'order-status' && token !== undefined;
  if (fault === 'auth-contact-save-writes-then-403') return probe.op === 'customer' && token !== undefined;
  if (fault === 'auth-order-create-writes-then-403') return probe.op === 'index' && token !== undefined;
  if (fault === 'auth-voucher-data-writes-then-403') return probe.op === 'index' && token !== undefined;
  throw new Error(`no "related" rule for fault ${fault}`);
}
