// 2.3, 2.4: what a customer body must satisfy beyond its JSON types (the contract's `customer`
// schema), with the customer faults that relax or tighten one rule each.
import { z } from 'zod';
import { address, customer, type Customer } from '../contract/schemas/customer.ts';
import { isValidGstin, PAN_SHAPE } from '../contract/gstin.ts';
import type { FaultName } from './faults.ts';
import { COUNTRY_CODE, CITIES } from './fixtures.ts';
import { invalid } from './respond.ts';

type Faults = ReadonlySet<FaultName>;

/** The contract's customer schema, relaxed by the faults that switch a type rule off. */
export function customerSchema(faults: Faults) {
  // 2.4: "isDefault | integer | 1 marks the default address, 0 otherwise" (CU-5).
  const addr = faults.has('cu-isdefault-unchecked') ? address.extend({ isDefault: z.number().int() }) : address;
  const withAddresses = customer.extend({ contactAddressDTO: z.array(addr) });
  // 2.3: "opening | decimal amount as text; creditLimit | numeric amount as text" (CU-4).
  return faults.has('cu-opening-unchecked') ? withAddresses.extend({ opening: z.string(), creditLimit: z.string() }) : withAddresses;
}

/** Whether an address counts as the default one. */
export function isDefaultAddress(faults: Faults, isDefault: number): boolean {
  // 2.4: "1 marks the default address, 0 otherwise"; with isDefault unchecked any non-zero value marks it.
  return faults.has('cu-isdefault-unchecked') ? isDefault !== 0 : isDefault === 1;
}

/** "" or a real calendar day written YYYY-MM-DD. */
function isDayOrEmpty(v: string): boolean {
  if (v === '') return true;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

function checkGst(faults: Faults, where: string, gstType: string, gstin: string): void {
  if (gstType === 'UnRegistered') {
    // 2.3: "gstin | string | empty string when unregistered".
    if (gstin !== '') invalid(`${where}gstin must be empty when gstType is UnRegistered`);
    return;
  }
  // 2.3: gstType Registered carries a GSTIN (CU-5: a malformed one is refused).
  if (faults.has('cu-gstin-unchecked')) return;
  if (!isValidGstin(gstin)) invalid(`${where}gstin is not a valid GSTIN`);
}

function checkPan(where: string, panNo: string): void {
  if (panNo !== '' && !PAN_SHAPE.test(panNo)) invalid(`${where}panNo must be empty or a PAN (AAAAA9999A)`);
}

export function checkCustomerRules(faults: Faults, c: Customer): void {
  // 2.3: "lastName | may be empty string" (CU-7).
  if (faults.has('cu-empty-lastname') && c.lastName === '') invalid('lastName must not be empty');
  checkGst(faults, '', c.gstType, c.gstin);
  checkPan('', c.panNo);
  // 2.3: "dateOfBirth | string | empty string when absent" (the reference takes YYYY-MM-DD).
  if (!isDayOrEmpty(c.dateOfBirth)) invalid('dateOfBirth must be empty or a date YYYY-MM-DD');
  if (!isDayOrEmpty(c.anniversaryDate)) invalid('anniversaryDate must be empty or a date YYYY-MM-DD');
  // 4.2: "several addresses can be sent in one request" (CU-3).
  if (faults.has('cu-single-address') && c.contactAddressDTO.length > 1) invalid('contactAddressDTO must hold one address');
  c.contactAddressDTO.forEach((a, i) => {
    const where = `contactAddressDTO[${i}].`;
    // 2.4: "cityCode | code of a city from the city list"; "stateCode | code of a state from the state list".
    const city = CITIES[a.cityCode];
    if (!city) invalid(`${where}cityCode ${JSON.stringify(a.cityCode.slice(0, 20))} is not a known city`);
    if (a.stateCode !== city.stateCode) invalid(`${where}stateCode must be ${city.stateCode}, the state of city ${a.cityCode}`);
    if (a.countriesCode !== COUNTRY_CODE) invalid(`${where}countriesCode must be ${COUNTRY_CODE}`);
    checkGst(faults, where, a.gstType, a.gstin);
    checkPan(where, a.panNo);
  });
  // 4.2: "the one with isDefault 1 is the default address": exactly one when addresses are sent.
  const defaults = c.contactAddressDTO.filter((a) => isDefaultAddress(faults, a.isDefault)).length;
  if (c.contactAddressDTO.length > 0 && defaults !== 1)
    invalid(`contactAddressDTO must hold exactly one address with isDefault 1, got ${defaults}`);
}
