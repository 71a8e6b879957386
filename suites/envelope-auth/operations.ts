// One safe, valid request per operation, for the envelope and authentication suites. "Safe":
// the order status request sets Pending on a Pending voucher, so nothing changes; the customer
// request creates a customer, so it is left out with writes: false.
import fc from 'fast-check';
import type { TokenKind, Exchange } from '../../contract/types.ts';
import { customer } from '../../generators/customer.ts';
import type { Harness } from '../support/harness.ts';

export interface OperationCall {
  operation: 'order-status' | 'customer-create' | 'report';
  send(token: TokenKind, contentType?: string): Promise<Exchange>;
}

export function validCalls(h: Harness): OperationCall[] {
  const f = h.config.fixtures;
  const calls: OperationCall[] = [
    {
      operation: 'order-status',
      send: (token, contentType) => h.client.updateOrderStatus({ salesId: f.sales.refusals[f.sales.refusals.length - 1]!, branchId: f.branchId, body: { orderStatus: 'Pending' }, token, contentType }),
    },
    {
      operation: 'report',
      send: (token, contentType) => h.client.report({ body: { ...f.report, limit: 5, offset: 0 }, token, contentType }),
    },
  ];
  if (h.config.writes !== false) {
    const [body] = fc.sample(customer({ ...f.customer, minAddresses: 1, maxAddresses: 2 }), { seed: h.ctx.seed + 99, numRuns: 1 });
    calls.push({ operation: 'customer-create', send: (token, contentType) => h.client.createCustomer({ branchId: f.branchId, body, token, contentType }) });
  }
  return calls;
}
