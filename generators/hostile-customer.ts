// CU-13: a customer valid under 2.3/2.4 whose free-text fields (those the spec gives no format:
// names, company, address lines, remark, place names) hold unusual text, and whose amounts are
// decimal text at its edges. Either one field at a time (a refusal of one value cannot hide a
// server error of another), or every field at once, each shrinking back to its plain value, so
// a failure shrinks to the field(s) and the value that cause it.
import fc from 'fast-check';
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { edgeAmount } from './edge-amount.ts';
import { hostileText } from './hostile-text.ts';
import { longText } from './long-text.ts';
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
