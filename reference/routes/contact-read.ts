// Extension: "Get Contact By Id" (GET), at the profile's path (default
// /api/v1/contact/{contactId}?branch_id=). The spec lists it in its index of operations (1)
// without a path ("Paths, parameters and payloads of every operation other than the three below:
// not shown"). The reference serves it so a run can read back what contactSave saved (config
// readBack.getContactById). It answers the saved customer in the 2.3 shape, with its contactId
// and each address's assigned addressId (ids past 2^53 written as their exact digits).
import { branchParam, idKey } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { VALID_BRANCHES } from '../fixtures.ts';
import { invalid, success } from '../respond.ts';

export function readContact(ctx: Ctx, req: Req, contactIdText: string, branchQuery = 'branch_id'): Reply {
  const key = idKey(contactIdText);
  if (key === null) invalid('contactId must be a positive integer');
  const branchId = branchParam(req, VALID_BRANCHES, branchQuery);
  const contact = ctx.store.contacts.get(key);
  if (!contact || contact.branchId !== branchId) invalid(`contactId ${key} does not exist in branch ${branchId}`);
  const { branchId: _b, addresses, ...fields } = contact;
  return success(ctx, ctx.profile.messages.contact, {
    ...fields,
    deletedAddressIds: [],
    contactAddressDTO: addresses.map((a) => ({ ...a })),
  });
}
