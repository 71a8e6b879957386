// The customers each test sends for its own rule only: without empty fields (CU-7's), in plain
// Latin-1 text (unusual text is CU-13's), the strictness probes of CU-12 (one difference each),
// and the address edits of CU-14.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGstin } from '../../contract/gstin.ts';
import { customer as customerSchema } from '../../contract/schemas/customer.ts';
import { addressEdit } from '../../generators/address-edit.ts';
import { customer } from '../../generators/customer.ts';
import { strictnessProbes } from '../../generators/strictness-probes.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };

describe('plain customers', () => {
  it('with empties: false have no empty "may be empty string" field, and never an empty address line or address PAN', () => {
    fc.assert(
      fc.property(customer({ ...fixtures, empties: false }), (c) => {
        for (const k of ['lastName', 'companyName', 'email', 'telephone', 'panNo', 'remark'] as const) expect(c[k], k).not.toBe('');
        for (const a of c.contactAddressDTO) expect([a.addressLine2, a.panNo]).not.toContain('');
      }),
      { numRuns: 200 },
    );
  });

  it("hold Latin-1 text only, so a fault on other scripts stays CU-13's", () => {
    fc.assert(
      fc.property(customer({ ...fixtures, minAddresses: 1, maxAddresses: 5 }), (c) => {
        expect(JSON.stringify(c)).toMatch(/^[\u0000-\u00ff]*$/);
        expect([c.remark, ...c.contactAddressDTO.map((a) => a.addressLine1)].every((t) => t.length <= 255)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('strictness probes (CU-12)', () => {
  it('differ from one valid customer in one documented way each', () => {
    for (const dateFormat of ['YYYY-MM-DD', 'DD/MM/YYYY', null] as const) {
      const [probes] = fc.sample(strictnessProbes({ ...fixtures, dateFormat }), { seed: 4, numRuns: 1 });
      const base = probes![0]!.body;
      expect(probes!.map((p) => p.variant).join('\n')).toMatch(
        /Composition[\s\S]*Consumer[\s\S]*SEZ[\s\S]*wrong check character[\s\S]*malformed GSTIN[\s\S]*panNo in lower case[\s\S]*pinCode of 5 digits[\s\S]*dateOfBirth written[\s\S]*creditAmount/,
      );
      const byVariant = Object.fromEntries(probes!.map((p) => [p.variant, p.body]));
      const find = (re: RegExp) => Object.entries(byVariant).find(([v]) => re.test(v))![1];
      expect(find(/wrong check character/).gstin).toMatch(/^27[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/);
      expect(isValidGstin(find(/wrong check character/).gstin)).toBe(false);
      expect(isValidGstin(find(/malformed GSTIN/).gstin)).toBe(false);
      expect(find(/pinCode/).contactAddressDTO[0]!.pinCode).toMatch(/^\d{5}$/);
      expect(find(/panNo/).panNo).toBe(base.panNo.toLowerCase());
      expect(find(/dateOfBirth/).dateOfBirth).toBe(dateFormat === 'YYYY-MM-DD' ? '17/05/1990' : '1990-05-17');
      // The base of the probes is valid: each probe is then only about its own value.
      const unregistered = { ...find(/Consumer/), gstType: 'UnRegistered' };
      expect(customerSchema.safeParse(unregistered).success).toBe(true);
    }
  });
});

describe('address edits (CU-14)', () => {
  it('make every kind of edit, with valid addresses', () => {
    const edits = fc.sample(addressEdit({ countriesCode: 'IN', cities: fixtures.cities }), { seed: 2, numRuns: 200 });
    expect(new Set(edits.map((e) => e.op))).toEqual(new Set(['add', 'update', 'delete', 'default']));
    for (const e of edits) if ('address' in e) expect(e.address.addressId).toBe(0);
  });
});
