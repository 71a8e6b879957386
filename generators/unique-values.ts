// Values a target may keep unique (2.3 mobNo, whatsappNo, email, gstin, panNo; the GSTIN and PAN of
// 2.4 addresses), rewritten from the drawn one, the run nonce and a salt naming where it is used:
// the same seed and nonce give the same values, another nonce (every new run) other values, two
// tests never share one, and the value keeps its shape. A value that does not have the shape (a
// hostile or empty text) is left as it is.
import { createHash } from 'node:crypto';
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { gstinCheckChar } from '../contract/gstin.ts';

export interface UniqueKey {
  /** The run nonce (SuiteContext.nonce). */
  nonce: string;
  /** Where the values are used: the test and which of its generators. */
  salt: string;
}

const MOBILE = /^[6-9][0-9]{9}$/;
const PAN = /^[A-Z]{3}[A-Z][A-Z][0-9]{4}[A-Z]$/;
const GSTIN = /^([0-9]{2})([A-Z]{5}[0-9]{4}[A-Z])([0-9A-Z])Z[0-9A-Z]$/;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A stream of digest bytes for one value. */
function bytes(key: UniqueKey, kind: string, value: string): Buffer {
  return createHash('sha256').update(`${key.nonce}\u0000${key.salt}\u0000${kind}\u0000${value}`).digest();
}

export function uniqueMobile(key: UniqueKey, value: string): string {
  if (!MOBILE.test(value)) return value;
  const b = bytes(key, 'mobile', value);
  return value[0] + String(b.readBigUInt64BE(0) % 1_000_000_000n).padStart(9, '0');
}

export function uniqueEmail(key: UniqueKey, value: string): string {
  const at = value.lastIndexOf('@');
  if (at <= 0 || at === value.length - 1) return value;
  const tag = (bytes(key, 'email', value).readUInt32BE(0) % 36 ** 6).toString(36).padStart(6, '0');
  // RFC 5321 4.5.3.1.1: a local part of at most 64 octets.
  return `${value.slice(0, Math.min(at, 56))}.${tag}${value.slice(at)}`;
}

export function uniquePan(key: UniqueKey, value: string): string {
  if (!PAN.test(value)) return value;
  const b = bytes(key, 'pan', value);
  const letter = (i: number) => LETTERS[b[i]! % 26]!;
  const digits = String(b.readUInt32BE(8) % 10_000).padStart(4, '0');
  // The 4th character is the holder type (P, C, H, F ...): kept.
  return `${letter(0)}${letter(1)}${letter(2)}${value[3]}${letter(3)}${digits}${letter(4)}`;
}

export function uniqueGstin(key: UniqueKey, value: string): string {
  const m = GSTIN.exec(value);
  if (!m) return value;
  const first14 = `${m[1]}${uniquePan(key, m[2]!)}${m[3]}Z`;
  return first14 + gstinCheckChar(first14);
}

function uniqueAddress(key: UniqueKey, a: Address): Address {
  return { ...a, gstin: uniqueGstin(key, a.gstin), panNo: uniquePan(key, a.panNo) };
}

/** The customer with its unique-kept values rewritten (the same drawn value gives the same new one). */
export function uniqueCustomer(key: UniqueKey, c: Customer): Customer {
  return {
    ...c,
    mobNo: uniqueMobile(key, c.mobNo),
    whatsappNo: uniqueMobile(key, c.whatsappNo),
    email: uniqueEmail(key, c.email),
    gstin: uniqueGstin(key, c.gstin),
    panNo: uniquePan(key, c.panNo),
    contactAddressDTO: c.contactAddressDTO.map((a) => uniqueAddress(key, a)),
  };
}
