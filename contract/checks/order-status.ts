// 4.1 Update Order Status.
import { orderStatusSuccess } from '../schemas/order-status.ts';
import type { Exchange } from '../../core/types.ts';
import { defineCheck, describeResponse, show, type Fact } from './finding.ts';

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
