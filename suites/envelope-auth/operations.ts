// One safe, valid request per operation, for the envelope and authentication suites. "Safe": the
// order status request sets Pending on a `refusals` voucher that is Pending, so nothing changes
// even where a wrong token is accepted; the customer request creates a customer, so it is left
// out with writes: false.
import fc from 'fast-check';
import type { Exchange, TokenKind, TokenVariant } from '../../core/types.ts';
import { customer } from '../../generators/customer.ts';
import type { Harness } from '../../runtime/harness.ts';

/** How a call sends its token: a kind, or a variant of the valid token. */
export type TokenChoice = TokenKind | TokenVariant;

export interface OperationCall {
  operation: 'order-status' | 'customer-create' | 'report';
  send(token: TokenChoice, contentType?: string): Promise<Exchange>;
}

const auth = (t: TokenChoice) => (typeof t === 'string' ? { token: t } : { variant: t });

export function validCalls(h: Harness): OperationCall[] {
  const f = h.config.fixtures;
  const calls: OperationCall[] = [
    {
      operation: 'order-status',
      send: (token, contentType) =>
        h.client.updateOrderStatus({
          salesId: f.sales.refusals[f.sales.refusals.length - 1]!,
          branchId: f.branchId,
          body: { orderStatus: 'Pending' },
          ...auth(token),
          contentType,
        }),
    },
    {
      operation: 'report',
      send: (token, contentType) => h.client.report({ body: { ...f.report, limit: 5, offset: 0 }, ...auth(token), contentType }),
    },
  ];
  if (h.config.writes !== false) {
    const [body] = fc.sample(customer({ ...f.customer, minAddresses: 1, maxAddresses: 2, unique: h.uniqueKey() }), { seed: h.ctx.seed + 99, numRuns: 1 });
    calls.push({
      operation: 'customer-create',
      send: (token, contentType) => h.client.createCustomer({ branchId: f.branchId, body, ...auth(token), contentType }),
    });
  }
  return calls;
}
