// CU-15 on the customers the text properties (CU-13) already create: a customer answered 200 is
// read back (readBack.getContactById) and each unusual text compared with what was sent. Reads
// are scarce (a production quota of 4 a minute), so a property reads back only customers holding
// a kind of text it has read back fewer than `cap` times (long, outside the BMP, other non-ASCII,
// ASCII); once a read-back failed it reads back every customer, so the failure shrinks. What a
// correct vendor did on save (ends trimmed, Unicode normalised) is recorded for the certificate.
import { anyContactId, comparable } from '../../contract/checks/customer.ts';
import { allowedNormalisation, textReadBack, type SentText } from '../../contract/checks/text-read-back.ts';
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import type { HostileValue } from '../../generators/hostile-customer.ts';
import type { Harness } from '../../runtime/harness.ts';
import { sharedOnceSettled } from './contact-ids.ts';
import { withContactSequence } from './contact-sequence.ts';
import { readBackSkipReason } from './real.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** Fields a vendor may fill from its master data (the names of the codes sent): never compared. */
const DERIVED = new Set(['cityName', 'stateName', 'countriesName']);
/** The amounts are CU-8's (compared as numbers), not text. */
const AMOUNTS = new Set(['opening', 'creditLimit']);
/** Address fields that tell which read-back address is which (the unusual ones left out). */
const IDENTITY = ['addressLine1', 'addressLine2', 'cityCode', 'stateCode', 'pinCode', 'contactNo', 'contactEmail', 'gstin', 'panNo'] as const;

export type TextClass = 'long' | 'outside the BMP' | 'non-ASCII' | 'ASCII';

/** The kinds of text a value is (a long emoji line is long and outside the BMP). */
export function textClasses(value: string): TextClass[] {
  const out: TextClass[] = [];
  if ([...value].length >= 255) out.push('long');
  if (/[\u{10000}-\u{10FFFF}]/u.test(value)) out.push('outside the BMP');
  else if (/[^\u0000-\u007f]/.test(value)) out.push('non-ASCII');
  if (out.length === 0) out.push('ASCII');
  return out;
}

const ADDRESS_FIELD = /^contactAddressDTO\[(\d+)\]\.(\w+)$/;

/** The texts of `values` CU-15 compares. */
export function comparedTexts(values: HostileValue[]): HostileValue[] {
  return values.filter((v) => {
    const key = ADDRESS_FIELD.exec(v.field)?.[2] ?? v.field;
    return !DERIVED.has(key) && !AMOUNTS.has(key);
  });
}

/** The read-back address that is the sent address `i` (matched on the fields that are not unusual). */
function matchAddress(read: Partial<Address>[], sent: Address, unusual: Set<string>): Partial<Address> | undefined {
  const keys = IDENTITY.filter((k) => !unusual.has(k));
  return read.find((a) => keys.every((k) => comparable(k, a[k]) === comparable(k, sent[k])));
}

/** Each compared text with the value read back for its field (undefined when the read does not hold it). */
export function pairTexts(values: HostileValue[], body: Customer, read: Partial<Customer>): SentText[] {
  const list: Partial<Address>[] = Array.isArray(read.contactAddressDTO) ? read.contactAddressDTO : [];
  return comparedTexts(values).map((v) => {
    const m = ADDRESS_FIELD.exec(v.field);
    if (!m) return { ...v, got: (read as Record<string, unknown>)[v.field] };
    const i = Number(m[1]);
    const unusual = new Set(
      values
        .map((x) => ADDRESS_FIELD.exec(x.field))
        .filter((x) => x && Number(x[1]) === i)
        .map((x) => x![2]!),
    );
    const a = matchAddress(list, body.contactAddressDTO[i]!, unusual);
    return { ...v, got: a ? (a as Record<string, unknown>)[m[2]!] : undefined };
  });
}

export interface TextReadBacks {
  /** Reads back (within the cap) the customer `created` answered, and compares its texts. */
  after: (values: HostileValue[], body: Customer, created: Exchange) => Promise<Finding[]>;
  /** Says why CU-15 saw nothing, when no customer was read back. */
  done: () => void;
}

/** A property's read-backs: `after` with each customer sent and the answer that was judged. */
export function textReadBacks(h: Harness): TextReadBacks {
  const skip = readBackSkipReason(h);
  if (skip) h.inconclusive('CU-15', skip);
  const cap = Math.max(1, Math.ceil(h.ctx.numRuns / 50));
  const seen = new Map<TextClass, number>();
  let failing = false;
  let reads = 0;
  /** Fields whose text read back normalised as a correct vendor may (kind -> fields). */
  const normalised = new Map<string, Set<string>>();
  const after = async (values: HostileValue[], body: Customer, created: Exchange): Promise<Finding[]> => {
    const texts = comparedTexts(values);
    const contactId = anyContactId(created);
    if (skip || texts.length === 0 || contactId === undefined) return [];
    const classes = [...new Set(texts.flatMap((t) => textClasses(t.value)))];
    if (!failing && classes.every((c) => (seen.get(c) ?? 0) >= cap)) return [];
    for (const c of classes) seen.set(c, (seen.get(c) ?? 0) + 1);
    const branchId = h.config.fixtures.branchId;
    reads++;
    const read = await h.client.readContact({ template: h.config.readBack!.getContactById!, contactId, branchId });
    const payload = read.json && typeof read.json === 'object' ? (read.json as { response?: unknown }).response : undefined;
    const got = payload && typeof payload === 'object' ? (payload as Partial<Customer>) : {};
    const pairs = pairTexts(values, body, got);
    for (const p of pairs)
      if (typeof p.got === 'string')
        for (const kind of allowedNormalisation(p.got, p.value)) normalised.set(kind, (normalised.get(kind) ?? new Set()).add(p.field));
    const findings = withContactSequence(h.applied(textReadBack(read, pairs)), created);
    if (findings.length > 0 && (await sharedOnceSettled(h, contactId))) {
      h.inconclusive('CU-15', suiteSays('cuContactIdShared', { contactId: String(contactId) }));
      return [];
    }
    if (findings.length > 0) failing = true;
    return findings;
  };
  const done = () => {
    if (normalised.size > 0) h.observe('savedTextsNormalised', Object.fromEntries([...normalised].map(([kind, fields]) => [kind, [...fields].sort()])));
    if (!skip && reads === 0) h.inconclusive('CU-15', suiteSays('cuNoTextAccepted'));
  };
  return { after, done };
}
