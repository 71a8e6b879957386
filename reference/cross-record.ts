// The fault of CU-17: a save of one contact that changes another. 4.2: "deletedAddressIds lists
// addresses to drop" and an address sent with its addressId is updated: the clean reference looks
// the id up among the saved contact's own addresses (mergeAddresses refuses any other). With
// cu-address-of-another-contact on, the ids are looked up among every contact's addresses (an
// `UPDATE address ... WHERE address_id = ?` with no contact in it): an address of another contact
// sent with its id is updated there, and one listed in deletedAddressIds is dropped from it.
import type { Customer } from '../contract/schemas/customer.ts';
import type { Ctx } from './context.ts';

const sameId = (a: unknown, b: unknown) => String(a) === String(b);

/**
 * Applies what `c` sends about other contacts' addresses to those contacts (the fault), and
 * returns the customer without it: what the save then does to its own contact as usual.
 */
export function foreignAddresses(ctx: Ctx, c: Customer): Customer {
  if (!ctx.faults.has('cu-address-of-another-contact')) return c;
  const others = [...ctx.store.contacts.values()].filter((o) => !sameId(o.contactId, c.contactId));
  const holder = (id: unknown) => others.find((o) => o.addresses.some((a) => sameId(a.addressId, id)));
  const contactAddressDTO = c.contactAddressDTO.filter((sent) => {
    const other = sent.addressId === 0 ? undefined : holder(sent.addressId);
    if (!other) return true;
    // Updated in place where it is found; its isDefault stays the other contact's.
    other.addresses = other.addresses.map((a) => (sameId(a.addressId, sent.addressId) ? { ...sent, addressId: a.addressId, isDefault: a.isDefault } : a));
    return false;
  });
  const deletedAddressIds = c.deletedAddressIds.filter((id) => {
    const other = holder(id);
    if (!other) return true;
    other.addresses = other.addresses.filter((a) => !sameId(a.addressId, id));
    return false;
  });
  return { ...c, contactAddressDTO, deletedAddressIds };
}
