// 2.3, 2.4: what a customer body must satisfy, as the profile reads the spec (CU-11: which fields
// are required; CU-12: how strictly master data is checked), with the customer faults that relax
// or tighten one rule each. Every profile keeps CU-4 (JSON types, numeric amounts) and CU-5
// (isDefault 0 or 1).
import { z } from 'zod';
import { address, customer, type Address, type Customer } from '../contract/schemas/customer.ts';
import { jsonInteger } from '../contract/schemas/envelope.ts';
import { isValidGstin, PAN_SHAPE } from '../contract/gstin.ts';
import type { FaultName } from './faults.ts';
import { COUNTRY_CODE, CITIES } from './constants.ts';
import type { DateFormat, Profile } from './profiles/types.ts';
import { invalid } from './respond.ts';

type Faults = ReadonlySet<FaultName>;

/** CU-11 (minimal profiles): the fields a customer and an address must carry; the others default to "" / [] / 0. */
const MINIMAL_CUSTOMER = { contactType: true, firstName: true, mobNo: true, contactAddressDTO: true } as const;
const MINIMAL_ADDRESS = { addressLine1: true, cityCode: true, stateCode: true, countriesCode: true, pinCode: true, isDefault: true } as const;

/** The customer schema of a profile, relaxed by the faults that switch a type rule off. */
export function customerSchema(profile: Profile, faults: Faults): z.ZodType {
  const c = profile.customer;
  // The variants differ from the contract's schemas in a field's type only (the casts keep one static type).
  type AddressSchema = typeof address;
  type CustomerSchema = ReturnType<typeof customer.extend<{ accountCustomId: typeof jsonInteger }>>;
  // 2.4: "isDefault | integer | 1 marks the default address, 0 otherwise" (CU-5).
  let addr = (faults.has('cu-isdefault-unchecked') ? address.extend({ isDefault: z.number().int() }) : address) as AddressSchema;
  // 2.3: gstType "values seen: UnRegistered, Registered" - not a closed list for a lenient vendor (CU-12).
  if (!c.strict) addr = addr.extend({ gstType: z.string() }) as unknown as AddressSchema;
  const addresses = z.array(c.required === 'minimal' ? addr.partial().required(MINIMAL_ADDRESS) : addr);
  let cust = customer.extend({ accountCustomId: jsonInteger, contactAddressDTO: addresses }) as unknown as CustomerSchema;
  if (!c.strict) cust = cust.extend({ gstType: z.string() }) as unknown as CustomerSchema;
  // 2.3: "opening | decimal amount as text; creditLimit | numeric amount as text" (CU-4).
  if (faults.has('cu-opening-unchecked')) cust = cust.extend({ opening: z.string(), creditLimit: z.string() });
  const shaped = c.required === 'minimal' ? cust.partial().required(MINIMAL_CUSTOMER) : cust;
  return c.unknownFields === 'ignore' ? shaped.strip() : shaped;
}

const ADDRESS_DEFAULTS: Omit<Address, 'addressLine1' | 'cityCode' | 'stateCode' | 'countriesCode' | 'pinCode' | 'isDefault'> = {
  addressId: 0,
  addressLine2: '',
  cityName: '',
  countriesName: '',
  stateName: '',
  gstType: 'UnRegistered',
  gstin: '',
  firstName: '',
  lastName: '',
  companyName: '',
  panNo: '',
  contactNo: '',
  contactEmail: '',
};
const CUSTOMER_DEFAULTS: Omit<Customer, 'contactType' | 'firstName' | 'mobNo' | 'contactAddressDTO'> = {
  accountCustomId: 0,
  contactId: 0,
  lastName: '',
  companyName: '',
  email: '',
  telephone: '',
  whatsappNo: '',
  dateOfBirth: '',
  anniversaryDate: '',
  gstType: 'UnRegistered',
  gstin: '',
  panNo: '',
  opening: '0',
  openingType: 'debitAmount',
  creditLimit: '0',
  remark: '',
  deletedAddressIds: [],
};

/** A parsed body with every field present (a minimal profile fills what was left out). */
export function completeCustomer(parsed: Partial<Customer>): Customer {
  const addresses = (parsed.contactAddressDTO ?? []).map((a) => ({ ...ADDRESS_DEFAULTS, ...a }) as Address);
  return { ...CUSTOMER_DEFAULTS, ...parsed, contactAddressDTO: addresses } as Customer;
}

/** Whether an address counts as the default one. */
export function isDefaultAddress(faults: Faults, isDefault: number): boolean {
  // 2.4: "1 marks the default address, 0 otherwise"; with isDefault unchecked any non-zero value marks it.
  return faults.has('cu-isdefault-unchecked') ? isDefault !== 0 : isDefault === 1;
}

const DATE_SHAPES: Record<DateFormat, { re: RegExp; order: [number, number, number] }> = {
  'YYYY-MM-DD': { re: /^(\d{4})-(\d{2})-(\d{2})$/, order: [1, 2, 3] },
  'DD-MM-YYYY': { re: /^(\d{2})-(\d{2})-(\d{4})$/, order: [3, 2, 1] },
  'DD/MM/YYYY': { re: /^(\d{2})\/(\d{2})\/(\d{4})$/, order: [3, 2, 1] },
};

/** "" or a real calendar day written in one of `formats`. */
function isDayOrEmpty(v: string, formats: DateFormat[]): boolean {
  if (v === '') return true;
  return formats.some((f) => {
    const m = DATE_SHAPES[f].re.exec(v);
    if (!m) return false;
    const [y, mo, d] = DATE_SHAPES[f].order.map((i) => Number(m[i]));
    const t = new Date(Date.UTC(y!, mo! - 1, d!));
    return t.getUTCFullYear() === y && t.getUTCMonth() === mo! - 1 && t.getUTCDate() === d;
  });
}

/** CU-12, strict vendors: the GSTIN goes with gstType, shape and check character included. */
function checkGst(where: string, gstType: string, gstin: string): void {
  if (gstType === 'UnRegistered') {
    // 2.3: "gstin | string | empty string when unregistered".
    if (gstin !== '') invalid(`${where}gstin must be empty when gstType is UnRegistered`);
    return;
  }
  if (!isValidGstin(gstin)) invalid(`${where}gstin is not a valid GSTIN`);
}

function checkPan(where: string, panNo: string): void {
  if (panNo !== '' && !PAN_SHAPE.test(panNo)) invalid(`${where}panNo must be empty or a PAN (AAAAA9999A)`);
}

export function checkCustomerRules(profile: Profile, faults: Faults, c: Customer): void {
  const p = profile.customer;
  // 2.3: "lastName | may be empty string" (CU-7).
  if (faults.has('cu-empty-lastname') && c.lastName === '') invalid('lastName must not be empty');
  // 2.3: "contactType | a type label of the customer" - from the vendor's own list, when it keeps one.
  if (p.enforceContactTypes && !p.contactTypes.includes(c.contactType)) invalid(`contactType must be one of ${p.contactTypes.join(', ')}`);
  // 2.3: "openingType | value seen: debitAmount".
  if (p.openingTypes && !p.openingTypes.includes(c.openingType)) invalid(`openingType must be one of ${p.openingTypes.join(', ')}`);
  if (p.strict) {
    checkGst('', c.gstType, c.gstin);
    checkPan('', c.panNo);
  }
  // 2.3: "dateOfBirth | string | empty string when absent" (the profile's date format).
  const formats = p.anyDateFormat ? (Object.keys(DATE_SHAPES) as DateFormat[]) : [p.dateFormat];
  if (!isDayOrEmpty(c.dateOfBirth, formats)) invalid(`dateOfBirth must be empty or a date ${formats.join(' or ')}`);
  if (!isDayOrEmpty(c.anniversaryDate, formats)) invalid(`anniversaryDate must be empty or a date ${formats.join(' or ')}`);
  // 4.2: "several addresses can be sent in one request" (CU-3).
  if (faults.has('cu-single-address') && c.contactAddressDTO.length > 1) invalid('contactAddressDTO must hold one address');
  c.contactAddressDTO.forEach((a, i) => {
    const where = `contactAddressDTO[${i}].`;
    // 2.4: "cityCode | code of a city from the city list"; "stateCode | code of a state from the state list".
    const city = CITIES[a.cityCode];
    if (!city) invalid(`${where}cityCode ${JSON.stringify(a.cityCode.slice(0, 20))} is not a known city`);
    if (a.stateCode !== city.stateCode) invalid(`${where}stateCode must be ${city.stateCode}, the state of city ${a.cityCode}`);
    if (a.countriesCode !== COUNTRY_CODE) invalid(`${where}countriesCode must be ${COUNTRY_CODE}`);
    if (p.strict) {
      checkGst(where, a.gstType, a.gstin);
      checkPan(where, a.panNo);
    }
    // An Indian PIN code: six digits, the first not 0.
    if (p.checkPin && !/^[1-9][0-9]{5}$/.test(a.pinCode)) invalid(`${where}pinCode must be a 6-digit PIN code`);
  });
  // 4.2: "the one with isDefault 1 is the default address": one at most per request (the saved
  // addresses keep exactly one: checked once they are merged, routes/customer-create.ts).
  const defaults = c.contactAddressDTO.filter((a) => isDefaultAddress(faults, a.isDefault)).length;
  if (defaults > 1 && !faults.has('cu-two-defaults-kept')) invalid(`contactAddressDTO must hold at most one address with isDefault 1, got ${defaults}`);
}
