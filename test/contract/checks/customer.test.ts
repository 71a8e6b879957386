// CU-9's check given what was sent: it judges the defaults only when the address sent as
// default was saved; one not saved at all is CU-8's failure.
import { describe, expect, it } from 'vitest';
import { contactIdReturnedBefore, oneDefaultAddress } from '../../../contract/checks/customer.ts';
import type { Customer } from '../../../contract/schemas/customer.ts';
import type { Exchange } from '../../../core/types.ts';
import * as ex from '../examples.ts';

const read = (addresses: unknown[]) =>
  ({
    request: { method: 'GET', url: 'http://127.0.0.1:1/api/v1/contact/1', headers: {} },
    tokenKind: 'valid',
    response: { status: 200, headers: {}, body: '' },
    json: { ...ex.successEnvelope, response: { ...ex.customer, contactAddressDTO: addresses } },
  }) as unknown as Exchange;

describe('oneDefaultAddress', () => {
  const first = { ...ex.address, isDefault: 1 as const };
  const second = { ...ex.address, addressLine1: 'Plot 7, Second Street', isDefault: 0 as const };
  const sent: Customer = { ...ex.customer, contactAddressDTO: [second, first] };

  it('judges the defaults when the address sent as default was saved', () => {
    expect(
      oneDefaultAddress(
        read([
          { ...first, addressId: 1 },
          { ...second, addressId: 2 },
        ]),
        sent,
      ).findings,
    ).toEqual([]);
    expect(
      oneDefaultAddress(
        read([
          { ...first, addressId: 1, isDefault: 0 },
          { ...second, addressId: 2 },
        ]),
        sent,
      ).findings[0]!.requirementId,
    ).toBe('CU-9');
  });

  it('leaves a contact without the address sent as default to CU-8', () => {
    expect(oneDefaultAddress(read([{ ...second, addressId: 2 }]), sent).findings).toEqual([]);
    expect(oneDefaultAddress(read([{ ...second, addressId: 2 }]), undefined).findings[0]!.requirementId).toBe('CU-9');
  });
});

describe('contactIdReturnedBefore (CU-2)', () => {
  it('finds a contactId an earlier creation got, and nothing for a new one', () => {
    const created = read([]);
    expect(contactIdReturnedBefore(created, 5, 0)).toEqual([]);
    expect(contactIdReturnedBefore(created, 5, 2)[0]).toMatchObject({
      checkId: 'customer.contact-id-distinct',
      requirementId: 'CU-2',
      received: 'contactId 5 (returned to 2 earlier creation(s) of this run)',
    });
  });
});
