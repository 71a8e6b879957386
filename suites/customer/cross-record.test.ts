// CU-17: "a save of contact B never changes contact A". 4.2: "contactId 0 and addressId 0 denote
// new records ... deletedAddressIds lists addresses to drop": the addresses a save updates and
// drops are its own contact's. A vendor that looks an addressId up among every contact's addresses
// (no contact in the WHERE) lets B's save edit or drop A's address. A (two addresses) is created
// and read back; B is saved (contactId 0) once with A's first addressId as its own address's id,
// once with A's second in deletedAddressIds; A is read back again and must be as it was. B's saves
// may be refused (4xx) or give B a new address: only a change to A fails. Five requests.
import fc from 'fast-check';
import { anyContactId, readBackAddressIds, readBackPayload } from '../../contract/checks/customer.ts';
import { otherContactUnchanged } from '../../contract/checks/cross-record.ts';
import { describeResponse } from '../../contract/checks/finding.ts';
import { customer } from '../../generators/customer.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { registerCreated, sharedOnceSettled } from './contact-ids.ts';
import { withContactSequence } from './contact-sequence.ts';
import { readBackSkipReason } from './real.ts';
import { suiteSays } from '../../core/words/suites.ts';

verifies(
  'cross-record/CU-17',
  ['CU-17'],
  "A save of contact B sending contact A's addressIds (as its own address, in deletedAddressIds) leaves A as it was",
  async (h, t) => {
    const skip = readBackSkipReason(h);
    if (skip) h.skip(skip, t);
    const branchId = h.config.fixtures.branchId;
    const template = h.config.readBack!.getContactById!;
    const [a, b1, b2] = fc.sample(customer({ ...customerConstraints(h, { min: 2, max: 2 }), empties: false }), { seed: h.ctx.seed + 47, numRuns: 3 });
    const created = await h.client.createCustomer({ branchId, body: a! });
    const contactId = anyContactId(created);
    if (contactId === undefined) return h.inconclusive('CU-17', suiteSays('cuContactANotCreated', { answer: describeResponse(created) }));
    registerCreated(h, contactId);
    const first = await h.client.readContact({ template, contactId, branchId });
    const before = first.response?.status === 200 ? readBackPayload(first) : undefined;
    const ids = readBackAddressIds(first);
    if (!before || ids.length < 2)
      return h.inconclusive('CU-17', suiteSays('cuContactAUnread', { contactId: String(contactId), answer: describeResponse(first) }));
    const [edited, dropped] = [ids[0]!, ids[1]!];
    // B's own address, sent under A's first addressId: an upsert looked up globally edits A's.
    const own = { ...b1!.contactAddressDTO[0]!, addressId: edited, isDefault: 1 as const };
    const saves = [
      await h.client.createCustomer({ branchId, body: { ...b1!, contactId: 0, contactAddressDTO: [own], deletedAddressIds: [] } }),
      // B (another new contact) listing A's second addressId to drop.
      await h.client.createCustomer({
        branchId,
        body: { ...b2!, contactId: 0, contactAddressDTO: [{ ...b2!.contactAddressDTO[0]!, isDefault: 1 }], deletedAddressIds: [dropped] },
      }),
    ];
    const answers = saves.map((s) => s.response?.status ?? 'nothing').join(' and ');
    const between = `contact B was saved with A's addressId ${String(edited)} on its own address and with ${String(dropped)} in deletedAddressIds (answered ${answers})`;
    const after = await h.client.readContact({ template, contactId, branchId });
    // Its curl lines: A's creation ($CONTACT_ID), its read ($ADDRESS_ID_1, _2), B's two saves, A's read again.
    const findings = withContactSequence(h.applied(otherContactUnchanged(after, { before, contactId: String(contactId), between })), created, [
      first,
      ...saves,
      after,
    ]);
    if (findings.length > 0 && (await sharedOnceSettled(h, contactId)))
      return h.inconclusive('CU-17', suiteSays('cuContactIdShared', { contactId: String(contactId) }));
    h.add(findings);
  },
);
