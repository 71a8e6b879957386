// CU-4 / CU-5: a valid customer with one value made invalid. Each mutation names the field it
// breaks, so a finding can say which. (gstType outside the values seen and GSTIN shapes are not
// invalid under the spec: generators/strictness-probes.ts sends them for CU-12's observations.)
import fc from 'fast-check';
import type { Customer } from '../contract/schemas/customer.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { drawnExamples } from './examples.ts';

export interface InvalidCustomer {
  /** What was broken, e.g. "opening = \"12,5a\"". */
  mutation: string;
  body: unknown;
}

type Mutate = (c: Customer) => fc.Arbitrary<InvalidCustomer>;

const withValue =
  (field: string, set: (c: Customer, v: unknown) => unknown, values: fc.Arbitrary<unknown>): Mutate =>
  (c) =>
    values.map((v) => ({ mutation: `${field} = ${JSON.stringify(v)}`, body: set(structuredClone(c), v) }));

function setField(key: keyof Customer) {
  return (c: Customer, v: unknown) => ({ ...c, [key]: v });
}
function setFirstAddress(key: string) {
  return (c: Customer, v: unknown) => ({ ...c, contactAddressDTO: c.contactAddressDTO.map((a, i) => (i === 0 ? { ...a, [key]: v } : a)) });
}

const notNumeric = fc.constantFrom('abc', '12,5a', 'ten', '1.2.3', '--5', 'NaN');

/** CU-4 (MUST, lenient): values invalid under every reading, that no common parser coerces into the
 *  stated type: text that is no number where a number or amount is stated, an object or text where
 *  an array is stated, an array or object where text is stated. */
export const TYPE_MUTATIONS: Mutate[] = [
  withValue('opening', setField('opening'), notNumeric),
  withValue('creditLimit', setField('creditLimit'), notNumeric),
  withValue('contactAddressDTO[0].isDefault', setFirstAddress('isDefault'), fc.constantFrom('yes', 'default')),
  withValue('contactAddressDTO[0].addressId', setFirstAddress('addressId'), fc.constantFrom('x', 'new', {})),
  withValue('contactAddressDTO', setField('contactAddressDTO'), fc.constantFrom('none', 42, { addressLine1: 'x' })),
  withValue('deletedAddressIds', setField('deletedAddressIds'), fc.constantFrom('1,2', ['a'], 7)),
  withValue('firstName', setField('firstName'), fc.constantFrom(['A'], { name: 'A' })),
  withValue('contactId', setField('contactId'), fc.constantFrom('zero', [])),
];

/** CU-4b (SHOULD, strict): values of another JSON type that common parsers coerce by default
 *  (Jackson: a number to text, null to 0 for an int, true to 1; Newtonsoft: a number to text). */
export const COERCIBLE_MUTATIONS: Mutate[] = [
  withValue('contactAddressDTO[0].isDefault', setFirstAddress('isDefault'), fc.constantFrom(true, null)),
  withValue('firstName', setField('firstName'), fc.constantFrom(42, null)),
  withValue('contactId', setField('contactId'), fc.constant(true)),
];

/** CU-5 (SHOULD, strict): 2.4 "isDefault | integer | 1 marks the default address, 0 otherwise": another integer. */
export function setMutations(_c?: CustomerConstraints): Mutate[] {
  return [withValue('contactAddressDTO[0].isDefault', setFirstAddress('isDefault'), fc.constantFrom(2, -1, 10, 255, 2147483648))];
}

function mutated(c: CustomerConstraints, mutations: Mutate[]): fc.Arbitrary<InvalidCustomer> {
  return fc.tuple(customer(c), fc.integer({ min: 0, max: mutations.length - 1 })).chain(([cu, i]) => mutations[i]!(cu));
}

export function wrongTypeCustomer(c: CustomerConstraints): fc.Arbitrary<InvalidCustomer> {
  return mutated({ ...c, minAddresses: Math.max(1, c.minAddresses ?? 1) }, TYPE_MUTATIONS);
}

/** CU-4b: a customer with one value a lenient parser would coerce. */
export function coercibleCustomer(c: CustomerConstraints): fc.Arbitrary<InvalidCustomer> {
  return mutated({ ...c, minAddresses: 1, maxAddresses: 1 }, COERCIBLE_MUTATIONS);
}

/** One address only: its isDefault is then the only flag, whatever a lenient target makes of it. */
export function outOfSetCustomer(c: CustomerConstraints): fc.Arbitrary<InvalidCustomer> {
  return mutated({ ...c, minAddresses: 1, maxAddresses: 1 }, setMutations(c));
}

/** Each mutation once (its first class example), on a customer of its own: the same in every run, whatever the seed. */
function examplesOf(c: CustomerConstraints, mutations: Mutate[]): InvalidCustomer[] {
  const bases = drawnExamples(customer(c), mutations.length);
  return mutations.map((m, i) => drawnExamples(m(bases[i]!), 1, i)[0]!);
}

/** The examples of wrongTypeCustomer: every kind of wrong type once. */
export const wrongTypeExamples = (c: CustomerConstraints) => examplesOf({ ...c, minAddresses: Math.max(1, c.minAddresses ?? 1) }, TYPE_MUTATIONS);

/** The examples of coercibleCustomer: every coercion once. */
export const coercibleExamples = (c: CustomerConstraints) => examplesOf({ ...c, minAddresses: 1, maxAddresses: 1 }, COERCIBLE_MUTATIONS);

/** The examples of outOfSetCustomer: isDefault 2 and 2^31 (past a 32-bit integer). */
export function outOfSetExamples(c: CustomerConstraints): InvalidCustomer[] {
  const bases = drawnExamples(customer({ ...c, minAddresses: 1, maxAddresses: 1 }), 2);
  return [2, 2147483648].map((v, i) => ({
    mutation: `contactAddressDTO[0].isDefault = ${v}`,
    body: setFirstAddress('isDefault')(structuredClone(bases[i]!), v),
  }));
}
