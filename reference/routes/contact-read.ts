// Extension: GET /api/v1/contact/{contactId}?branch_id=
// The spec lists "Contact | Get Contact By Id | GET" in its index of operations (1) without a
// path ("Paths, parameters and payloads of every operation other than the three below: not
// shown"). The reference serves it at this path so a run can read back what contactSave saved
// (config readBack.getContactById). It answers the saved customer in the 2.3 shape, with its
// contactId and each address's assigned addressId.
import { branchParam, parseIntegerText } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { VALID_BRANCHES } from '../fixtures.ts';
import { invalid, success } from '../respond.ts';

export function readContact(ctx: Ctx, req: Req, contactIdText: string): Reply {
  const contactId = parseIntegerText(contactIdText);
  if (contactId === null || contactId < 1) invalid('contactId must be a positive integer');
  const branchId = branchParam(req, VALID_BRANCHES);
  const contact = ctx.store.contacts.get(contactId);
  if (!contact || contact.branchId !== branchId) invalid(`contactId ${contactId} does not exist in branch ${branchId}`);
  const { branchId: _b, addresses, ...fields } = contact;
  return success(ctx, 'Contact details', {
    ...fields,
    deletedAddressIds: [],
    contactAddressDTO: addresses.map((a) => ({ ...a })),
  });
}
