// 4.2 with the read-back extension (config readBack, Get Contact By Id): what was saved is what
// was sent, one default address survives, and contactSave updates (upsert) with deletedAddressIds.
import fc from 'fast-check';
import { createdContactId, oneDefaultAddress, readBackAddressIds, readBackMatches, readBackPayload } from '../../contract/checks/customer.ts';
import type { Customer } from '../../contract/schemas/customer.ts';
import { customer } from '../../generators/customer.ts';
import { verifies, type Harness } from '../support/harness.ts';
import { customerConstraints } from './constraints.ts';

function skipReason(h: Harness): string | undefined {
  if (h.config.writes === false) return 'writes: false forbids creating customers';
  if (!h.config.readBack?.getContactById) return 'no readBack.getContactById in the config: the spec gives Get Contact By Id no path';
  return undefined;
}

async function createAndRead(h: Harness, body: Customer) {
  const created = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body });
  const contactId = createdContactId(created);
  if (contactId === undefined) return { created };
  const read = await h.client.readContact({ template: h.config.readBack!.getContactById!, contactId, branchId: h.config.fixtures.branchId });
  return { created, contactId, read };
}

verifies(['CU-8', 'CU-9'], 'A created customer reads back as it was sent, with exactly one default address', async (h, t) => {
  const skip = skipReason(h);
  if (skip) h.skip(skip, t);
  await h.property(customer(customerConstraints(h, { min: 1, max: 4 })), async (body) => {
    const { created, read } = await createAndRead(h, body);
    if (!read) return h.finding('CU-8', 'The customer to read back was not created', `HTTP ${created.response?.status}`, 'HTTP 200 with a contactId', created);
    return [...readBackMatches(read, body), ...oneDefaultAddress(read, undefined)];
  }, { numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 5)) });
});

verifies(['CU-10'], 'A second save with the contactId and deletedAddressIds removes those addresses', async (h, t) => {
  const skip = skipReason(h);
  if (skip) h.skip(skip, t);
  const [body] = fc.sample(customer(customerConstraints(h, { min: 3, max: 3 })), { seed: h.ctx.seed + 10, numRuns: 1 });
  const { contactId, read } = await createAndRead(h, body!);
  const ids = read ? readBackAddressIds(read) : [];
  if (contactId === undefined || !read || ids.length !== 3) {
    h.fail('CU-10', 'The customer to update could not be created and read back with its 3 address ids', `address ids ${JSON.stringify(ids)}`, '3 address ids', read);
    return;
  }
  const saved = readBackPayload(read)!;
  const defaultId = saved.contactAddressDTO!.find((a) => a.isDefault === 1)?.addressId ?? ids[0]!;
  const drop = ids.filter((id) => id !== defaultId).slice(0, 1);
  // 4.2: "contactId 0 and addressId 0 denote new records ... deletedAddressIds lists addresses to drop".
  const update = { ...body!, contactId, deletedAddressIds: drop, contactAddressDTO: saved.contactAddressDTO!.filter((a) => !drop.includes(a.addressId!)) };
  const second = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: update });
  if (second.response?.status !== 200) {
    h.fail('CU-10', 'A second save with the returned contactId was refused', `HTTP ${second.response?.status}`, 'HTTP 200 (contactSave updates the contact)', second);
    return;
  }
  const after = await h.client.readContact({ template: h.config.readBack!.getContactById!, contactId, branchId: h.config.fixtures.branchId });
  const left = readBackAddressIds(after);
  if (drop.some((id) => left.includes(id)) || left.length !== 2) {
    h.fail('CU-10', 'deletedAddressIds did not remove the address', `address ids after the update ${JSON.stringify(left)}`, `2 addresses, without ${JSON.stringify(drop)}`, after);
  }
});
