// The examples properties evaluate before their random runs (runtime/property.ts): the same in
// every run (no seed goes in), each of the class it stands for, and valid where the property
// needs a valid value around it (a customer around one unusual field).
import { describe, expect, it } from 'vitest';
import { customer as customerSchema } from '../../contract/schemas/customer.ts';
import { ORDER_STATUSES } from '../../contract/schemas/order-status.ts';
import { parseIsoUtc } from '../../core/formats.ts';
import { rangeExamples } from '../../generators/date-range.ts';
import { anyFilterExamples } from '../../generators/filter-text.ts';
import { hostileCustomerExamples, oneHostileFieldExamples, HOSTILE_FIELDS } from '../../generators/hostile-customer.ts';
import { TYPE_MUTATIONS, wrongTypeExamples, coercibleExamples, COERCIBLE_MUTATIONS, outOfSetExamples } from '../../generators/invalid-customer.ts';
import { NON_STRING_BODY_EXAMPLES, UNACCEPTED_STATUS_EXAMPLES } from '../../generators/order-status.ts';
import { NON_INTEGER_REASON_EXAMPLES, NON_NUMERIC_REASON_EXAMPLES } from '../../generators/reason.ts';
import { FILTER_KEYS } from '../../config/schema.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };
const c = { ...fixtures, minAddresses: 1, maxAddresses: 3, unique: { nonce: 'n1', salt: 'examples' } };
const range = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-04-30T23:59:59Z' };

describe('the examples of a property', () => {
  it('are the same on every call: no seed goes in', () => {
    expect(oneHostileFieldExamples(c)).toEqual(oneHostileFieldExamples(c));
    expect(hostileCustomerExamples(c)).toEqual(hostileCustomerExamples(c));
    expect(wrongTypeExamples(c)).toEqual(wrongTypeExamples(c));
  });

  it('put one unusual field on each of their own valid customers, and new unique values with a new nonce', () => {
    const ones = oneHostileFieldExamples(c);
    for (const one of ones) {
      expect(one.values).toHaveLength(1);
      const plain = structuredClone(one.body);
      expect(customerSchema.safeParse(plain).success, one.values[0]!.field).toBe(true);
    }
    expect(new Set(ones.map((o) => o.body.mobNo)).size).toBe(ones.length);
    const other = oneHostileFieldExamples({ ...c, unique: { nonce: 'n2', salt: 'examples' } });
    expect(other.map((o) => o.body.mobNo)).not.toEqual(ones.map((o) => o.body.mobNo));
    // Every class: the longest text among them, and every field at once.
    expect(Math.max(...ones.map((o) => [...o.values[0]!.value].length))).toBe(10_000);
    for (const every of hostileCustomerExamples(c)) expect(every.values).toHaveLength(HOSTILE_FIELDS.length);
  });

  it('hold every wrong type and coercion once, and isDefault past 0/1', () => {
    const field = (m: string) => m.split(' = ')[0];
    expect(wrongTypeExamples(c).map((e) => field(e.mutation))).toHaveLength(TYPE_MUTATIONS.length);
    expect(new Set(wrongTypeExamples(c).map((e) => field(e.mutation))).size).toBe(TYPE_MUTATIONS.length);
    expect(new Set(coercibleExamples(c).map((e) => field(e.mutation))).size).toBe(COERCIBLE_MUTATIONS.length);
    expect(outOfSetExamples(c).map((e) => e.mutation)).toEqual(['contactAddressDTO[0].isDefault = 2', 'contactAddressDTO[0].isDefault = 2147483648']);
  });

  it('of the order status are refused values: none of the six once trimmed, no string status, no number, no integer', () => {
    for (const s of UNACCEPTED_STATUS_EXAMPLES) expect((ORDER_STATUSES as readonly string[]).includes(s.trim()), s).toBe(false);
    for (const b of NON_STRING_BODY_EXAMPLES) expect(typeof (b as { orderStatus?: unknown }).orderStatus).not.toBe('string');
    for (const r of NON_NUMERIC_REASON_EXAMPLES)
      expect(typeof r === 'number' || (typeof r === 'string' && r.trim() !== '' && !Number.isNaN(Number(r)))).toBe(false);
    for (const r of NON_INTEGER_REASON_EXAMPLES) expect(Number.isInteger(r)).toBe(false);
  });

  it('of the report are inside the range, and filters of every field', () => {
    const { whole, firstDay, lastSecond } = rangeExamples(range);
    expect(whole).toEqual(range);
    expect(firstDay).toEqual({ dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-01T23:59:59Z' });
    expect(lastSecond).toEqual({ dateFrom: '2026-04-30T23:59:58Z', dateTo: '2026-04-30T23:59:59Z' });
    for (const r of [firstDay, lastSecond]) expect(parseIsoUtc(r.dateFrom)! <= parseIsoUtc(r.dateTo)!).toBe(true);
    for (const e of anyFilterExamples) expect([...FILTER_KEYS, 'moduleName']).toContain(e.field);
    expect(anyFilterExamples.some((e) => e.value === '')).toBe(true);
    expect(Math.max(...anyFilterExamples.map((e) => String(e.value).length))).toBe(10_000);
  });
});
