// CU-17: a save of one contact never changes another (the relation "B's save leaves A as it was").
// 4.2: "contactId 0 and addressId 0 denote new records ... deletedAddressIds lists addresses to
// drop": the addresses a save updates or drops are the saved contact's own. A vendor that looks an
// addressId up among every contact's addresses lets the save of B edit or drop an address of A.
// Contact A is read back before and after B's saves; the two reads must hold the same contact.
import type { Address, Customer } from '../schemas/customer.ts';
import type { Exchange } from '../../core/types.ts';
import { ADDRESS_KEYS, comparable, CUSTOMER_KEYS, readBackPayload, showExact } from './customer.ts';
import { defineCheck, type Fact } from './finding.ts';

type Got = Partial<Address> & { addressId?: unknown; isDefault?: unknown };

const sid = (id: unknown) => String(id);
/** A read path may write the flag as 1, "1" or true. */
const flag = (v: unknown) => v === 1 || v === '1' || v === true;

function addresses(c: Partial<Customer> | undefined): Map<string, Got> | undefined {
  const list = c?.contactAddressDTO as Got[] | undefined;
  return Array.isArray(list) ? new Map(list.map((a) => [sid(a.addressId), a])) : undefined;
}

/** What differs between two reads of the same contact: fields, addresses by id, the default. */
export function contactChanges(before: Partial<Customer>, after: Partial<Customer>): Fact[] {
  const facts: Fact[] = [];
  for (const k of CUSTOMER_KEYS)
    if (comparable(k, after[k]) !== comparable(k, before[k]))
      facts.push({ title: `Its ${k} changed`, received: showExact(after[k]), expected: showExact(before[k]) });
  const [was, now] = [addresses(before), addresses(after)];
  if (!was || !now) return facts;
  for (const [id, a] of was) {
    const b = now.get(id);
    if (!b) {
      facts.push({
        title: `Its address ${id} is gone`,
        received: `addressIds ${showExact([...now.keys()])}`,
        expected: `address ${id} as it was: ${showExact(a, 300)}`,
      });
      continue;
    }
    const diff = ADDRESS_KEYS.filter((k) => comparable(k, b[k]) !== comparable(k, a[k]));
    if (flag(b.isDefault) !== flag(a.isDefault)) diff.push('isDefault' as never);
    if (diff.length > 0)
      facts.push({
        title: `Its address ${id} changed`,
        received: diff.map((k) => `${k} ${showExact(b[k as keyof Got])}`).join(', '),
        expected: diff.map((k) => `${k} ${showExact(a[k as keyof Got])}`).join(', '),
      });
  }
  for (const [id, b] of now)
    if (!was.has(id)) facts.push({ title: `An address ${id} appeared in it`, received: showExact(b, 300), expected: 'no new address' });
  return facts;
}

/**
 * CU-17 over the second read of contact A (`ex`), given the first (`before`) and what was done in
 * between (`between`, for the title). A read that failed is CU-8's: not judged.
 */
export const otherContactUnchanged = defineCheck(
  'customer.other-contact-unchanged',
  'CU-17',
  (ex: Exchange, p: { before: Partial<Customer>; contactId: string; between: string }): Fact[] | null => {
    const after = ex.response?.status === 200 ? readBackPayload(ex) : undefined;
    if (!after) return null;
    return contactChanges(p.before, after).map((f) => ({ ...f, title: `Contact ${p.contactId} changed after ${p.between}: ${f.title}` }));
  },
);
