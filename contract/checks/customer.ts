// 2.3, 2.4, 4.2 contactSave (create customer) and its read-back extension.
import { customerCreated as createdSchema, type Address, type Customer } from '../schemas/customer.ts';
import type { Exchange } from '../types.ts';
import { isRecord } from './envelope.ts';
import { defineCheck, describeResponse, show, type Fact } from './finding.ts';

/** 4.2 Success: "HTTP 200 ... response an object with contactId (integer, id of the created contact)". */
export const customerCreated = defineCheck('customer.created', 'CU-1', (ex: Exchange): Fact[] => {
  if (ex.response?.status !== 200) {
    return [{ title: 'A valid customer was not created', received: describeResponse(ex), expected: 'HTTP 200 with response.contactId an integer' }];
  }
  const r = createdSchema.safeParse(ex.json);
  if (r.success) return [];
  const why = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return [{ title: 'Customer created envelope is not as 4.2 states', received: `${show(ex.json)} (${why})`, expected: '{status: true, message, code: "200", response: {contactId: integer}}' }];
});

/** The contactId of a created customer, or undefined. */
export function createdContactId(ex: Exchange): number | bigint | undefined {
  const r = createdSchema.safeParse(ex.json);
  return r.success ? r.data.response.contactId : undefined;
}

const ADDRESS_KEYS = ['addressLine1', 'addressLine2', 'cityCode', 'countriesCode', 'stateCode', 'pinCode', 'gstType', 'gstin', 'firstName', 'lastName', 'companyName', 'panNo', 'contactNo', 'contactEmail'] as const;
const CUSTOMER_KEYS = ['contactType', 'firstName', 'lastName', 'companyName', 'email', 'mobNo', 'telephone', 'whatsappNo', 'gstType', 'gstin', 'panNo', 'remark'] as const;

/** Fields a vendor may store in another case (CU-8's ambiguity). */
const CASELESS = new Set<string>(['email', 'contactEmail', 'gstin', 'panNo']);

/**
 * A value as CU-8 compares it: a vendor may trim what it stores, normalise Unicode (NFC) and
 * change the case of e-mail, GSTIN and PAN; names, codes and lines are otherwise compared as sent.
 */
export function comparable(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.normalize('NFC').trim();
  return CASELESS.has(key) ? text.toLowerCase() : text;
}

function addressKey(a: Partial<Address>): string {
  return JSON.stringify(ADDRESS_KEYS.map((k) => comparable(k, a[k])));
}

/** The saved customer read back: its body payload, or undefined. */
export function readBackPayload(ex: Exchange): Partial<Customer> | undefined {
  return isRecord(ex.json) && isRecord(ex.json.response) ? (ex.json.response as Partial<Customer>) : undefined;
}

/** CU-8: what was saved, read back by id, matches what was sent (names compared exactly; amounts numerically). */
export const readBackMatches = defineCheck('customer.read-back-matches', 'CU-8', (ex: Exchange, sent: Customer): Fact[] => {
  const got = readBackPayload(ex);
  if (ex.response?.status !== 200 || !got) return [{ title: 'The saved customer could not be read back', received: describeResponse(ex), expected: 'HTTP 200 with the customer in response' }];
  const facts: Fact[] = [];
  for (const k of CUSTOMER_KEYS) {
    if (comparable(k, got[k]) !== comparable(k, sent[k])) facts.push({ title: `Saved ${k} differs from what was sent`, received: show(got[k]), expected: show(sent[k]) });
  }
  for (const k of ['opening', 'creditLimit'] as const) {
    if (Number(got[k]) !== Number(sent[k])) facts.push({ title: `Saved ${k} differs from what was sent`, received: show(got[k]), expected: show(sent[k]) });
  }
  const sentAddresses = sent.contactAddressDTO.map(addressKey).sort();
  const gotAddresses = Array.isArray(got.contactAddressDTO) ? got.contactAddressDTO.map(addressKey).sort() : [];
  if (JSON.stringify(sentAddresses) !== JSON.stringify(gotAddresses)) {
    facts.push({ title: 'Saved addresses differ from those sent', received: `${gotAddresses.length} address(es): ${show(got.contactAddressDTO, 400)}`, expected: `${sentAddresses.length} address(es): ${show(sent.contactAddressDTO, 400)}` });
  }
  return facts;
});

/** CU-9: "the one with isDefault 1 is the default address": exactly one survives. */
export const oneDefaultAddress = defineCheck('customer.one-default-address', 'CU-9', (ex: Exchange): Fact[] | null => {
  const got = readBackPayload(ex);
  const list = got && Array.isArray(got.contactAddressDTO) ? got.contactAddressDTO : undefined;
  if (!list || list.length === 0) return null;
  const defaults = list.filter((a) => a.isDefault === 1).length;
  return defaults === 1 ? [] : [{ title: `The saved customer has ${defaults} default addresses`, received: `isDefault values ${show(list.map((a) => a.isDefault))}`, expected: 'exactly one address with isDefault 1' }];
});

/** Address ids of a read-back customer. */
export function readBackAddressIds(ex: Exchange): (number | bigint)[] {
  const got = readBackPayload(ex);
  return Array.isArray(got?.contactAddressDTO)
    ? got.contactAddressDTO.map((a) => a.addressId).filter((n): n is number | bigint => Number.isInteger(n) || typeof n === 'bigint')
    : [];
}
