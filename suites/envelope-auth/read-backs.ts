// The read-backs as operations of their own (section 1 lists "Get Contact By Id" and "Order
// Status"; the config gives their paths under readBack): each asked for a record that exists, so
// that its answer to the valid token (200) tells a refusal for the token from one for the record.
// The voucher is a `refusals` one (fixtures: it exists, and only refused requests touch it); the
// contact is made here with the valid token (writes: false: none, inconclusive with that reason).
import fc from 'fast-check';
import { anyContactId } from '../../contract/checks/customer.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import type { Exchange, TokenVariant } from '../../core/types.ts';
import { customer } from '../../generators/customer.ts';
import type { Harness } from '../../runtime/harness.ts';
import { customerConstraints } from '../customer/constraints.ts';
import type { TokenChoice } from './operations.ts';

export interface ReadBackCall {
  /** readBack.getContactById or readBack.orderStatus. */
  name: string;
  send(token: TokenChoice): Promise<Exchange>;
}

export type ReadBacks = { calls: ReadBackCall[]; inconclusive: string[]; configured: boolean };

const auth = (t: TokenChoice) => (typeof t === 'string' ? { token: t } : { variant: t });

/** The configured read-backs, each with a record the valid token reads (200), and why the others give no evidence. */
export async function readBacks(h: Harness, seedOffset: number): Promise<ReadBacks> {
  const out: ReadBacks = { calls: [], inconclusive: [], configured: false };
  const rb = h.config.readBack;
  const branchId = h.config.fixtures.branchId;
  const checked = async (call: ReadBackCall) => {
    const valid = await call.send('valid');
    if (valid.response?.status === 200) out.calls.push(call);
    else out.inconclusive.push(`${call.name}: the valid token was answered ${describeResponse(valid)}, not 200 (check the path, or the token's scope)`);
  };
  const reads: Promise<void>[] = [];
  if (rb?.orderStatus) {
    out.configured = true;
    const salesId = h.config.fixtures.sales.refusals[h.config.fixtures.sales.refusals.length - 1]!;
    const path = rb.orderStatus.path
      .replaceAll('{salesId}', encodeURIComponent(String(salesId)))
      .replaceAll('{branchId}', encodeURIComponent(String(branchId)));
    reads.push(checked({ name: 'readBack.orderStatus', send: (t) => h.client.raw({ method: 'GET', path, quota: 'orderStatusRead', ...auth(t) }) }));
  }
  if (rb?.getContactById) {
    out.configured = true;
    const template = rb.getContactById;
    reads.push(
      (async () => {
        if (h.config.writes === false) return void out.inconclusive.push('readBack.getContactById: writes: false, so no contact of this run to read');
        const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + seedOffset, numRuns: 1 });
        const made = await h.client.createCustomer({ branchId, body: body! });
        const contactId = anyContactId(made);
        if (contactId === undefined)
          return void out.inconclusive.push(`readBack.getContactById: no contact to read (creation answered ${describeResponse(made)})`);
        await checked({ name: 'readBack.getContactById', send: (t) => h.client.readContact({ template, contactId, branchId, ...auth(t) }) });
      })(),
    );
  }
  await Promise.all(reads);
  return out;
}

/** Near misses of the valid token (a case variant only where it differs from the token). */
export function nearMisses(token: string): TokenVariant[] {
  const list: TokenVariant[] = [
    { kind: 'suffix', text: 'x' },
    { kind: 'prefix', text: 'x' },
    { kind: 'cut', chars: 1 },
  ];
  if (token.length > 8) list.push({ kind: 'cut', chars: Math.floor(token.length / 2) });
  if (token.toUpperCase() !== token) list.push({ kind: 'case', to: 'upper' });
  if (token.toLowerCase() !== token) list.push({ kind: 'case', to: 'lower' });
  return list;
}
