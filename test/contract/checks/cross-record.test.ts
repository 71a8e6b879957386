// CU-17's oracle: two reads of the same contact, before and after another contact's saves, hold
// the same fields and the same addresses by id (content and default compared as CU-8 compares).
import { describe, expect, it } from 'vitest';
import { contactChanges, otherContactUnchanged } from '../../../contract/checks/cross-record.ts';
import type { Customer } from '../../../contract/schemas/customer.ts';
import type { Exchange } from '../../../core/types.ts';

const address = (addressId: number, addressLine1: string, isDefault: 0 | 1) => ({ addressId, addressLine1, pinCode: '400020', isDefault });
const contact = (addresses: ReturnType<typeof address>[], firstName = 'Asha') =>
  ({ contactId: 7, firstName, contactAddressDTO: addresses }) as unknown as Partial<Customer> & { contactAddressDTO: ReturnType<typeof address>[] };
const read = (response: unknown, status = 200) =>
  ({
    seq: 3,
    request: { method: 'GET', url: 'http://127.0.0.1/api/v1/contact/7', headers: {} },
    response: { status, headers: {}, body: '' },
    json: { status: true, response },
  }) as unknown as Exchange;

describe('a save of another contact leaves this one as it was (CU-17)', () => {
  const before = contact([address(1, '12 Marine Drive', 1), address(2, '7 Hill Road', 0)]);

  it('sees no change in an equal read, trims and normalisation aside', () => {
    expect(contactChanges(before, contact([address(1, ' 12 Marine Drive ', 1), address(2, '7 Hill Road', 0)]))).toEqual([]);
  });

  it('names an address edited, one dropped, one added, the default moved and a field changed', () => {
    const titles = (after: unknown) => contactChanges(before, after as typeof before).map((f) => f.title);
    expect(titles(contact([address(1, '1 Other Street', 1), address(2, '7 Hill Road', 0)]))).toEqual(['Its address 1 changed']);
    expect(titles(contact([address(1, '12 Marine Drive', 1)]))).toEqual(['Its address 2 is gone']);
    expect(titles(contact([...before.contactAddressDTO, address(9, 'New', 0)]))).toEqual(['An address 9 appeared in it']);
    expect(titles(contact([address(1, '12 Marine Drive', 0), address(2, '7 Hill Road', 1)]))).toEqual(['Its address 1 changed', 'Its address 2 changed']);
    expect(titles(contact(before.contactAddressDTO, 'Ravi'))).toEqual(['Its firstName changed']);
  });

  it('files the changes under CU-17 with what happened in between, and judges no failed read', () => {
    const p = { before, contactId: '7', between: 'contact B was saved' };
    const found = otherContactUnchanged(read(contact([address(1, '12 Marine Drive', 1)])), p).findings;
    expect(found.map((f) => [f.requirementId, f.title])).toEqual([['CU-17', 'Contact 7 changed after contact B was saved: Its address 2 is gone']]);
    expect(otherContactUnchanged(read(undefined, 404), p).findings).toEqual([]);
  });
});
