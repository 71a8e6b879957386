// CU-13: a customer valid under 2.3/2.4 whose free-text fields (those the spec gives no format:
// names, company, address lines, remark, place names) hold unusual text, and whose amounts are
// decimal text at its edges. Either one field at a time (a refusal of one value cannot hide a
// server error of another), or every field at once, each shrinking back to its plain value, so
// a failure shrinks to the field(s) and the value that cause it.
import fc from 'fast-check';
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { edgeAmount } from './edge-amount.ts';
import { drawnExamples } from './examples.ts';
import { hostileText } from './hostile-text.ts';
import { longText, repeatTo } from './long-text.ts';
import { optionalFields } from './optional-fields.ts';
import { scriptText, type TextKind } from './script-text.ts';

type CustomerText = 'firstName' | 'lastName' | 'companyName' | 'remark';
type AddressText = 'addressLine1' | 'addressLine2' | 'firstName' | 'lastName' | 'companyName' | 'cityName' | 'stateName' | 'countriesName';

export type HostileField =
  { on: 'customer'; key: CustomerText | 'opening' | 'creditLimit'; kind: TextKind | 'amount' } | { on: 'address'; key: AddressText; kind: TextKind };

/** 2.3 and 2.4 string fields with no stated format, and the two amounts of 2.3. */
export const HOSTILE_FIELDS: readonly HostileField[] = [
  { on: 'customer', key: 'firstName', kind: 'name' },
  { on: 'customer', key: 'lastName', kind: 'name' },
  { on: 'customer', key: 'companyName', kind: 'company' },
  { on: 'customer', key: 'remark', kind: 'remark' },
  { on: 'address', key: 'addressLine1', kind: 'line' },
  { on: 'address', key: 'addressLine2', kind: 'line' },
  { on: 'address', key: 'firstName', kind: 'name' },
  { on: 'address', key: 'lastName', kind: 'name' },
  { on: 'address', key: 'companyName', kind: 'company' },
  { on: 'address', key: 'cityName', kind: 'place' },
  { on: 'address', key: 'stateName', kind: 'place' },
  { on: 'address', key: 'countriesName', kind: 'place' },
  { on: 'customer', key: 'opening', kind: 'amount' },
  { on: 'customer', key: 'creditLimit', kind: 'amount' },
];

export interface HostileValue {
  /** "firstName", "contactAddressDTO[1].addressLine1" ... */
  field: string;
  value: string;
}

export interface HostileCustomer {
  values: HostileValue[];
  body: Customer;
}

const valueOf = (f: HostileField) => (f.kind === 'amount' ? edgeAmount() : hostileText(f.kind));

/** The customer with `values` set on it (address fields on address `at`). */
function withValues(base: Customer, set: { f: HostileField; value: string }[], at: number): HostileCustomer {
  const body: Customer = { ...base, contactAddressDTO: base.contactAddressDTO.map((a) => ({ ...a })) };
  const i = at % body.contactAddressDTO.length;
  const values: HostileValue[] = [];
  for (const { f, value } of set) {
    if (f.on === 'customer') {
      body[f.key] = value;
      values.push({ field: f.key, value });
    } else {
      (body.contactAddressDTO[i] as Address)[f.key] = value;
      values.push({ field: `contactAddressDTO[${i}].${f.key}`, value });
    }
  }
  return { values, body };
}

function base(c: CustomerConstraints): fc.Arbitrary<Customer> {
  // Nothing empty that "may be empty": the unusual value is the only unusual thing in it. It does
  // not shrink: a failure's shrinking is spent on the unusual values, not on a mobile number.
  return fc.noShrink(customer({ ...c, empties: false, minAddresses: 1, maxAddresses: Math.min(2, c.maxAddresses ?? 2) }));
}

/** A valid customer with one free-text field (or amount) holding unusual text. */
export function oneHostileField(c: CustomerConstraints): fc.Arbitrary<HostileCustomer> {
  const one = fc.oneof(...HOSTILE_FIELDS.map((f) => valueOf(f).map((value) => ({ f, value }))));
  return fc.tuple(base(c), one, fc.nat({ max: 1 })).map(([b, v, at]) => withValues(b, [v], at));
}

function every(c: CustomerConstraints, valueOf: (f: HostileField) => fc.Arbitrary<string>): fc.Arbitrary<HostileCustomer> {
  const each = optionalFields(HOSTILE_FIELDS.map((f) => valueOf(f).map((value) => ({ f, value }))));
  return fc.tuple(base(c), each).map(([b, vs]) =>
    withValues(
      b,
      vs.filter((v) => v !== undefined),
      0,
    ),
  );
}

/**
 * A valid customer whose every free-text field and amount is unusual, or whose every free-text
 * field is 255 to 10,000 characters long (a column too short for its text shows in one request).
 * Each value may shrink back to the plain one.
 */
export function hostileCustomer(c: CustomerConstraints): fc.Arbitrary<HostileCustomer> {
  // A long value also tries a short Indian-script one when it shrinks: a failure that is about the
  // script, not the length, then shrinks to a letter.
  const long = (kind: TextKind) => fc.oneof({ withCrossShrink: true }, { weight: 1, arbitrary: scriptText(kind) }, { weight: 7, arbitrary: longText(kind) });
  return fc.oneof(
    every(c, valueOf),
    every(c, (f) => (f.kind === 'amount' ? edgeAmount() : long(f.kind))),
  );
}

const field = (on: HostileField['on'], key: string) => HOSTILE_FIELDS.find((f) => f.on === on && f.key === key)!;

/**
 * The class examples of one unusual field (sent first in every run, whatever the seed), a class
 * each: an Indian script, combining marks (NFD), emoji, right-to-left text with bidi controls,
 * the longest text (10,000 characters), surrounding spaces, numeric-looking text past 64 bits,
 * and an amount past a DECIMAL(18,2).
 */
const ONE_FIELD_EXAMPLES: Array<{ f: HostileField; value: string }> = [
  { f: field('customer', 'firstName'), value: 'नमस्ते' },
  { f: field('address', 'lastName'), value: 'Jose\u0301 Rene\u0301e' },
  { f: field('customer', 'companyName'), value: '🙏 Shree Traders 🚚' },
  { f: field('address', 'addressLine1'), value: 'שלום \u202e12 Street\u202c' },
  { f: field('customer', 'remark'), value: repeatTo('குறிப்பு remark', 10_000) },
  { f: field('address', 'addressLine2'), value: '  Near Temple  ' },
  { f: field('address', 'stateName'), value: '18446744073709551616' },
  { f: field('customer', 'opening'), value: '99999999999999999999.99' },
];

/** The examples of oneHostileField: each class once, on a customer of its own. */
export function oneHostileFieldExamples(c: CustomerConstraints): HostileCustomer[] {
  const bases = drawnExamples(base(c), ONE_FIELD_EXAMPLES.length);
  return ONE_FIELD_EXAMPLES.map((v, i) => withValues(bases[i]!, [v], 0));
}

/**
 * The examples of hostileCustomer: every field in an Indian script with combining marks at once,
 * and every free-text field one past the VARCHAR(255) edge (the amounts at their edges).
 */
export function hostileCustomerExamples(c: CustomerConstraints): HostileCustomer[] {
  const bases = drawnExamples(base(c), 2, 1);
  const all = (text: (f: HostileField) => string) =>
    HOSTILE_FIELDS.map((f) => ({ f, value: f.kind === 'amount' ? (f.key === 'opening' ? '0.000001' : '9007199254740993') : text(f) }));
  return [
    withValues(
      bases[0]!,
      all(() => 'देवनागरी ki\u0307'),
      0,
    ),
    withValues(
      bases[1]!,
      all((f) => repeatTo(f.key, 256)),
      0,
    ),
  ];
}
