// Values a target may keep unique: the same drawn value, nonce and use give the same value (a
// replay sends the same request); another nonce or another use gives another; the shape holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGstin } from '../../contract/gstin.ts';
import { customer } from '../../generators/customer.ts';
import { uniqueCustomer, uniqueEmail, uniqueGstin, uniqueMobile, uniquePan } from '../../generators/unique-values.ts';

const key = { nonce: 'a1b2c3d4', salt: 'suites/customer/create.test.ts::CU-1#0' };
const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };

describe('unique values', () => {
  it('keep their shape, and are the same for the same nonce and use, other for another nonce or use', () => {
    const gstin = fc.sample(customer({ ...fixtures, gstType: 'Registered' }), { seed: 1, numRuns: 1 })[0]!.gstin;
    for (const [f, value, shape] of [
      [uniqueMobile, '9820012345', /^9[0-9]{9}$/],
      [uniqueEmail, 'asha.rao@example.com', /^asha\.rao\.[0-9a-z]{6}@example\.com$/],
      [uniquePan, 'ABCPE1234F', /^[A-Z]{3}P[A-Z][0-9]{4}[A-Z]$/],
      [uniqueGstin, gstin, /^27[A-Z]{5}[0-9]{4}[A-Z][0-9A-Z]Z[0-9A-Z]$/],
    ] as const) {
      const made = f(key, value);
      expect(made).toMatch(shape);
      expect(f(key, value)).toBe(made);
      expect(f({ ...key, nonce: 'e5f6a7b8' }, value)).not.toBe(made);
      expect(f({ ...key, salt: `${key.salt}x` }, value)).not.toBe(made);
    }
    expect(isValidGstin(uniqueGstin(key, gstin))).toBe(true);
  });

  it('leave values without the shape (hostile or empty text) as they are', () => {
    for (const v of ['', ' 9820012345', '98200', 'not an email', 'abcde1234f']) {
      expect([uniqueMobile(key, v), uniqueEmail(key, v), uniquePan(key, v), uniqueGstin(key, v)]).toEqual([v, v, v, v]);
    }
  });

  it('make the customers of a run distinct: a hundred creations, a hundred mobile numbers', () => {
    const bodies = fc.sample(customer({ ...fixtures, unique: key }), { seed: 7, numRuns: 100 });
    expect(new Set(bodies.map((b) => b.mobNo)).size).toBe(100);
    const again = fc.sample(customer({ ...fixtures, unique: key }), { seed: 7, numRuns: 100 });
    expect(again).toEqual(bodies);
    expect(bodies.map((b) => uniqueCustomer(key, b).mobNo)).not.toEqual(bodies.map((b) => b.mobNo));
  });
});
