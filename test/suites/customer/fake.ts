// A fake contactSave and Get Contact By Id in memory, answering Exchanges as the client records
// them, with switches for the defects the customer oracles must catch (the reference's fault
// switches of the same names, and a few more). For the oracles' unit tests only.
import { parseExact, stringifyJson } from '../../../core/json.ts';
import type { Address, Customer } from '../../../contract/schemas/customer.ts';
import type { Exchange } from '../../../core/types.ts';

export interface FakeFaults {
  /** cu-500-non-latin: a non-Latin-1 letter in a name, company or address answers 500. */
  nonLatin500?: boolean;
  /** cu-500-long-text: addressLine1 or remark over 255 characters answers 500. */
  long500?: boolean;
  /** A server error on the first send of each body, whatever it holds. */
  flaky500?: boolean;
  /** cu-upsert-duplicates: an address sent again with its addressId is added as new. */
  duplicates?: boolean;
  ignoreDeleted?: boolean;
  /** Every address saved with isDefault 0. */
  defaultLost?: boolean;
  /** Addresses sent with addressId 0 are not saved when the contact exists. */
  dropNew?: boolean;
  /** Every save gives every address a new id. */
  renumber?: boolean;
  /** Saves of an existing contact answer 400 and change nothing. */
  refuseUpdates?: boolean;
  /** Saves of an existing contact answer 400 but are applied. */
  refuseButApply?: boolean;
  /** Every creation answers the same contactId. */
  sameId?: boolean;
  /** Contact and address ids past 2^53 (bigints, written with every digit). */
  bigIds?: boolean;
}

let seq = 0;

function exchange(method: string, path: string, body: string | undefined, status: number, value: unknown): Exchange {
  // As the client records it: the raw text, and the JSON parsed without losing digits.
  const text = stringifyJson(value);
  const json = parseExact(text);
  return {
    seq: ++seq,
    operation: method === 'GET' ? 'contact-read' : 'customer-create',
    tokenKind: 'valid',
    request: { method, url: `http://127.0.0.1:1${path}`, headers: { 'content-type': 'application/json' }, ...(body !== undefined ? { body } : {}) },
    response: { status, headers: { 'content-type': 'application/json' }, body: text, bytes: text.length, truncated: false },
    json,
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
  };
}

const envelope = (status: number, message: string, response: unknown) => ({ status: status === 200, message, code: String(status), response });
const nonLatinLetter = (t: string) => [...t].some((ch) => ch.codePointAt(0)! > 0xff && /\p{L}/u.test(ch));

export function fakeTarget(faults: FakeFaults = {}) {
  const contacts = new Map<string, { customer: Customer; addresses: Address[] }>();
  const base = faults.bigIds ? 2n ** 60n : 0n;
  let nextContact = 5001;
  let nextAddress = 1;
  const id = (n: number): number | bigint => (faults.bigIds ? base + BigInt(n) : n);
  let calls = 0;
  const flaked = new Set<string>();

  const answer = (body: string, status: number, message: string, response: unknown = null) =>
    exchange('POST', '/api/v1/customer/create?branch_id=1', body, status, envelope(status, message, response));

  async function send(c: Customer): Promise<Exchange> {
    const body = stringifyJson(c);
    calls++;
    if (faults.flaky500 && !flaked.has(body)) return (flaked.add(body), answer(body, 502, 'Bad gateway'));
    const texts = [
      c.firstName,
      c.lastName,
      c.companyName,
      ...c.contactAddressDTO.flatMap((a) => [a.addressLine1, a.addressLine2, a.firstName, a.lastName, a.companyName]),
    ];
    if (faults.nonLatin500 && texts.some(nonLatinLetter)) return answer(body, 500, 'Incorrect string value');
    if (faults.long500 && [c.remark, ...c.contactAddressDTO.map((a) => a.addressLine1)].some((t) => t.length > 255)) return answer(body, 500, 'Data too long');
    const existing = c.contactId === 0 ? undefined : contacts.get(String(c.contactId));
    if (c.contactId !== 0 && !existing) return answer(body, 400, 'no such contact');
    if (c.contactAddressDTO.filter((a) => a.isDefault === 1).length !== 1) return answer(body, 400, 'exactly one default address');
    if (existing && faults.refuseUpdates) return answer(body, 400, 'updates are not supported');
    let addresses = existing ? existing.addresses.map((a) => ({ ...a })) : [];
    if (!faults.ignoreDeleted) addresses = addresses.filter((a) => !c.deletedAddressIds.some((d) => String(d) === String(a.addressId)));
    for (const a of c.contactAddressDTO) {
      const at = addresses.findIndex((s) => String(s.addressId) === String(a.addressId));
      if (a.addressId !== 0 && at < 0) return answer(body, 400, `addressId ${a.addressId} is not an address of this contact`);
      if (a.addressId !== 0 && !faults.duplicates) addresses[at] = { ...a };
      else if (a.addressId === 0 && existing && faults.dropNew) continue;
      else addresses.push({ ...a, addressId: id(nextAddress++) });
      if (a.isDefault === 1) {
        const saved = a.addressId !== 0 && !faults.duplicates ? addresses[at]! : addresses[addresses.length - 1]!;
        for (const s of addresses) if (s !== saved) s.isDefault = 0;
      }
    }
    if (faults.defaultLost) for (const a of addresses) a.isDefault = 0;
    if (faults.renumber) for (const a of addresses) a.addressId = id(nextAddress++);
    const contactId = existing ? c.contactId : id(faults.sameId ? 5001 : nextContact++);
    contacts.set(String(contactId), { customer: c, addresses });
    if (existing && faults.refuseButApply) return answer(body, 400, 'refused');
    return answer(body, 200, 'Customer created successfully', { contactId });
  }

  async function read(contactId: number | bigint): Promise<Exchange> {
    const saved = contacts.get(String(contactId));
    const path = `/api/v1/contact/${String(contactId)}?branch_id=1`;
    if (!saved) return exchange('GET', path, undefined, 400, envelope(400, 'no such contact', null));
    return exchange(
      'GET',
      path,
      undefined,
      200,
      envelope(200, 'Contact details', { ...saved.customer, contactId, deletedAddressIds: [], contactAddressDTO: saved.addresses.map((a) => ({ ...a })) }),
    );
  }

  return { send, read, contacts, requests: () => calls };
}
