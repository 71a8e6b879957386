// CU-14: the model of one contact's addresses, and the oracle that compares a read-back with it.
// 4.2: "contactId 0 and addressId 0 denote new records; several addresses can be sent in one
// request, and the one with isDefault 1 is the default address; deletedAddressIds lists
// addresses to drop." Every save sends the contact with ALL its remaining addresses (by their
// addressId) plus the new ones (addressId 0), and lists the dropped ones in deletedAddressIds:
// a vendor that merges the list into what it holds and one that takes the list as the whole set
// must then both hold exactly the model's addresses. Contents compare as CU-8 allows.
import { addressDifferences, addressKey, showExact as show } from '../../contract/checks/customer.ts';
import type { Fact } from '../../contract/checks/finding.ts';
import type { Address, Customer } from '../../contract/schemas/customer.ts';

export type Id = number | bigint;

export interface ModelAddress {
  id: Id;
  /** The content as last sent (its addressId and isDefault are the model's, not these). */
  address: Address;
}

export interface ContactModel {
  contactId?: Id;
  /** The contact's own fields, sent again with every save. */
  customer?: Customer;
  addresses: ModelAddress[];
  defaultId?: Id;
}

/** What one save sends and should leave behind. */
export interface Expected {
  kept: { id: Id; address: Address; updated: boolean }[];
  added: Address[];
  deleted: Id[];
  /** The default address: a kept one by id, or an added one by its index. */
  default: { id: Id } | { added: number };
}

/**
 * A fact with the requirement it is filed under: what the read-back shows is judged by the rule
 * that states it. Ids that no longer identify the addresses (a copy, an id gone) are CU-14's; a
 * dropped address still there is CU-10's; an address sent new and not saved as sent is CU-8's;
 * a wrong number of defaults, or the wrong one, is CU-9's.
 */
export type Attributed = Fact & { requirementId: 'CU-8' | 'CU-9' | 'CU-10' | 'CU-14' };

export interface Comparison {
  facts: Attributed[];
  /** Ids the target gave the added addresses (in the order of `added`). */
  addedIds: (Id | undefined)[];
  /** Requirements this comparison judged (evidence). */
  judged: string[];
}

type Got = Partial<Address> & { addressId?: unknown; isDefault?: unknown };

const sid = (id: unknown) => String(id);
/** A read path may write the flag as 1, "1" or true. */
const isDefault = (v: unknown) => v === 1 || v === '1' || v === true;

/** The 2.3 body of one save: the contact, its kept addresses by id, the new ones with addressId 0. */
export function saveBody(customer: Customer, contactId: Id, exp: Expected): Customer {
  const def = exp.default;
  return {
    ...customer,
    contactId,
    deletedAddressIds: [...exp.deleted],
    contactAddressDTO: [
      ...exp.kept.map((k) => ({ ...k.address, addressId: k.id, isDefault: 'id' in def && sid(def.id) === sid(k.id) ? (1 as const) : (0 as const) })),
      ...exp.added.map((a, i) => ({ ...a, addressId: 0, isDefault: 'added' in def && def.added === i ? (1 as const) : (0 as const) })),
    ],
  };
}

/** What a save refused with 400 must leave: the model as it was. */
export function unchanged(m: ContactModel): Expected {
  return { kept: m.addresses.map((a) => ({ ...a, updated: false })), added: [], deleted: [], default: { id: m.defaultId ?? -1 } };
}

const fact = (requirementId: Attributed['requirementId'], title: string, received: string, expected: string): Attributed => ({
  requirementId,
  title,
  received,
  expected,
});

/** Compares a read-back contact (the answer's `response`) with what the save should have left. */
export function compareSave(exp: Expected, payload: Partial<Customer> | undefined): Comparison {
  const list = payload?.contactAddressDTO as Got[] | undefined;
  if (!Array.isArray(list))
    return {
      facts: [fact('CU-8', 'The read-back holds no address list', show(payload, 300), 'response.contactAddressDTO, an array of 2.4 addresses')],
      addedIds: [],
      judged: [],
    };

  const byId = new Map<string, Got[]>();
  for (const a of list) byId.set(sid(a.addressId), [...(byId.get(sid(a.addressId)) ?? []), a]);
  const keptIds = new Set(exp.kept.map((k) => sid(k.id)));
  const deletedIds = new Set(exp.deleted.map(sid));
  const structural: Attributed[] = [];
  const later: Attributed[] = [];

  for (const [id, same] of byId)
    if (same.length > 1) structural.push(fact('CU-14', `addressId ${id} appears ${same.length} times`, show(same, 300), 'each address once'));
  for (const k of exp.kept) {
    if (!byId.has(sid(k.id)))
      structural.push(
        fact(
          'CU-14',
          `Address ${sid(k.id)} is gone`,
          `addressIds ${show(list.map((a) => a.addressId))}`,
          `address ${sid(k.id)} kept: it was sent with its addressId and not in deletedAddressIds`,
        ),
      );
  }

  // New addresses: matched by content among the ids the model does not know.
  const extras = list.filter((a) => !keptIds.has(sid(a.addressId)) && !deletedIds.has(sid(a.addressId)));
  const used = new Set<Got>();
  const addedIds: (Id | undefined)[] = exp.added.map((a) => {
    const hit = extras.find((e) => !used.has(e) && addressKey(e) === addressKey(a));
    if (!hit) return undefined;
    used.add(hit);
    return hit.addressId as Id;
  });
  const unsaved = exp.added.filter((_, i) => addedIds[i] === undefined);
  for (const e of extras.filter((x) => !used.has(x))) {
    const copyOf = exp.kept.find((k) => addressKey(k.address) === addressKey(e));
    if (copyOf)
      structural.push(
        fact(
          'CU-14',
          `Address ${sid(copyOf.id)}, sent with its addressId, was saved again as a new address (${sid(e.addressId)})`,
          show(e, 300),
          `address ${sid(copyOf.id)} updated in place, no new address`,
        ),
      );
    else if (unsaved.length > 0) {
      const sent = unsaved.shift()!;
      later.push(
        fact(
          'CU-8',
          'An address sent with addressId 0 was saved with other content',
          `${sid(e.addressId)}: ${addressDifferences(e, sent)
            .map((k) => `${k} ${show(e[k as keyof Got])}`)
            .join(', ')}`,
          `as sent: ${show(sent, 300)}`,
        ),
      );
    } else
      structural.push(
        fact(
          'CU-14',
          `An address that was not sent appeared (${sid(e.addressId)})`,
          show(e, 300),
          `only the addresses sent: ${show([...keptIds])} and ${exp.added.length} new`,
        ),
      );
  }
  for (const a of unsaved)
    later.push(
      fact('CU-8', 'An address sent with addressId 0 was not saved', `addressIds ${show(list.map((x) => x.addressId))}`, `a new address ${show(a, 300)}`),
    );

  // Ids that no longer identify the addresses: which is default or dropped cannot be judged.
  if (structural.length > 0) return { facts: structural, addedIds, judged: ['CU-14'] };

  for (const d of exp.deleted)
    if (byId.has(sid(d)))
      later.push(fact('CU-10', `Address ${sid(d)}, listed in deletedAddressIds, is still there`, show(byId.get(sid(d))![0], 300), `address ${sid(d)} dropped`));
  for (const k of exp.kept) {
    const got = byId.get(sid(k.id))![0]!;
    const diff = addressDifferences(got, k.address);
    if (diff.length === 0) continue;
    const what = diff.map((f) => `${f} ${show(got[f as keyof Got])}`).join(', ');
    const want = diff.map((f) => `${f} ${show(k.address[f as keyof Address])}`).join(', ');
    later.push(
      k.updated
        ? fact('CU-14', `Address ${sid(k.id)} was not updated in place`, what, want)
        : fact('CU-14', `Address ${sid(k.id)} changed though it was sent unchanged`, what, want),
    );
  }

  const def = exp.default;
  const wantDefault = 'id' in def ? sid(def.id) : addedIds[def.added] !== undefined ? sid(addedIds[def.added]) : undefined;
  const defaults = list.filter((a) => isDefault(a.isDefault));
  // The default to be was sent new and not saved: CU-8's failure, the defaults then follow from it.
  if (wantDefault === undefined) return { facts: later, addedIds, judged: ['CU-14', ...(exp.added.length ? ['CU-8'] : [])] };
  if (defaults.length !== 1)
    later.push(
      fact(
        'CU-9',
        `The contact has ${defaults.length} default addresses after the save`,
        `isDefault ${show(list.map((a) => `${sid(a.addressId)}: ${String(a.isDefault)}`))}`,
        `exactly one: address ${wantDefault}`,
      ),
    );
  else if (sid(defaults[0]!.addressId) !== wantDefault) {
    later.push(
      fact(
        'CU-9',
        `Address ${sid(defaults[0]!.addressId)} is the default, not the one sent with isDefault 1`,
        `default ${sid(defaults[0]!.addressId)}`,
        `default ${wantDefault}`,
      ),
    );
  }
  const judged = ['CU-14', 'CU-9', ...(exp.deleted.length ? ['CU-10'] : []), ...(exp.added.length ? ['CU-8'] : [])];
  return { facts: later, addedIds, judged };
}

/** The model after an accepted save that matched `exp`. */
export function applySave(m: ContactModel, contactId: Id, customer: Customer, exp: Expected, addedIds: (Id | undefined)[]): ContactModel {
  const addresses = [...exp.kept.map((k) => ({ id: k.id, address: k.address })), ...exp.added.map((a, i) => ({ id: addedIds[i]!, address: a }))];
  const def = exp.default;
  const defaultId = 'id' in def ? def.id : addedIds[def.added]!;
  return { ...m, contactId, customer, addresses, defaultId };
}
