// 4.2 contactSave (create customer): POST /api/v1/customer/create?branch_id=
// contactId 0 creates; a known contactId updates (upsert, implied by the name contactSave).
// Ids may be past 2^53 (profile.ids): the body is read exactly and ids are compared as digits.
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import { describeIssue, parseIntegerText, parseJson, queryParam, requireJsonContentType } from '../body.ts';
import { pause, type Ctx, type Reply, type Req } from '../context.ts';
import { checkCustomerRules, completeCustomer, isDefaultAddress } from '../customer-rules.ts';
import { VALID_BRANCHES } from '../constants.ts';
import { jsonId } from '../profiles/types.ts';
import { HttpError, invalid, success } from '../respond.ts';
import { foreignAddresses } from '../cross-record.ts';
import { storedRecord } from '../silent-changes.ts';
import { branchOfBody } from '../body-branch.ts';
import type { Contact } from '../store.ts';

/** 4.2: "query | branch_id | integer | yes | branch in which the customer is created; must be valid". */
function branch(ctx: Ctx, req: Req): number {
  const text = queryParam(req, 'branch_id');
  const id = parseIntegerText(text);
  if (id === null) invalid(text === undefined ? 'branch_id is required' : 'branch_id must be an integer');
  // 4.2: branch_id "must be valid" (CU-6).
  if (!VALID_BRANCHES.includes(id) && !ctx.faults.has('cu-branch-unchecked')) invalid(`branch_id ${id} is not a valid branch`);
  return id;
}

/** A letter outside Latin-1 (Devanagari, Tamil, Bengali ...). */
const NON_LATIN_LETTER = /(?![\u0000-\u00ff])\p{L}/u;

/** The faults whose defect is a 5xx on a valid customer (ENV-6: the spec names no answer for unusual text; CU-13 records it). */
function crashes(ctx: Ctx, c: Customer): void {
  const f = ctx.faults;
  const names = [
    c.firstName,
    c.lastName,
    c.companyName,
    ...c.contactAddressDTO.flatMap((a) => [a.addressLine1, a.addressLine2, a.firstName, a.lastName, a.companyName]),
  ];
  if (f.has('cu-500-non-latin') && names.some((t) => NON_LATIN_LETTER.test(t))) throw new HttpError(500, 'Internal Server Error');
  if (f.has('cu-500-long-text') && [c.remark, ...c.contactAddressDTO.map((a) => a.addressLine1)].some((t) => t.length > 255))
    throw new HttpError(500, 'Internal Server Error');
}

/** "12.50" -> "12.5", "007" -> "7", "0.00" -> "0": the same amount, written shortest. */
function shortestAmount(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return text;
  const whole = m[2]!.replace(/^0+(?=\d)/, '');
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  const out = `${m[1]}${whole}${fraction ? `.${fraction}` : ''}`;
  return out === '-0' ? '0' : out;
}

/** CU-8: what a normalising vendor stores - text trimmed, e-mail lower case, GSTIN and PAN upper case, amounts shortest. */
function normalised<T extends Record<string, unknown>>(value: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (typeof v !== 'string') out[k] = v;
    else if (k === 'email' || k === 'contactEmail') out[k] = v.trim().toLowerCase();
    else if (k === 'gstin' || k === 'panNo') out[k] = v.trim().toUpperCase();
    else if (k === 'opening' || k === 'creditLimit') out[k] = shortestAmount(v.trim());
    else out[k] = v.trim();
  }
  return out as T;
}

/** cu-type-coercion: what Jackson's defaults make of a body - numbers as text, null/true/false as integers. */
const TEXT_FIELDS = new Set(['firstName', 'lastName', 'companyName', 'email', 'mobNo', 'telephone', 'whatsappNo', 'remark', 'contactType']);
const INT_FIELDS = new Set(['isDefault', 'addressId', 'contactId']);
function coerced(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (TEXT_FIELDS.has(k) && (typeof v === 'number' || v === null)) out[k] = v === null ? '' : String(v);
    else if (INT_FIELDS.has(k) && (v === null || typeof v === 'boolean')) out[k] = v === true ? 1 : 0;
    else if (k === 'contactAddressDTO' && Array.isArray(v)) out[k] = v.map(coerced);
    else out[k] = v;
  }
  return out;
}

function parseCustomer(ctx: Ctx, req: Req): Customer {
  const body = parseJson(ctx, req, true);
  const parsed = ctx.schemas.customer.safeParse(ctx.faults.has('cu-type-coercion') ? coerced(body) : body);
  if (!parsed.success) invalid(describeIssue(parsed.error));
  let c = completeCustomer(parsed.data as Partial<Customer>);
  if (ctx.profile.customer.normalise) c = { ...normalised(c), contactAddressDTO: c.contactAddressDTO.map(normalised) };
  checkCustomerRules(ctx.profile, ctx.faults, c);
  crashes(ctx, c);
  return c;
}

export function createCustomer(ctx: Ctx, req: Req): Reply | Promise<Reply> {
  const f = ctx.faults;
  const named = branch(ctx, req);
  requireJsonContentType(ctx, req);
  // cu-branch-from-body: the body's branchId wins over the query's (CU-18).
  const fromBody = branchOfBody(ctx, req);
  const branchId = fromBody.branchId ?? named;
  const parsed = refusalSaves(ctx, fromBody.req, branchId, () => parseCustomer(ctx, fromBody.req));
  const existing = parsed.contactId === 0 ? undefined : ctx.store.contacts.get(String(parsed.contactId));
  if (parsed.contactId !== 0 && (!existing || existing.branchId !== branchId)) invalid(`contactId ${parsed.contactId} does not exist in branch ${branchId}`);
  if (ctx.profile.customer.uniqueMobile) mobileUnique(ctx, branchId, parsed);
  // cu-address-of-another-contact: addressIds of other contacts' addresses change those contacts (CU-17).
  const c = foreignAddresses(ctx, parsed);

  let addresses = existing ? [...existing.addresses] : [];
  // 4.2: "deletedAddressIds lists addresses to drop" (CU-10).
  if (!f.has('cu-ignore-deleted')) addresses = addresses.filter((a) => !c.deletedAddressIds.some((d) => String(d) === String(a.addressId)));
  // 4.2: "several addresses can be sent in one request" - all are saved (CU-8).
  const sent = f.has('cu-drop-addresses') ? c.contactAddressDTO.slice(0, 1) : c.contactAddressDTO;
  addresses = mergeAddresses(ctx, addresses, sent);

  const { deletedAddressIds: _d, contactAddressDTO: _a, ...fields } = c;
  const save = (contactId: number | bigint): Reply => {
    // cu-truncates-long-text, cu-mangles-non-ascii, cu-drops-non-bmp: another text is stored than the one sent (CU-15).
    const stored = { ...storedRecord(f, fields), contactId, branchId, addresses: addresses.map((a) => storedRecord(f, a)) };
    ctx.store.contacts.set(String(contactId), stored as Contact);
    // 4.2 Success: "response an object with contactId (integer ...)" (CU-1).
    const id = f.has('cu-contactid-string') ? String(contactId) : contactId;
    return success(ctx, ctx.profile.messages.customerCreated, { contactId: id });
  };
  if (existing) return save(existing.contactId);
  // 4.2: "contactId (integer, id of the created contact)" - a new id each time (CU-2).
  if (f.has('cu-contactid-reused')) return save(jsonId(ctx.profile.ids.firstContactId));
  if (f.has('cu-contactid-race')) return raceForId(ctx, save);
  return save(ctx.store.newContactId());
}

/** cu-refusal-saves: the body is written before it is validated, and a 400 does not roll it back (CU-16). */
function refusalSaves(ctx: Ctx, req: Req, branchId: number, parse: () => Customer): Customer {
  if (!ctx.faults.has('cu-refusal-saves')) return parse();
  try {
    return parse();
  } catch (e) {
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      throw e;
    }
    if (e instanceof HttpError && e.status === 400 && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const { contactAddressDTO, deletedAddressIds: _d, ...fields } = body as Record<string, unknown>;
      const addresses = Array.isArray(contactAddressDTO) ? (contactAddressDTO as Address[]) : [];
      const contactId = ctx.store.newContactId();
      ctx.store.contacts.set(String(contactId), { ...fields, contactId, branchId, addresses } as unknown as Contact);
    }
    throw e;
  }
}

/** A vendor's own rule, as real ERPs have: a mobile number belongs to one contact of a branch
 *  (the contact itself may be saved again with it). */
function mobileUnique(ctx: Ctx, branchId: number, c: Customer): void {
  for (const other of ctx.store.contacts.values()) {
    if (other.branchId === branchId && other.mobNo === c.mobNo && String(other.contactId) !== String(c.contactId)) invalid('Mobile number already exists');
  }
}

/** cu-contactid-race: the next id is read, the handler waits (a round trip to a slow sequence),
 *  then the counter is moved past it: creations that overlap get the same id. */
async function raceForId(ctx: Ctx, save: (id: number | bigint) => Reply): Promise<Reply> {
  const id = ctx.store.peekContactId();
  await pause();
  ctx.store.contactIdTaken(id);
  return save(id);
}

const sameId = (a: number | bigint, b: number | bigint) => String(a) === String(b);

/** 4.2: "addressId 0 ... denote[s] new records"; a known addressId replaces that address. */
function mergeAddresses(ctx: Ctx, saved: Address[], sent: Address[]): Address[] {
  const f = ctx.faults;
  const result = saved.map((a) => ({ ...a }));
  const placed = new Map<Address, Address>();
  for (const a of sent) {
    if (a.addressId === 0) continue;
    const at = result.findIndex((s) => sameId(s.addressId, a.addressId));
    if (at < 0) invalid(`addressId ${a.addressId} is not an address of this contact`);
    if ([...placed.keys()].some((p) => sameId(p.addressId, a.addressId))) invalid(`addressId ${a.addressId} is sent twice`);
    placed.set(a, { ...a });
  }
  // 4.2: a saved address sent with its addressId is updated in place (CU-14).
  const duplicate = f.has('cu-upsert-duplicates');
  for (const [a, copy] of placed) {
    if (duplicate) result.push(((copy.addressId = ctx.store.newAddressId()), copy));
    else result[result.findIndex((s) => sameId(s.addressId, a.addressId))] = copy;
  }
  for (const a of sent) {
    if (a.addressId !== 0) continue;
    const copy = { ...a, addressId: ctx.store.newAddressId() };
    placed.set(a, copy);
    result.push(copy);
  }
  // 4.2: "the one with isDefault 1 is the default address": a newly sent default replaces the old one.
  const sentDefault = sent.find((a) => isDefaultAddress(f, a.isDefault));
  const keep = sentDefault && placed.get(sentDefault);
  // cu-two-defaults-kept: a request marking two defaults saves both as default (CU-9).
  const twoKept = f.has('cu-two-defaults-kept') && sent.filter((a) => isDefaultAddress(f, a.isDefault)).length > 1;
  if (keep && !twoKept) for (const r of result) if (r !== keep && isDefaultAddress(f, r.isDefault)) r.isDefault = 0;
  // "the one with isDefault 1 is the default address": a contact with addresses keeps exactly one
  // (cu-drop-addresses has lost addresses the request sent: it saves what is left, as it always did).
  const defaults = result.filter((r) => isDefaultAddress(f, r.isDefault)).length;
  if (result.length > 0 && defaults !== 1 && !f.has('cu-drop-addresses') && !twoKept)
    invalid(`the saved addresses must hold exactly one with isDefault 1, this save would leave ${defaults}`);
  // 4.2: "the one with isDefault 1 is the default address" - it stays so when saved (CU-9).
  if (f.has('cu-default-lost')) for (const r of result) r.isDefault = 0;
  return result;
}
