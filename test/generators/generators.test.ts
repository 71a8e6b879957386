// The generators make what their names say, within the fixtures, and the seed alone decides
// every value (faker draws its randomness from fast-check).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGstin, PAN_SHAPE } from '../../contract/gstin.ts';
import { parseIsoUtc } from '../../core/formats.ts';
import { customer as customerSchema } from '../../contract/schemas/customer.ts';
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';
import { reportRequest } from '../../contract/schemas/report.ts';
import { customer } from '../../generators/customer.ts';
import { dateRange, oneDay, shortRange } from '../../generators/date-range.ts';
import { outOfSetCustomer, wrongTypeCustomer } from '../../generators/invalid-customer.ts';
import { malformedGstin } from '../../generators/malformed-gstin.ts';
import { caseVariants, unacceptedOrderStatus, whitespaceVariants } from '../../generators/order-status.ts';
import { nonIntegerReason, nonNumericReason } from '../../generators/reason.ts';
import { reportQuery } from '../../generators/report-query.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };
const range = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-04-30T23:59:59Z' };

describe('customer()', () => {
  it('makes realistic valid customers with exactly one default address from the fixtures', () => {
    fc.assert(
      fc.property(customer({ ...fixtures, minAddresses: 1, maxAddresses: 5 }), (c) => {
        expect(customerSchema.safeParse(c).success).toBe(true);
        expect(c.contactId).toBe(0);
        expect(c.contactAddressDTO.filter((a) => a.isDefault === 1)).toHaveLength(1);
        expect(c.mobNo).toMatch(/^[6-9]\d{9}$/);
        expect(fixtures.contactTypes).toContain(c.contactType);
        expect(c.gstType === 'Registered' ? isValidGstin(c.gstin) : c.gstin === '').toBe(true);
        expect(c.panNo === '' || PAN_SHAPE.test(c.panNo)).toBe(true);
        expect(c.dateOfBirth === '' || /^\d{4}-\d{2}-\d{2}$/.test(c.dateOfBirth)).toBe(true);
        for (const a of c.contactAddressDTO) {
          expect(a.pinCode).toMatch(/^[1-9]\d{5}$/);
          expect(fixtures.cities[a.cityCode as 'MUM']).toBe(a.stateCode);
          expect(a.gstType === 'Registered' ? isValidGstin(a.gstin) && a.gstin.startsWith(a.stateCode) : a.gstin === '').toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('is decided by the seed alone', () => {
    const a = fc.sample(customer(fixtures), { seed: 99, numRuns: 5 });
    const b = fc.sample(customer(fixtures), { seed: 99, numRuns: 5 });
    const c = fc.sample(customer(fixtures), { seed: 100, numRuns: 5 });
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('sends empty dates when the target takes none', () => {
    for (const c of fc.sample(customer({ ...fixtures, dateFormat: null }), { seed: 1, numRuns: 50 })) {
      expect([c.dateOfBirth, c.anniversaryDate]).toEqual(['', '']);
    }
  });
});

describe('invalid customers', () => {
  it('of the wrong type never pass the schema', () => {
    fc.assert(
      fc.property(wrongTypeCustomer(fixtures), ({ body }) => customerSchema.safeParse(body).success === false),
      { numRuns: 200 },
    );
  });
  it('outside the stated sets carry an isDefault other than 0 or 1 on their one address, and nothing else wrong', () => {
    fc.assert(
      fc.property(outOfSetCustomer(fixtures), ({ mutation, body }) => {
        const b = body as { contactAddressDTO: { isDefault: number }[] };
        expect(b.contactAddressDTO).toHaveLength(1);
        expect([0, 1]).not.toContain(b.contactAddressDTO[0]!.isDefault);
        expect(mutation).toMatch(/^contactAddressDTO\[0\]\.isDefault = /);
        const fixed = { ...b, contactAddressDTO: [{ ...b.contactAddressDTO[0], isDefault: 1 }] };
        expect(customerSchema.safeParse(fixed).success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
  it('never carry a valid GSTIN as a malformed one', () => {
    fc.assert(
      fc.property(malformedGstin({ stateCode: '27' }), (g) => !isValidGstin(g)),
      { numRuns: 300 },
    );
  });
});

describe('order status values', () => {
  it('outside the six are never one of the six, even once trimmed, and the variants cover every status', () => {
    const six = ORDER_STATUSES as readonly string[];
    fc.assert(
      fc.property(unacceptedOrderStatus(), (s) => !six.includes(s) && !six.includes(s.trim())),
      { numRuns: 500 },
    );
    const cases = caseVariants();
    const spaces = whitespaceVariants();
    expect([...cases, ...spaces].some((v) => six.includes(v))).toBe(false);
    // OS-2f: each whitespace variant is one of the six once trimmed (what a trimming stack reads).
    expect(spaces.every((v) => six.includes(v.trim()))).toBe(true);
    for (const s of ORDER_STATUSES) {
      expect(cases.filter((v) => v.toLowerCase() === s.toLowerCase())).toHaveLength(2);
      expect(spaces.filter((v) => v.trim() === s).length).toBeGreaterThanOrEqual(4);
    }
  });
  it('reasons are invalid under the reading they stand for', () => {
    fc.assert(
      fc.property(nonNumericReason(), (r) => typeof r !== 'number' && (typeof r !== 'string' || Number.isNaN(Number(r)) || r.trim() === '')),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(nonIntegerReason(), (r) => !Number.isInteger(r)),
      { numRuns: 300 },
    );
  });
});

describe('report queries and date ranges', () => {
  it('stay inside the range they are drawn from', () => {
    const inside = (r: { dateFrom: string; dateTo: string }) =>
      parseIsoUtc(r.dateFrom)! >= parseIsoUtc(range.dateFrom)! && parseIsoUtc(r.dateTo)! <= parseIsoUtc(range.dateTo)! && r.dateFrom <= r.dateTo;
    fc.assert(fc.property(dateRange(range), inside), { numRuns: 300 });
    fc.assert(fc.property(shortRange(range), inside), { numRuns: 300 });
    fc.assert(
      fc.property(oneDay(range), (d) => inside(d) && d.dateFrom.endsWith('T00:00:00Z') && d.dateTo.endsWith('T23:59:59Z')),
      { numRuns: 100 },
    );
  });
  it('are valid report requests', () => {
    fc.assert(
      fc.property(reportQuery({ ...range, branchList: '1,2' }), (q) => reportRequest.safeParse(q).success),
      { numRuns: 300 },
    );
  });
});
