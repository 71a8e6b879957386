// 4.2 contactSave (create customer): POST /api/v1/customer/create?branch_id=
// contactId 0 creates; a known contactId updates (upsert, implied by the name contactSave).
import type { Address, Customer } from '../../contract/schemas/customer.ts';
import { describeIssue, parseIntegerText, parseJson, queryParam, requireJsonContentType } from '../body.ts';
import type { Ctx, Reply, Req } from '../context.ts';
import { checkCustomerRules, customerSchema, isDefaultAddress } from '../customer-rules.ts';
import type { FaultName } from '../faults.ts';
import { FIRST_CONTACT_ID, VALID_BRANCHES } from '../fixtures.ts';
import { invalid, success } from '../respond.ts';
import type { Contact } from '../store.ts';

const schemas = new WeakMap<ReadonlySet<FaultName>, ReturnType<typeof customerSchema>>();

/** 4.2: "query | branch_id | integer | yes | branch in which the customer is created; must be valid". */
function branch(ctx: Ctx, req: Req): number {
  const text = queryParam(req, 'branch_id');
  const id = parseIntegerText(text);
  if (id === null) invalid(text === undefined ? 'branch_id is required' : 'branch_id must be an integer');
  // 4.2: branch_id "must be valid" (CU-6).
  if (!VALID_BRANCHES.includes(id) && !ctx.faults.has('cu-branch-unchecked')) invalid(`branch_id ${id} is not a valid branch`);
  return id;
}

function parseCustomer(ctx: Ctx, req: Req): Customer {
  let schema = schemas.get(ctx.faults);
  if (!schema) schemas.set(ctx.faults, (schema = customerSchema(ctx.faults)));
  const parsed = schema.safeParse(parseJson(ctx, req));
  if (!parsed.success) invalid(describeIssue(parsed.error));
  const c = parsed.data as Customer;
  checkCustomerRules(ctx.faults, c);
  return c;
}

export function createCustomer(ctx: Ctx, req: Req): Reply {
  const f = ctx.faults;
  const branchId = branch(ctx, req);
  requireJsonContentType(ctx, req);
  const c = parseCustomer(ctx, req);
  const existing = c.contactId === 0 ? undefined : ctx.store.contacts.get(c.contactId);
  if (c.contactId !== 0 && (!existing || existing.branchId !== branchId))
    invalid(`contactId ${c.contactId} does not exist in branch ${branchId}`);

  let addresses = existing ? [...existing.addresses] : [];
  // 4.2: "deletedAddressIds lists addresses to drop" (CU-10).
  if (!f.has('cu-ignore-deleted')) addresses = addresses.filter((a) => !c.deletedAddressIds.some((d) => String(d) === String(a.addressId)));
  // 4.2: "several addresses can be sent in one request" - all are saved (CU-8).
  const sent = f.has('cu-drop-addresses') ? c.contactAddressDTO.slice(0, 1) : c.contactAddressDTO;
  addresses = mergeAddresses(ctx, addresses, sent);

  const { deletedAddressIds: _d, contactAddressDTO: _a, ...fields } = c;
  // 4.2: "contactId (integer, id of the created contact)" - a new id each time (CU-2).
  const contactId = existing ? existing.contactId : f.has('cu-contactid-reused') ? FIRST_CONTACT_ID : ctx.store.newContactId();
  const saved: Contact = { ...fields, contactId, branchId, addresses };
  ctx.store.contacts.set(contactId, saved);
  // 4.2 Success: "response an object with contactId (integer ...)" (CU-1).
  const id = f.has('cu-contactid-string') ? String(contactId) : contactId;
  return success(ctx, 'Customer created successfully', { contactId: id });
}

/** 4.2: "addressId 0 ... denote[s] new records"; a known addressId replaces that address. */
function mergeAddresses(ctx: Ctx, saved: Address[], sent: Address[]): Address[] {
  const f = ctx.faults;
  const result = saved.map((a) => ({ ...a }));
  const placed = new Map<Address, Address>();
  for (const a of sent) {
    if (a.addressId === 0) continue;
    const at = result.findIndex((s) => s.addressId === a.addressId);
    if (at < 0) invalid(`addressId ${a.addressId} is not an address of this contact`);
    if ([...placed.keys()].some((p) => p.addressId === a.addressId)) invalid(`addressId ${a.addressId} is sent twice`);
    placed.set(a, { ...a });
  }
  for (const [a, copy] of placed) result[result.findIndex((s) => s.addressId === a.addressId)] = copy;
  for (const a of sent) {
    if (a.addressId !== 0) continue;
    const copy = { ...a, addressId: ctx.store.newAddressId() };
    placed.set(a, copy);
    result.push(copy);
  }
  // 4.2: "the one with isDefault 1 is the default address": a newly sent default replaces the old one.
  const sentDefault = sent.find((a) => isDefaultAddress(f, a.isDefault));
  const keep = sentDefault && placed.get(sentDefault);
  if (keep) for (const r of result) if (r !== keep && isDefaultAddress(f, r.isDefault)) r.isDefault = 0;
  // 4.2: "the one with isDefault 1 is the default address" - it stays so when saved (CU-9).
  if (f.has('cu-default-lost')) for (const r of result) r.isDefault = 0;
  return result;
}
