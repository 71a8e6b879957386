// 4.2 with the read-back extension (config readBack, Get Contact By Id): what was saved is what
// was sent, one default address survives, and a second save drops the addresses listed in
// deletedAddressIds. A creation that fails is CU-1's and CU-3's failure: here it leaves the run
// without evidence (inconclusive), never a finding of its own.
import fc from 'fast-check';
import { anyContactId, oneDefaultAddress, readBackMatches } from '../../contract/checks/customer.ts';
import { customer } from '../../generators/customer.ts';
import { drawnExamples } from '../../generators/examples.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { registerCreated, sharedOnceSettled } from './contact-ids.ts';
import { withContactSequence } from './contact-sequence.ts';
import { harnessReal, readBackSkipReason } from './real.ts';
import { CreateContact, DeleteAddress, runSequence } from './upsert-commands.ts';
import { suiteSays } from '../../core/words/suites.ts';

verifies('read-back/CU-8+CU-9', ['CU-8', 'CU-9'], 'A created customer reads back as it was sent, with exactly one default address', async (h, t) => {
  const skip = readBackSkipReason(h);
  if (skip) h.skip(skip, t);
  const branchId = h.config.fixtures.branchId;
  const c = customerConstraints(h, { min: 1, max: 4 });
  await h.property(
    customer({ ...c, empties: false }),
    async (body) => {
      const created = await h.client.createCustomer({ branchId, body });
      const contactId = anyContactId(created);
      if (contactId === undefined) {
        h.inconclusive(['CU-8', 'CU-9'], suiteSays('cuReadBackNotCreated', { status: created.response?.status ?? 'no answer' }));
        return [];
      }
      registerCreated(h, contactId);
      const read = await h.client.readContact({ template: h.config.readBack!.getContactById!, contactId, branchId });
      // Each finding carries the creation and the read: its curl lines reproduce it in order ($CONTACT_ID).
      const findings = withContactSequence([...h.applied(readBackMatches(read, body)), ...h.applied(oneDefaultAddress(read, body))], created);
      if (findings.length > 0 && (await sharedOnceSettled(h, contactId))) {
        h.inconclusive(['CU-8', 'CU-9'], suiteSays('cuContactIdShared', { contactId: String(contactId) }));
        return [];
      }
      return findings;
    },
    {
      numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 5)),
      // The same in every run: the fewest addresses and the most.
      examples: [
        ...drawnExamples(customer({ ...c, minAddresses: 1, maxAddresses: 1, empties: false }), 1),
        ...drawnExamples(customer({ ...c, minAddresses: 4, maxAddresses: 4, empties: false }), 1, 1),
      ],
    },
  );
});

verifies(
  'read-back/CU-10',
  ['CU-10'],
  'A second save with the contactId and deletedAddressIds removes those addresses',
  async (h, t) => {
    const skip = readBackSkipReason(h);
    if (skip) h.skip(skip, t);
    const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 3, max: 3 }), empties: false }), { seed: h.ctx.seed + 10, numRuns: 1 });
    // 4.2: "contactId 0 and addressId 0 denote new records ... deletedAddressIds lists addresses to
    // drop": create with three addresses, then save again without one of them and with its id in
    // deletedAddressIds (CU-14's model, two commands).
    const real = harnessReal(h);
    const findings = await runSequence(real, [new CreateContact(body!), new DeleteAddress(0)], (reason) => h.inconclusive('CU-10', reason));
    h.add(findings);
    if (real.refused > 0)
      h.fail(
        'CU-10',
        'A second save with the returned contactId and deletedAddressIds was refused',
        `HTTP 400 (see the records)`,
        'HTTP 200: contactSave updates the contact',
        real.steps.at(-1)?.exchanges[0],
      );
  },
  { sequential: true },
);

verifies('read-back/CU-9', ['CU-9'], 'A request marking two addresses default is refused, or saved with exactly one default', async (h, t) => {
  const skip = readBackSkipReason(h);
  if (skip) h.skip(skip, t);
  const branchId = h.config.fixtures.branchId;
  // 4.2: "the one with isDefault 1 is the default address": one, also when a request marks two.
  const [drawn] = fc.sample(customer({ ...customerConstraints(h, { min: 2, max: 2 }), empties: false }), { seed: h.ctx.seed + 29, numRuns: 1 });
  const body = { ...drawn!, contactAddressDTO: drawn!.contactAddressDTO.map((a) => ({ ...a, isDefault: 1 as const })) };
  const created = await h.client.createCustomer({ branchId, body });
  const s = created.response?.status;
  if (s !== undefined && s >= 400 && s < 500 && s !== 429) return void h.note('CU-9', 1, 'customer.two-defaults-refused'); // refused: no default to count
  const contactId = anyContactId(created);
  if (contactId === undefined) return h.inconclusive('CU-9', suiteSays('cuTwoDefaultsNotCreated', { status: s ?? 'nothing' }));
  registerCreated(h, contactId);
  const read = await h.client.readContact({ template: h.config.readBack!.getContactById!, contactId, branchId });
  const findings = withContactSequence(h.applied(oneDefaultAddress(read, body)), created);
  if (findings.length > 0 && (await sharedOnceSettled(h, contactId)))
    return h.inconclusive('CU-9', suiteSays('cuContactIdTwice', { contactId: String(contactId) }));
  h.add(findings);
});
