// 4.1 Update Order Status.
import { orderStatusSuccess } from '../schemas/order-status.ts';
import type { Exchange } from '../types.ts';
import { defineCheck, describeResponse, show, type Fact } from './finding.ts';

/** 4.1 Success: "HTTP 200: envelope with status true, ... code as string of 200, response null". */
export const orderStatusUpdated = defineCheck('order-status.updated', 'OS-5', (ex: Exchange): Fact[] => {
  if (ex.response?.status !== 200) {
    return [{ title: 'Order status update was not accepted', received: describeResponse(ex), expected: 'HTTP 200 with status true, code "200", response null' }];
  }
  const r = orderStatusSuccess.safeParse(ex.json);
  if (r.success) return [];
  const why = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return [{ title: 'Order status success envelope is not as 4.1 states', received: `${show(ex.json)} (${why})`, expected: '{status: true, message, code: "200", response: null}' }];
});
