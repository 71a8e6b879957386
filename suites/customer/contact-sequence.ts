// A customer finding found by reading back (or saving again) a customer the test created carries
// the whole sequence: the contactSave that created it, whose answer's contactId the first curl line
// keeps in $CONTACT_ID, then the test's later requests on it, to the one that found the defect. A
// read-back's address ids that a later step sends (an update, deletedAddressIds) are kept too
// ($ADDRESS_ID_1 ...). Pasted in order against another copy of the target (whose ids differ), the
// lines reproduce the finding.
import { anyContactId } from '../../contract/checks/customer.ts';
import { parseExact } from '../../core/json.ts';
import type { Exchange, Finding, SequenceBinding } from '../../core/types.ts';
import { createdSequence, stepLabel, withCreatedSequence } from '../../runtime/created-sequence.ts';

type Sequence = NonNullable<Finding['sequence']>;
type Step = Sequence['steps'][number];

/** The shell variable the created contact's id is kept in. */
export const CONTACT_ID = 'CONTACT_ID';
/** Where contactSave answers it (4.2: "response an object with contactId"). */
export const CONTACT_ID_AT = 'response.contactId';

/** The keys under which a save sends an address id (2.3, 2.4). */
const ADDRESS_KEYS = ['addressId', 'deletedAddressIds'];

/** The address ids a save sends (its addresses' addressId, its deletedAddressIds), as text. */
function sentAddressIds(ex: Exchange): Set<string> {
  const body = ((): unknown => {
    try {
      return ex.request.body === undefined ? undefined : parseExact(ex.request.body);
    } catch {
      return undefined;
    }
  })() as { contactAddressDTO?: unknown; deletedAddressIds?: unknown } | undefined;
  const addresses = Array.isArray(body?.contactAddressDTO) ? body.contactAddressDTO : [];
  const deleted = Array.isArray(body?.deletedAddressIds) ? body.deletedAddressIds : [];
  return new Set([...addresses.map((a) => (a as { addressId?: unknown } | null)?.addressId), ...deleted].filter((x) => x !== 0).map(String));
}

/** The address ids each read-back answered (path, id), in the order answered. */
function addressIds(ex: Exchange): { at: string; value: string }[] {
  if (ex.request.method !== 'GET' || ex.response?.status !== 200) return [];
  const list = (ex.json as { response?: { contactAddressDTO?: unknown } } | undefined)?.response?.contactAddressDTO;
  if (!Array.isArray(list)) return [];
  return list.flatMap((a, i) => {
    const id = (a as { addressId?: unknown } | null)?.addressId;
    return typeof id === 'number' || typeof id === 'bigint' || (typeof id === 'string' && /^\d+$/.test(id))
      ? [{ at: `response.contactAddressDTO[${i}].addressId`, value: String(id) }]
      : [];
  });
}

/** `steps` (one exchange each, the creation first) with each read-back binding the address ids a later step sends. */
export function bindAddressIds(steps: Step[]): Step[] {
  const bound = new Set<string>();
  return steps.map((s, i) => {
    const ex = s.exchanges[0];
    if (!ex) return s;
    const later = new Set(steps.slice(i + 1).flatMap((x) => x.exchanges.flatMap((e) => [...sentAddressIds(e)])));
    const fresh: SequenceBinding[] = addressIds(ex)
      .filter((a) => !bound.has(a.value) && later.has(a.value))
      .map((a) => (bound.add(a.value), { name: `ADDRESS_ID_${bound.size}`, ...a, fields: ADDRESS_KEYS }));
    if (fresh.length === 0) return s;
    const own = s.binds === undefined ? [] : Array.isArray(s.binds) ? s.binds : [s.binds];
    return { ...s, binds: [...own, ...fresh] };
  });
}

const titleOf = (id: string) => `Customer ${id}, from the contactSave that created it to the request that found the defect (run in order)`;

/**
 * `found` with the sequence from `created` (a contactSave answered a contactId) through `after` (the
 * test's later requests on that contact, in the order sent) to each finding's exchange.
 * Unchanged when `created` answered no contactId.
 */
export function withContactSequence(found: Finding[], created: Exchange, after: readonly Exchange[] = []): Finding[] {
  const id = anyContactId(created);
  if (id === undefined || found.length === 0) return found;
  const value = String(id);
  return withCreatedSequence(found, (failed) => {
    const s = createdSequence(titleOf(value), created, { name: CONTACT_ID, at: CONTACT_ID_AT, value }, after, failed);
    return s && { ...s, steps: bindAddressIds(s.steps) };
  });
}

/**
 * The sequence of a run of saves on one contact (CU-14's commands: each a save and its read-back),
 * each request a step of its own, the creation binding $CONTACT_ID. Undefined when the first save
 * answered no contactId.
 */
export function savesSequence(title: string, saves: readonly { label: string; exchanges: readonly Exchange[] }[]): Sequence | undefined {
  const flat = saves.flatMap((s) => s.exchanges.map((ex, i) => ({ label: `${i === 0 ? s.label : 'read back'}: ${stepLabel(ex)}`, exchanges: [ex] })));
  const first = flat[0]?.exchanges[0];
  const id = first && anyContactId(first);
  if (id === undefined) return undefined;
  const binds = { name: CONTACT_ID, at: CONTACT_ID_AT, value: String(id) };
  return { title, steps: bindAddressIds(flat.map((s, i) => (i === 0 ? { ...s, binds } : s))) };
}
