// 2.3, 2.4, 4.2 contactSave (create customer) and its read-back extension.
import { customerCreated as createdSchema, type Address, type Customer } from '../schemas/customer.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import { isRecord } from './envelope.ts';
import { stringifyJson } from '../../core/json.ts';
import { defineCheck, describeResponse, toFinding, type Fact } from './finding.ts';
import { uniquenessRefusal } from './uniqueness.ts';

/** Short JSON for facts, ids past 2^53 written with every digit (what the target sent). */
export function showExact(value: unknown, max = 200): string {
  const text = value === undefined ? 'undefined' : stringifyJson(value);
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** 4.2 Success: "HTTP 200 ... response an object with contactId (integer, id of the created contact)". */
export const customerCreated = defineCheck('customer.created', 'CU-1', (ex: Exchange): Fact[] | null => {
  // A value the run chose is taken under the vendor's own uniqueness rule: evidence of nothing.
  if (uniquenessRefusal(ex) !== undefined) return null;
  if (ex.response?.status !== 200) {
    return [{ title: 'A valid customer was not created', received: describeResponse(ex), expected: 'HTTP 200 with response.contactId an integer' }];
  }
  const r = createdSchema.safeParse(ex.json);
  if (r.success) return [];
  const why = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
  return [
    {
      title: 'Customer created envelope is not as 4.2 states',
      received: `${showExact(ex.json)} (${why})`,
      expected: '{status: true, message, code: "200", response: {contactId: integer}}',
    },
  ];
});

/** The contactId of a created customer, or undefined. */
export function createdContactId(ex: Exchange): number | bigint | undefined {
  const r = createdSchema.safeParse(ex.json);
  return r.success ? r.data.response.contactId : undefined;
}

/**
 * The contactId of a 200 answer, also when CU-1's shape is not met (a numeric string, status
 * not true): the read-back and upsert tests go on from it, and leave the shape to CU-1.
 */
export function anyContactId(ex: Exchange): number | bigint | undefined {
  if (ex.response?.status !== 200 || !isRecord(ex.json) || !isRecord(ex.json.response)) return undefined;
  const id = ex.json.response.contactId;
  if (typeof id === 'bigint' || (typeof id === 'number' && Number.isSafeInteger(id))) return id;
  if (typeof id === 'string' && /^[0-9]{1,30}$/.test(id)) return Number.isSafeInteger(Number(id)) ? Number(id) : BigInt(id);
  return undefined;
}

/**
 * CU-2: "contactId (integer, id of the created contact)": a creation's contactId `id` was not
 * returned to an earlier creation of the run (`before`: how many earlier creations got it).
 * Findings only: the caller notes what it applied to.
 */
export function contactIdReturnedBefore(ex: Exchange, id: number | bigint, before: number): Finding[] {
  if (before === 0) return [];
  return [
    toFinding(
      'customer.contact-id-distinct',
      'CU-2',
      {
        title: 'A creation returned a contactId returned before',
        received: `contactId ${String(id)} (returned to ${before} earlier creation(s) of this run)`,
        expected: 'a contactId not returned before',
      },
      ex,
    ),
  ];
}

/** CU-3, CU-7: the customer was accepted (HTTP 200); the shape of the answer is CU-1's. */
export const customerAccepted = defineCheck('customer.accepted', 'CU-3', (ex: Exchange): Fact[] | null => {
  if (!ex.response || ex.response.status === 429) return null; // a rate limit says nothing about the customer
  if (uniquenessRefusal(ex) !== undefined) return null; // the vendor's uniqueness rule, not the customer's shape
  return ex.response.status === 200 ? [] : [{ title: 'A valid customer was not accepted', received: describeResponse(ex), expected: 'HTTP 200' }];
});

/** How a text value is shown in a finding: its start, its length in every unit, its unusual code points. */
export function describeText(value: string): string {
  const cps = [...value];
  const shown = cps.length > 60 ? `${JSON.stringify(cps.slice(0, 60).join(''))}...` : JSON.stringify(value);
  const unusual = [...new Set(cps.filter((ch) => ch.codePointAt(0)! > 0x7e || ch.codePointAt(0)! < 0x20))].slice(0, 12);
  const codes = unusual.map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');
  const form = value === value.normalize('NFC') ? 'NFC' : value === value.normalize('NFD') ? 'NFD' : 'neither NFC nor NFD';
  return `${shown} (${cps.length} code points, ${value.length} UTF-16 units, ${Buffer.byteLength(value)} UTF-8 bytes, ${form}${codes ? `; ${codes}` : ''})`;
}

/**
 * ENV-6 on a valid customer with unusual text: the spec names no answer for such text (CU-13
 * records the answers), so a server error is this SHOULD and only this. `what` names the unusual
 * values, so that a failing property shrinks to the field and the value; `first` is an earlier
 * answer to the same body when the server error was confirmed by sending it again.
 */
export const noServerError = defineCheck('customer.text-no-5xx', 'ENV-6', (ex: Exchange, p: { what: string; first?: Exchange }): Fact[] | null => {
  if (!ex.response || ex.response.status === 429) return null; // no answer about the text
  if (ex.response.status < 500) return [];
  const again = p.first ? ` (sent twice, answered HTTP ${p.first.response?.status} then HTTP ${ex.response.status})` : '';
  return [
    {
      title: 'A valid customer with unusual text was answered with a server error',
      received: `${describeResponse(ex)}${again} for ${p.what}`,
      expected: '200, or a 4xx if the target refuses the text (section 7 lists 400, 403 and 429; never a 5xx)',
    },
  ];
});

export const ADDRESS_KEYS = [
  'addressLine1',
  'addressLine2',
  'cityCode',
  'countriesCode',
  'stateCode',
  'pinCode',
  'gstType',
  'gstin',
  'firstName',
  'lastName',
  'companyName',
  'panNo',
  'contactNo',
  'contactEmail',
] as const;
export const CUSTOMER_KEYS = [
  'contactType',
  'firstName',
  'lastName',
  'companyName',
  'email',
  'mobNo',
  'telephone',
  'whatsappNo',
  'gstType',
  'gstin',
  'panNo',
  'remark',
] as const;

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

/** An address's content as CU-8 compares it (its id and isDefault left out). */
export function addressKey(a: Partial<Address>): string {
  return JSON.stringify(ADDRESS_KEYS.map((k) => comparable(k, a[k])));
}

/** The fields of two addresses that differ as CU-8 compares them. */
export function addressDifferences(got: Partial<Address>, sent: Partial<Address>): string[] {
  return ADDRESS_KEYS.filter((k) => comparable(k, got[k]) !== comparable(k, sent[k]));
}

/** The saved customer read back: its body payload, or undefined. */
export function readBackPayload(ex: Exchange): Partial<Customer> | undefined {
  return isRecord(ex.json) && isRecord(ex.json.response) ? (ex.json.response as Partial<Customer>) : undefined;
}

/** CU-8: what was saved, read back by id, matches what was sent (names compared exactly; amounts numerically). */
export const readBackMatches = defineCheck('customer.read-back-matches', 'CU-8', (ex: Exchange, sent: Customer): Fact[] => {
  const got = readBackPayload(ex);
  if (ex.response?.status !== 200 || !got)
    return [{ title: 'The saved customer could not be read back', received: describeResponse(ex), expected: 'HTTP 200 with the customer in response' }];
  const facts: Fact[] = [];
  for (const k of CUSTOMER_KEYS) {
    if (comparable(k, got[k]) !== comparable(k, sent[k]))
      facts.push({ title: `Saved ${k} differs from what was sent`, received: showExact(got[k]), expected: showExact(sent[k]) });
  }
  for (const k of ['opening', 'creditLimit'] as const) {
    if (Number(got[k]) !== Number(sent[k]))
      facts.push({ title: `Saved ${k} differs from what was sent`, received: showExact(got[k]), expected: showExact(sent[k]) });
  }
  const sentAddresses = sent.contactAddressDTO.map(addressKey).sort();
  const gotAddresses = Array.isArray(got.contactAddressDTO) ? got.contactAddressDTO.map(addressKey).sort() : [];
  if (JSON.stringify(sentAddresses) !== JSON.stringify(gotAddresses)) {
    facts.push({
      title: 'Saved addresses differ from those sent',
      received: `${gotAddresses.length} address(es): ${showExact(got.contactAddressDTO, 400)}`,
      expected: `${sentAddresses.length} address(es): ${showExact(sent.contactAddressDTO, 400)}`,
    });
  }
  return facts;
});

/**
 * CU-9: "the one with isDefault 1 is the default address": exactly one survives. Given what was
 * sent, it judges only when the address sent as default was saved (one not saved at all is CU-8's
 * failure, and no default is then its consequence, not another failure).
 */
export const oneDefaultAddress = defineCheck('customer.one-default-address', 'CU-9', (ex: Exchange, sent: Customer | undefined): Fact[] | null => {
  const got = readBackPayload(ex);
  const list = got && Array.isArray(got.contactAddressDTO) ? got.contactAddressDTO : undefined;
  if (!list || list.length === 0) return null;
  const sentDefault = sent?.contactAddressDTO.find((a) => a.isDefault === 1);
  if (sentDefault && !list.some((a) => addressKey(a) === addressKey(sentDefault))) return null;
  const defaults = list.filter((a) => a.isDefault === 1).length;
  return defaults === 1
    ? []
    : [
        {
          title: `The saved customer has ${defaults} default addresses`,
          received: `isDefault values ${showExact(list.map((a) => a.isDefault))}`,
          expected: 'exactly one address with isDefault 1',
        },
      ];
});

/** Address ids of a read-back customer. */
export function readBackAddressIds(ex: Exchange): (number | bigint)[] {
  const got = readBackPayload(ex);
  return Array.isArray(got?.contactAddressDTO)
    ? got.contactAddressDTO.map((a) => a.addressId).filter((n): n is number | bigint => Number.isInteger(n) || typeof n === 'bigint')
    : [];
}
