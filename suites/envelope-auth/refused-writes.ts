// AUTH-11, 5 rule 2: "A request without a valid token is rejected with HTTP 403": a rejected
// write is not carried out. Each write the config gives is sent without a valid token, and what it
// would have changed is read back where a read is configured (the reads per write:
// refusedWritesChangeNothing). Only a refusal for the token (401/403) is judged: an accepted write
// is AUTH-1/AUTH-2/IX-1/IX-2's.
import type { TestContext } from 'vitest';
import fc from 'fast-check';
import { anyContactId, showExact } from '../../contract/checks/customer.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import { uniquenessRefusal } from '../../contract/checks/uniqueness.ts';
import type { Exchange } from '../../core/types.ts';
import { customer } from '../../generators/customer.ts';
import type { Harness } from '../../runtime/harness.ts';
import { runMarker, requestMarker } from '../../runtime/marker.ts';
import { customerConstraints } from '../customer/constraints.ts';
import { markedCustomer } from '../customer/marked.ts';
import { contactsHolding } from '../customer/mobile-lookup.ts';
import { configured, notServed, send, withValues } from '../index-operations/configured.ts';
import { said, statusAccepted } from '../order-status/vouchers.ts';
import { orderCreateRefused } from './refused-order-create.ts';
import { refusedForToken, voucherWrites, WITHOUT_TOKEN, type Part } from './refused-voucher-writes.ts';
import { voucherDataRefused } from './refused-voucher-data.ts';
import { suiteSays } from '../../core/words/suites.ts';

const ID = 'AUTH-11';

/** contact-save without a valid token, then the same customer with it: one contact under its mobile number. */
async function contactSaveRefused(h: Harness): Promise<Part> {
  const LOOKUP = 'get-contact-by-mobile-no';
  const lookup = configured(h).list.find((c) => c.name === LOOKUP);
  if (!lookup) return { judged: 0, noRead: true, why: suiteSays('envNoLookup', { lookup: LOOKUP }) };
  const branchId = h.config.fixtures.branchId;
  const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 151, numRuns: 1 });
  // The same customer each time (its mobile number, made per run, is looked up), each refused one with a marker of its own.
  const field = h.config.marker?.['customer-create'];
  const refused: Exchange[] = [];
  for (const t of WITHOUT_TOKEN) {
    const marked = markedCustomer(body!, field, requestMarker(h, 'refused'));
    refused.push(await h.client.createCustomer({ branchId, body: marked, ...(typeof t === 'string' ? { token: t } : { variant: t }) }));
  }
  if (refused.some(statusAccepted)) return { judged: 0, why: suiteSays('envContactSaveAccepted') };
  if (!refused.some(refusedForToken)) return { judged: 0, why: suiteSays('envContactSaveNotRefused', { refused: refused.map(describeResponse).join(', ') }) };
  const created = await h.client.createCustomer({ branchId, body: markedCustomer(body!, field, runMarker(h)) });
  h.note(ID, refused.length, 'auth.refused-contact-save-saves-nothing');
  const refusals = refused.map((r) => `#${r.seq} ${said(r)}`).join(', ');
  if (uniquenessRefusal(created) !== undefined) {
    h.fail(
      ID,
      'A customer refused for its token was saved: the same customer, sent with the valid token next, is refused as taken',
      describeResponse(created),
      'HTTP 200',
      created,
    );
    return { judged: refused.length };
  }
  const contactId = anyContactId(created);
  if (contactId === undefined) return { judged: 0, why: suiteSays('envContactSaveNotCreated', { answer: describeResponse(created) }) };
  const found = await send(h, withValues(h, lookup, { mobNo: body!.mobNo }));
  const why = notServed(LOOKUP, found);
  if (why) return { judged: 0, why };
  const holding = contactsHolding(found.json, body!.mobNo);
  if (holding.length === 0) return { judged: 0, why: suiteSays('envLookupListsNone', { lookup: LOOKUP, contactId: String(contactId) }) };
  if (holding.length > 1 || (holding[0] !== '?' && holding[0] !== String(contactId)))
    h.fail(
      ID,
      'A customer refused for its token was saved: its mobile number is found under more contacts than were created',
      `${LOOKUP} lists ${holding.length} contact(s) with mobNo ${body!.mobNo}: ${showExact(holding)} (refused without a valid token: ${refusals})`,
      `contactId ${String(contactId)} only (the creation with the valid token)`,
      found,
    );
  return { judged: refused.length };
}

// What each write's refusal is read back with:
//  - the order status update and Update Payment Status: the voucher through readBack.orderStatus;
//  - the voucher's other writes (Update Due Date, Update Shipping Detail): a fresh voucher read
//    whole through get-sales-data-by-id (refused-voucher-data.ts);
//  - Order Create, whose refusal names no voucher: each refused creation carries a marker of its
//    own, and a voucher found carrying one was made by it (refused-order-create.ts);
//  - contact-save: Get Contact By Mobile No lists the refused customer's mobile number once, under
//    the contact the same customer made with the valid token.
/** Every part; not run when no read is configured for any write, inconclusive when none could judge. */
export async function refusedWritesChangeNothing(h: Harness, t: TestContext): Promise<void> {
  const parts = await Promise.all([orderCreateRefused(h), voucherWrites(h), voucherDataRefused(h), contactSaveRefused(h)]);
  const whys = parts.flatMap((p) => ('why' in p ? [p] : []));
  if (whys.length === parts.length && whys.every((p) => p.noRead)) h.skip(suiteSays('envNoRead', { whys: whys.map((p) => p.why).join('; ') }), t);
  // Each part named in the record: one the config allows that judged nothing leaves AUTH-11 inconclusive.
  parts.forEach((p, i) => h.part(ID, PART_NAMES[i]!, 'why' in p ? { judged: 0, why: p.why, outOfScope: p.noRead } : { judged: p.judged }));
}

/** AUTH-11's parts, in the order refusedWritesChangeNothing runs them. */
export const PART_NAMES = ['Order Create', 'order status update and Update Payment Status', 'Update Due Date, Update Shipping Detail', 'contact-save'];
