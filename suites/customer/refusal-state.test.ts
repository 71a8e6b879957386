// CU-16: "state after a refused request = state before" for contactSave. A customer refused with
// 400 for a non-numeric opening (CU-4: every reading refuses it) must not be saved. Two things show
// it if it was: the same customer sent next, valid, is refused as taken by a target that keeps
// mobile numbers unique; and Get Contact By Mobile No (operations.get-contact-by-mobile-no) lists
// two contacts under its mobile number where one was created. Three requests.
import fc from 'fast-check';
import { anyContactId, showExact } from '../../contract/checks/customer.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import { suiteSays } from '../../core/words/suites.ts';
import { uniquenessRefusal } from '../../contract/checks/uniqueness.ts';
import { customer } from '../../generators/customer.ts';
import { configured, notServed, send, withValues } from '../index-operations/configured.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { contactsHolding } from './mobile-lookup.ts';

const LOOKUP = 'get-contact-by-mobile-no';
const VIA = 'customer.refused-creation-saves-nothing';
const refused = (s: number | undefined) => s !== undefined && s >= 400 && s < 500 && s !== 429;

verifies(
  'refusal-state/CU-16',
  ['CU-16'],
  'A customer refused for a non-numeric opening is not saved: the same customer sent valid is created alone under its mobile number',
  async (h, t) => {
    if (h.config.writes === false) h.skip(suiteSays('cuNoWrites'), t);
    const branchId = h.config.fixtures.branchId;
    const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 41, numRuns: 1 });
    // 2.3: "opening | string | decimal amount as text": text that is no amount is an invalid value (7: 400).
    const refusal = await h.client.createCustomer({ branchId, body: { ...body!, opening: 'not an amount' } });
    if (!refused(refusal.response?.status)) return h.inconclusive('CU-16', suiteSays('cu16NotRefused', { status: refusal.response?.status ?? 'nothing' }));
    const created = await h.client.createCustomer({ branchId, body: body! });
    const taken = uniquenessRefusal(created);
    if (taken !== undefined) {
      h.note('CU-16', 1, VIA);
      return void h.fail(
        'CU-16',
        'A refused customer was saved: the same customer, sent valid next, is refused as taken',
        `${describeResponse(created)} (after #${refusal.seq} was refused with HTTP ${refusal.response!.status})`,
        'HTTP 200: the refused creation saved nothing, so nothing of it is taken',
        created,
      );
    }
    const contactId = anyContactId(created);
    if (contactId === undefined) return h.inconclusive('CU-16', suiteSays('cu16NotCreated', { status: created.response?.status ?? 'nothing' }));
    const ops = configured(h);
    const lookup = ops.list.find((c) => c.name === LOOKUP);
    // Not configured: out of scope (the config's choice); configured but left out (no value for its path): inconclusive.
    if (!lookup && ops.notServed[LOOKUP])
      return h.outOfScope('CU-16', suiteSays('cu16LookupNotServed', { lookup: LOOKUP, status: h.ctx.notServed?.[LOOKUP] ?? '' }));
    if (!lookup && ops.left[LOOKUP]) return h.inconclusive('CU-16', ops.left[LOOKUP]);
    if (!lookup) return h.outOfScope('CU-16', suiteSays('cu16LookupNotConfigured', { lookup: LOOKUP }));
    const found = await send(h, withValues(h, lookup, { mobNo: body!.mobNo }));
    const why = notServed(LOOKUP, found);
    if (why) return h.inconclusive('CU-16', why);
    const holding = contactsHolding(found.json, body!.mobNo);
    if (holding.length === 0) return h.inconclusive('CU-16', suiteSays('cu16LookupListsNone', { lookup: LOOKUP, contactId: String(contactId) }));
    h.note('CU-16', 1, VIA);
    if (holding.length > 1 || (holding[0] !== '?' && holding[0] !== String(contactId)))
      h.fail(
        'CU-16',
        'A refused customer was saved: its mobile number is found under more contacts than were created',
        `${LOOKUP} lists ${holding.length} contact(s) with mobNo ${body!.mobNo}: ${showExact(holding)} (creation #${refusal.seq} was refused with HTTP ${refusal.response!.status})`,
        `contactId ${String(contactId)} only (the creation answered 200)`,
        found,
      );
  },
);
