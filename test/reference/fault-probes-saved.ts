// Probes of the faults of CU-15, CU-16 and CU-17: silent changes on save, a refused creation that
// saves, a save that changes another contact. Each creates a customer (or has one refused) and
// reads back what was saved.
import { expect } from 'vitest';
import { validAddress, validCustomer } from './helpers.ts';
import { customer, P, readBack, type Probe, type Seen } from './probe-kit.ts';

const saved = (s: Seen[]) => s[1]!.body.response;
const LONG = 'Plot 12 Marine Drive '.repeat(20); // 420 characters

export const SAVED_PROBES: Probe[] = [
  P(
    'cu-truncates-long-text',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ remark: LONG, contactAddressDTO: [validAddress({ addressLine1: LONG })] }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect([saved(c).remark, saved(c).contactAddressDTO[0].addressLine1]).toEqual([LONG, LONG]);
      expect([saved(f).remark, saved(f).contactAddressDTO[0].addressLine1]).toEqual([LONG.slice(0, 255), LONG.slice(0, 255)]);
    },
  ),
  P(
    'cu-mangles-non-ascii',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ firstName: 'राम', companyName: 'Café Ünal' }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect([saved(c).firstName, saved(c).companyName]).toEqual(['राम', 'Café Ünal']);
      expect([saved(f).firstName, saved(f).companyName]).toEqual(['???', 'Café Ünal']);
    },
  ),
  P(
    'cu-drops-non-bmp',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ companyName: 'Diya 🪔 Stores', remark: 'राम 🙏' }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect([saved(c).companyName, saved(c).remark]).toEqual(['Diya 🪔 Stores', 'राम 🙏']);
      expect([saved(f).companyName, saved(f).remark]).toEqual(['Diya  Stores', 'राम ']);
    },
  ),
  // A non-numeric opening is refused; the contact just before the next one created is the refused one.
  P(
    'cu-refusal-saves',
    'customer',
    async (s) => {
      const refused = await customer(s, validCustomer({ mobNo: '9123400001', opening: 'not an amount' }));
      const next = await customer(s, validCustomer({ mobNo: '9123400002' }));
      const before = { json: { response: { contactId: Number(next.json?.response?.contactId) - 1 } } } as typeof next;
      return [refused, next, await readBack(s, before)];
    },
    (c, f) => {
      expect(c.map((x) => x.status)).toEqual([400, 200, c[2]!.status]);
      expect(c[2]!.body?.response?.mobNo).not.toBe('9123400001');
      expect(f.map((x) => x.status)).toEqual([400, 200, 200]);
      expect(f[2]!.body.response.mobNo).toBe('9123400001');
    },
  ),
  // Contact A with two addresses; B is saved with A's first addressId as its own, then another B
  // lists A's second in deletedAddressIds; A is read back (clean: as it was, B's first save refused).
  P(
    'cu-address-of-another-contact',
    'customer',
    async (s) => {
      const two = [validAddress({ isDefault: 1 }), validAddress({ addressLine1: '7 Hill Road', isDefault: 0 })];
      const a = await customer(s, validCustomer({ mobNo: '9123400011', contactAddressDTO: two }));
      const before = await readBack(s, a);
      const [edited, dropped] = (before.json?.response?.contactAddressDTO ?? []).map((x: { addressId: number }) => x.addressId);
      const own = validAddress({ addressId: edited, addressLine1: '1 Other Street', isDefault: 1 });
      const b1 = await customer(s, validCustomer({ mobNo: '9123400012', contactAddressDTO: [own] }));
      const b2 = await customer(s, validCustomer({ mobNo: '9123400013', deletedAddressIds: [dropped] }));
      return [a, before, b1, b2, await readBack(s, a)];
    },
    (c, f) => {
      const lines = (x: Seen) => x.body.response.contactAddressDTO.map((a: { addressLine1: string }) => a.addressLine1);
      expect(c.map((x) => x.status)).toEqual([200, 200, 400, 200, 200]);
      expect(lines(c[4]!)).toEqual(['12 Marine Drive', '7 Hill Road']);
      expect(f.map((x) => x.status)).toEqual([200, 200, 200, 200, 200]);
      expect(lines(f[4]!)).toEqual(['1 Other Street']);
    },
  ),
];
