// The probes of the customer save's faults (reference/faults.ts cu-*), part of fault-probes.ts's
// table: each a request (or a few) whose answer differs between the clean reference and the
// reference with that fault on, in the way the fault's `does` says.
import { expect } from 'vitest';
import { validAddress, validCustomer } from './helpers.ts';
import { customer, oneStatus, P, readBack, statusFlip, type Probe } from './probe-kit.ts';

export const CUSTOMER_PROBES: Probe[] = [
  P(
    'cu-contactid-string',
    'customer',
    async (s) => [await customer(s, validCustomer())],
    (c, f) => {
      oneStatus(c, f, 200, 200);
      expect(f[0]!.body.response).toEqual({ contactId: String(c[0]!.body.response.contactId) });
    },
  ),
  P(
    'cu-contactid-reused',
    'customer',
    async (s) => [await customer(s, validCustomer()), await customer(s, validCustomer())],
    (c, f) => {
      expect(c[1]!.body.response.contactId).toBe(c[0]!.body.response.contactId + 1);
      expect(f[1]!.body.response.contactId).toBe(f[0]!.body.response.contactId);
    },
  ),
  P(
    'cu-single-address',
    'customer',
    async (s) => [await customer(s, validCustomer({ contactAddressDTO: [validAddress(), validAddress({ isDefault: 0 })] }))],
    statusFlip(200, 400),
  ),
  P(
    'cu-opening-unchecked',
    'customer',
    async (s) => [await customer(s, validCustomer({ opening: 'abc' })), await customer(s, validCustomer({ creditLimit: 'lots' }))],
    statusFlip(400, 200),
  ),
  P(
    'cu-type-coercion',
    'customer',
    async (s) => [
      await customer(s, validCustomer({ firstName: 42 as never })),
      await customer(s, validCustomer({ contactAddressDTO: [validAddress({ isDefault: true as never })] })),
    ],
    statusFlip(400, 200),
  ),
  P(
    'cu-isdefault-unchecked',
    'customer',
    async (s) => [await customer(s, validCustomer({ contactAddressDTO: [validAddress({ isDefault: 2 as 1 })] }))],
    statusFlip(400, 200),
  ),
  P('cu-branch-unchecked', 'customer', async (s) => [await customer(s, validCustomer(), 999)], statusFlip(400, 200)),
  P('cu-empty-lastname', 'customer', async (s) => [await customer(s, validCustomer({ lastName: '' }))], statusFlip(200, 400)),
  P(
    'cu-drop-addresses',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ contactAddressDTO: [validAddress({ isDefault: 0 }), validAddress({ cityCode: 'DEL', stateCode: '07' })] }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect(c[1]!.body.response.contactAddressDTO).toHaveLength(2);
      // Address ids are counted per server, and earlier probes saved fewer addresses under this fault.
      const first = c[1]!.body.response.contactAddressDTO[0];
      expect(f[1]!.body.response.contactAddressDTO).toEqual([{ ...first, addressId: expect.any(Number) }]);
    },
  ),
  P(
    'cu-default-lost',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer());
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      const [clean, faulty] = [c[1]!.body.response.contactAddressDTO, f[1]!.body.response.contactAddressDTO];
      expect(clean[0].isDefault).toBe(1);
      expect(faulty).toEqual([{ ...clean[0], isDefault: 0 }]);
    },
  ),
  P(
    'cu-ignore-deleted',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ contactAddressDTO: [validAddress(), validAddress({ isDefault: 0 })] }));
      const saved = (await readBack(s, a)).json?.response?.contactAddressDTO ?? [];
      const id = a.json?.response?.contactId;
      await customer(s, validCustomer({ contactId: id, contactAddressDTO: [], deletedAddressIds: [saved[1]?.addressId ?? 0] }));
      return [await readBack(s, a)];
    },
    (c, f) => {
      expect(c[0]!.body.response.contactAddressDTO).toHaveLength(1);
      expect(f[0]!.body.response.contactAddressDTO).toHaveLength(2);
    },
  ),
];
