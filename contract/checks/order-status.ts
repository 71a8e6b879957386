// 4.1 Update Order Status.
import { orderStatusSuccess } from '../schemas/order-status.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import { defineCheck, describeResponse, show, toFinding, type Fact } from './finding.ts';

/** 4.1 Success: "HTTP 200: envelope with status true, ... code as string of 200, response null". */
export const orderStatusUpdated = defineCheck('order-status.updated', 'OS-5', (ex: Exchange): Fact[] => {
  if (ex.response?.status !== 200) {
    return [
      { title: 'Order status update was not accepted', received: describeResponse(ex), expected: 'HTTP 200 with status true, code "200", response null' },
    ];
  }
  const r = orderStatusSuccess.safeParse(ex.json);
  if (r.success) return [];
  const why = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return [
    {
      title: 'Order status success envelope is not as 4.1 states',
      received: `${show(ex.json)} (${why})`,
      expected: '{status: true, message, code: "200", response: null}',
    },
  ];
});

export interface TransitionParams {
  salesId: string;
  /** The voucher's state, known (read, or set by an accepted update). */
  from: string;
  to: string;
}

/**
 * 3: each status is accepted "as applicable": `to` on a voucher whose state allows it (the next
 * step of the lifecycle "confirmed, processed, shipped, delivered", or Cancelled on a Pending
 * voucher). Any 2xx is acceptance (orderStatusUpdated holds the answer to 4.1's 200); a 429 or
 * no answer is no evidence either way.
 */
export const orderStatusAccepted = defineCheck('order-status.accepted', 'ST-1', (ex: Exchange, p: TransitionParams): Fact[] | null => {
  const s = ex.response?.status;
  if (s === undefined || s === 429) return null;
  if (s >= 200 && s < 300) return [];
  return [
    {
      title: `${p.to} was refused on voucher ${p.salesId}, which is ${p.from}`,
      received: describeResponse(ex),
      expected: `a 2xx: ${p.to} is accepted on a ${p.from} voucher (3: each status "as applicable", in the lifecycle order)`,
    },
  ];
});

/** What is known of an accepted update and the read after it. */
export interface StoredParams {
  salesId: string;
  /** The voucher's state before the update, and the state it was set to. */
  from: string;
  to: string;
  /** The order status read after the update was accepted. */
  now: string;
  /** How the update was answered, for the finding ("HTTP 200"). */
  said: string;
}

/**
 * OS-9: an update answered 2xx is stored: the voucher read after it is no longer in the state
 * before it. Findings only: the caller notes what it judged, and tells a third state (another
 * client moved the voucher) apart before.
 */
export function acceptedIsStored(p: StoredParams, ex: Exchange): Finding[] {
  if (p.from === p.to || p.now !== p.from) return [];
  return [
    toFinding(
      'suite.assertion',
      'OS-9',
      {
        title: 'An accepted update was not stored',
        received: `${p.said} to ${p.to}, then voucher ${p.salesId} read ${p.now}`,
        expected: `voucher ${p.salesId} reads ${p.to} (4.1: "change the order status of an existing sales voucher")`,
      },
      ex,
    ),
  ];
}

/** Refused by the target (a 4xx other than 429): not a missing answer, a rate limit or a crash. */
export const refusedByTarget = (ex: Exchange) =>
  ex.response !== undefined && ex.response.status >= 400 && ex.response.status < 500 && ex.response.status !== 429;

/**
 * IX-10: the voucher Order Create made, which Get Sales Data By Id reads in the branch, takes an
 * update. `tried`: Confirmed, then Pending and Cancelled while each was refused; `said`: how each
 * was answered. All three refused with a 4xx is the failure.
 */
export function orderCreateVoucherRefused(p: { salesId: string; request: string; said: string[] }, tried: Exchange[]): Finding[] {
  if (tried.length < 3 || !tried.every(refusedByTarget)) return [];
  return [
    toFinding(
      'suite.assertion',
      'IX-10',
      {
        title: `Update Order Status refuses voucher ${p.salesId}, which Order Create made and Get Sales Data By Id reads`,
        received: `${p.request}; then Confirmed: ${p.said[0]}; Pending: ${p.said[1]}; Cancelled: ${p.said[2]}`,
        expected: `the voucher takes at least one of Confirmed, Pending, Cancelled (1: "create and update sales orders"; 4.1: "an existing sales voucher in a branch")`,
      },
      tried[2],
    ),
  ];
}

/** Two updates of one voucher sent at the same instant on two connections, and the read after both. */
export interface OverlapParams {
  salesId: string;
  /** The voucher's state before both, and the state each of them sets. */
  from: string;
  to: string;
  /** The order status read after both were answered. */
  now: string;
  /** How each was answered, for the finding ("HTTP 200"). */
  said: [string, string];
}

/**
 * OS-9 on two updates of one voucher at once: one of them answered 2xx is stored, so the voucher
 * read after both is no longer in the state before them. Both accepted and neither stored is a lost
 * update. A 5xx to either is ENV-6's (the envelope checks judge every answer); a read in a third
 * state (another client) is for the caller to tell apart before.
 */
export function overlapStored(p: OverlapParams, answers: [Exchange, Exchange]): Finding[] {
  const accepted = answers.filter((ex) => ex.response !== undefined && ex.response.status >= 200 && ex.response.status < 300);
  if (accepted.length === 0 || p.from === p.to || p.now !== p.from) return [];
  return [
    toFinding(
      'suite.assertion',
      'OS-9',
      {
        title:
          accepted.length === 2
            ? 'Two updates of one voucher at once were both accepted and neither was stored'
            : 'An update accepted beside another of the same voucher was not stored',
        received: `${p.to} sent twice at once to voucher ${p.salesId} (${p.from}): ${p.said[0]}, ${p.said[1]}; then the voucher read ${p.now}`,
        expected: `voucher ${p.salesId} reads ${p.to} (4.1: "change the order status of an existing sales voucher")`,
      },
      accepted[0],
    ),
  ];
}
