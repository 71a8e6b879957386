// What the profile tests share: a client for one reference server of a profile (its paths, its
// vouchers' ids, answers parsed exactly - ids past 2^53 as bigint), valid bodies in the profile's
// formats, and the assertion that an error answer has the profile's shape.
import { isSafeNumber, parse as parseLossless } from 'lossless-json';
import { expect } from 'vitest';
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import { profileOf, type Profile } from '../../reference/profiles/index.ts';
import { startReference, type ReferenceOptions, type ReferenceServer } from '../../reference/server.ts';
import { voucherId } from '../../reference/store.ts';
import { call, paths, reportBody, validAddress, validCustomer, type Answer, type CallOptions } from './helpers.ts';

export const exactNumber = (d: string): number | bigint => (/^-?\d+$/.test(d) && !isSafeNumber(d) ? BigInt(d) : Number(d));

export interface ProfileClient {
  server: ReferenceServer;
  profile: Profile;
  /** A call whose JSON answer is parsed exactly. */
  call(method: string, path: string, opts?: CallOptions): Promise<Answer>;
  /** The external id (digits) of fixture voucher number n. */
  voucher(n: number): string;
  orderStatus(n: number | string, body: unknown, branch?: number | string | null, opts?: CallOptions): Promise<Answer>;
  readOrder(n: number | string, branch?: number): Promise<Answer>;
  save(body: unknown, branch?: number | string | null, opts?: CallOptions): Promise<Answer>;
  readContact(contactId: number | bigint | string, branch?: number): Promise<Answer>;
  report(patch?: Record<string, unknown>, opts?: CallOptions): Promise<Answer>;
  customer(overrides?: Partial<Customer>): Customer;
  address(overrides?: Partial<Address>): Address;
  close(): Promise<void>;
}

/** A date of birth (17 May 1990) in a profile's format. */
export function dateIn(profile: Profile): string {
  return { 'YYYY-MM-DD': '1990-05-17', 'DD-MM-YYYY': '17-05-1990', 'DD/MM/YYYY': '17/05/1990' }[profile.customer.dateFormat];
}

/** Fills a read path template of the run config. */
export function fill(template: string, values: Record<string, string | number | bigint>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(values[k])));
}

export async function profileClient(name: string, opts: ReferenceOptions = {}): Promise<ProfileClient> {
  const profile = profileOf(name);
  // A profile's quotas per operation (vasy: ~5 reports a second) are off here: these tests ask
  // what each profile answers, not how often (test/reference/quotas.test.ts holds the quotas).
  const server = await startReference({ port: 0, profile: name, quotas: null, ...opts });
  const exactCall = async (method: string, path: string, o: CallOptions = {}) => {
    const a = await call(server.url, method, path, o);
    if (a.json !== undefined) a.json = parseLossless(a.text, null, exactNumber);
    return a;
  };
  const key = (n: number | string) => (typeof n === 'number' ? String(voucherId(profile, n)) : n);
  // Each customer its own mobile number: a profile may keep them unique per branch.
  let customers = 0;
  const mobile = () => `98${String(20_000_000 + customers++).padStart(8, '0')}`;
  return {
    server,
    profile,
    call: exactCall,
    voucher: (n) => String(voucherId(profile, n)),
    orderStatus: (n, body, branch = 1, o = {}) => exactCall('POST', paths.orderStatus(key(n), branch), { body, ...o }),
    readOrder: (n, branch = 1) => exactCall('GET', fill(profile.readBack.orderStatus.path, { salesId: key(n), branchId: branch })),
    save: (body, branch = 1, o = {}) => exactCall('POST', paths.customer(branch), { body: typeof body === 'string' ? body : stringifyExact(body), ...o }),
    readContact: (contactId, branch = 1) => exactCall('GET', fill(profile.readBack.contact, { contactId, branchId: branch })),
    report: (patch = {}, o = {}) => exactCall('POST', paths.report, { body: reportBody(patch), ...o }),
    customer: (overrides = {}) =>
      validCustomer({ contactType: profile.customer.contactTypes[0]!, dateOfBirth: dateIn(profile), mobNo: mobile(), ...overrides }),
    address: (overrides = {}) => validAddress(overrides),
    close: () => server.close(),
  };
}

/** JSON with bigints written as their digits. */
export function stringifyExact(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `@@${v}@@` : v)).replace(/"@@(\d+)@@"/g, '$1');
}

/** An error answer has the shape the profile chose for errors (ENV-8), and the given status. */
export function expectErrorShape(profile: Profile, a: Answer, status: number): void {
  expect(a.status, a.text.slice(0, 200)).toBe(status);
  const type = a.headers['content-type'] ?? '';
  const refusal = (status === 403 || status === 429) && profile.http.refusalErrors;
  switch (refusal || profile.http.errors) {
    case 'envelope':
      // ENV-4: an envelope error says status false and its own status as code; ENV-5: a JSON media type.
      expect(type).toMatch(/^application\/json/);
      expect(a.json).toMatchObject({ status: false, code: String(status), response: null, message: expect.any(String) });
      break;
    case 'problem':
      expect(type).toBe('application/problem+json');
      expect(a.json).toEqual({ type: 'about:blank', title: expect.any(String), status, detail: expect.any(String) });
      break;
    case 'text':
      expect(type).toMatch(/^text\/plain/);
      expect(a.json).toBeUndefined();
      expect(a.text.length).toBeGreaterThan(0);
      break;
    case 'vendor':
      expect(type).toMatch(/^application\/json/);
      expect(a.json).toEqual({ error: { code: expect.stringMatching(/^[A-Z_]+$/), message: expect.any(String) } });
      break;
  }
}

/** The text of an error answer, whatever its shape (to check that it names the field). */
export function errorText(a: Answer): string {
  return a.json?.message ?? a.json?.detail ?? a.json?.error?.message ?? a.text;
}
