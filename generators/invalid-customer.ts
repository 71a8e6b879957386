// CU-4 / CU-5: a valid customer with one value made invalid. Each mutation names the field it
// breaks, so a finding can say which.
import fc from 'fast-check';
import type { Customer } from '../contract/schemas/customer.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { malformedGstin } from './malformed-gstin.ts';

export interface InvalidCustomer {
  /** What was broken, e.g. "opening = \"12,5a\"". */
  mutation: string;
  body: unknown;
}

type Mutate = (c: Customer) => fc.Arbitrary<InvalidCustomer>;

const withValue = (field: string, set: (c: Customer, v: unknown) => unknown, values: fc.Arbitrary<unknown>): Mutate =>
  (c) => values.map((v) => ({ mutation: `${field} = ${JSON.stringify(v)}`, body: set(structuredClone(c), v) }));

function setField(key: keyof Customer) {
  return (c: Customer, v: unknown) => ({ ...c, [key]: v });
}
function setFirstAddress(key: string) {
  return (c: Customer, v: unknown) => ({ ...c, contactAddressDTO: c.contactAddressDTO.map((a, i) => (i === 0 ? { ...a, [key]: v } : a)) });
}

const notNumeric = fc.constantFrom('abc', '12,5a', 'ten', '1.2.3', '--5', 'NaN');

/** CU-4 (MUST, lenient): values invalid under every reading: wrong JSON type or not numeric where a number is stated. */
export const TYPE_MUTATIONS: Mutate[] = [
  withValue('opening', setField('opening'), notNumeric),
  withValue('creditLimit', setField('creditLimit'), notNumeric),
  withValue('contactAddressDTO[0].isDefault', setFirstAddress('isDefault'), fc.constantFrom('yes', 'default', true, null)),
  withValue('contactAddressDTO[0].addressId', setFirstAddress('addressId'), fc.constantFrom('x', 'new', {})),
  withValue('contactAddressDTO', setField('contactAddressDTO'), fc.constantFrom('none', 42, { addressLine1: 'x' })),
  withValue('deletedAddressIds', setField('deletedAddressIds'), fc.constantFrom('1,2', ['a'], 7)),
  withValue('firstName', setField('firstName'), fc.constantFrom(42, null, ['A'], { name: 'A' })),
  withValue('contactId', setField('contactId'), fc.constantFrom('zero', [], true)),
];

/** CU-5 (SHOULD, strict): values outside the stated sets. */
export function setMutations(c: CustomerConstraints): Mutate[] {
  const badGstin = malformedGstin({ stateCode: Object.values(c.cities)[0] ?? '27' });
  return [
    withValue('contactAddressDTO[0].isDefault', setFirstAddress('isDefault'), fc.constantFrom(2, -1, 10)),
    withValue('gstType', setField('gstType'), fc.constantFrom('Composite', 'registered', 'UNREGISTERED', '')),
    withValue('contactAddressDTO[0].gstType', setFirstAddress('gstType'), fc.constantFrom('Composite', 'registered', '')),
    (cu) => badGstin.map((g) => ({ mutation: `gstType Registered with gstin ${JSON.stringify(g)}`, body: { ...cu, gstType: 'Registered', gstin: g } })),
  ];
}

function mutated(c: CustomerConstraints, mutations: Mutate[]): fc.Arbitrary<InvalidCustomer> {
  return fc.tuple(customer(c), fc.integer({ min: 0, max: mutations.length - 1 })).chain(([cu, i]) => mutations[i]!(cu));
}

export function wrongTypeCustomer(c: CustomerConstraints): fc.Arbitrary<InvalidCustomer> {
  return mutated({ ...c, minAddresses: Math.max(1, c.minAddresses ?? 1) }, TYPE_MUTATIONS);
}

export function outOfSetCustomer(c: CustomerConstraints): fc.Arbitrary<InvalidCustomer> {
  return mutated({ ...c, minAddresses: Math.max(1, c.minAddresses ?? 1) }, setMutations(c));
}
