// 2.3, 2.4, 4.2 contactSave: valid customers are created; invalid values and branches refused.
// Each test sends what only its own rule is about: CU-1's customers have one address and no
// empty field (several addresses are CU-3's, empty fields CU-7's), so a target that breaks one
// rule fails that rule alone.
import fc from 'fast-check';
import { anyContactId, contactIdReturnedBefore, customerAccepted, customerCreated } from '../../contract/checks/customer.ts';
import type { Customer } from '../../contract/schemas/customer.ts';
import { customer } from '../../generators/customer.ts';
import {
  coercibleCustomer,
  coercibleExamples,
  outOfSetCustomer,
  outOfSetExamples,
  wrongTypeCustomer,
  wrongTypeExamples,
  type InvalidCustomer,
} from '../../generators/invalid-customer.ts';
import { drawnExamples } from '../../generators/examples.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { registerCreated } from './contact-ids.ts';
import { suiteSays } from '../../core/words/suites.ts';

const NO_WRITES = suiteSays('cuNoWrites');

/** Every customer `invalid` makes (one wrong value each), its examples first, is rejected with 400, under `requirementId`. */
const rejectsEach = (h: Harness, invalid: fc.Arbitrary<InvalidCustomer>, requirementId: string, options: { numRuns?: number; examples: InvalidCustomer[] }) =>
  h.property(
    invalid,
    async ({ mutation, body }) =>
      h.expectStatus(await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body }), 400, requirementId, `customer with ${mutation}`),
    options,
  );

verifies('create/CU-1+CU-2', ['CU-1', 'CU-2'], 'Realistic valid customers are created, each with a new integer contactId', async (h, t) => {
  if (h.config.writes === false) h.skip(NO_WRITES, t);
  let created = 0;
  const valid = customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false });
  // Two customers the same in every run (a floor of evidence whatever the seed), then the random ones.
  await h.property(
    valid,
    async (body) => {
      const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body });
      const findings = h.applied(customerCreated(ex, undefined));
      const id = anyContactId(ex);
      if (id === undefined) return findings;
      created++;
      // 4.2 "contactId (integer, id of the created contact)": a new creation with an id any creation
      // of this run got before (property runs and shrinking send new creations, never the same one).
      const before = registerCreated(h, id);
      h.note('CU-2');
      return [...findings, ...contactIdReturnedBefore(ex, id, before)];
    },
    { examples: drawnExamples(valid, 2) },
  );
  if (created === 0) h.inconclusive('CU-2', suiteSays('cuNoContactId'));
  h.observe('customersCreated', created);
});

verifies('create/CU-3', ['CU-3'], 'Customers with one, two and five addresses, exactly one of them default, are created', async (h, t) => {
  if (h.config.writes === false) h.skip(NO_WRITES, t);
  for (const n of [1, 2, 5]) {
    const [body] = fc.sample(customer({ ...customerConstraints(h, { min: n, max: n }), empties: false }), { seed: h.ctx.seed + n, numRuns: 1 });
    const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body });
    h.check(ex, customerAccepted, undefined, { requirementId: 'CU-3' });
  }
  // The preflight's customer (one address per configured city) is evidence too when it was
  // accepted; a refusal is left to the requests above (it may be about the preflight's own values).
  const pf = h.ctx.preflightCustomer;
  if (pf && pf.created.response?.status === 200 && pf.sent.contactAddressDTO.length > 1)
    h.check(pf.created, customerAccepted, undefined, { requirementId: 'CU-3' });
});

/** 2.3: lastName, companyName, email, telephone, panNo, remark "may be empty string"; dates "empty
 * string when absent"; gstin "empty string when unregistered". 2.4: cityName, countriesName,
 * stateName "may be empty string". */
const EMPTY_CUSTOMER = ['lastName', 'companyName', 'email', 'telephone', 'panNo', 'remark', 'dateOfBirth', 'anniversaryDate'] as const;
const EMPTY_ADDRESS = ['cityName', 'countriesName', 'stateName'] as const;
type Emptied = (typeof EMPTY_CUSTOMER)[number] | (typeof EMPTY_ADDRESS)[number];
/** The examples of CU-7's property, each class once, the same in every run: the customer's own text fields, the address's, the dates. */
const EMPTY_CLASSES: Emptied[][] = [
  ['lastName', 'companyName', 'email', 'telephone', 'panNo', 'remark'],
  [...EMPTY_ADDRESS],
  ['dateOfBirth', 'anniversaryDate'],
];

function emptied(body: Customer, fields: readonly Emptied[]): Customer {
  const out: Customer = { ...body };
  for (const f of fields) if ((EMPTY_CUSTOMER as readonly string[]).includes(f)) (out as Record<string, unknown>)[f] = '';
  out.contactAddressDTO = body.contactAddressDTO.map((a) => {
    const copy = { ...a };
    for (const f of fields) if ((EMPTY_ADDRESS as readonly string[]).includes(f)) (copy as Record<string, unknown>)[f] = '';
    return copy;
  });
  return out;
}

verifies('create/CU-7', ['CU-7'], 'Customers whose "may be empty string" fields are empty, all or some, are created', async (h, t) => {
  if (h.config.writes === false) h.skip(NO_WRITES, t);
  const plain = customer({ ...customerConstraints(h, { min: 1, max: 1 }), gstType: 'UnRegistered', empties: false });
  const [body] = fc.sample(plain, { seed: h.ctx.seed + 3, numRuns: 1 });
  const all = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: emptied(body!, [...EMPTY_CUSTOMER, ...EMPTY_ADDRESS]) });
  h.check(all, customerAccepted, undefined, { requirementId: 'CU-7' });
  // Some of them: a refusal shrinks to the one field the target does not take empty.
  const some = fc.tuple(fc.noShrink(plain), fc.subarray([...EMPTY_CUSTOMER, ...EMPTY_ADDRESS] as Emptied[], { minLength: 1 }));
  await h.property(
    some,
    async ([b, fields]) => {
      const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: emptied(b, fields) });
      return h.applied(customerAccepted(ex, undefined, { requirementId: 'CU-7' })).map((f) => ({ ...f, notes: [`Empty: ${fields.join(', ')}`] }));
    },
    {
      numRuns: Math.max(4, Math.ceil(h.ctx.numRuns / 10)),
      examples: drawnExamples(plain, EMPTY_CLASSES.length, 1).map((b, i) => [b, EMPTY_CLASSES[i]!] as [Customer, Emptied[]]),
    },
  );
});

verifies(
  'create/CU-4',
  ['CU-4'],
  'Values no parser coerces into the stated type (text that is no number where a number is stated, a non-array where an array is stated) are rejected with 400',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    const c = customerConstraints(h);
    await rejectsEach(h, wrongTypeCustomer(c), 'CU-4', { examples: wrongTypeExamples(c) });
  },
);

verifies(
  'create/CU-4b',
  ['CU-4b'],
  'Values of another JSON type that lenient parsers coerce (a number where text is stated, true or null where an integer is stated) are rejected with 400',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    // Five values: a few runs suffice.
    const c = customerConstraints(h);
    await rejectsEach(h, coercibleCustomer(c), 'CU-4b', { numRuns: Math.max(5, Math.ceil(h.ctx.numRuns / 5)), examples: coercibleExamples(c) });
  },
);

verifies('create/CU-5', ['CU-5'], 'An isDefault other than 0 or 1 is rejected with 400', async (h, t) => {
  if (h.config.writes === false) h.skip(NO_WRITES, t);
  // Five values outside 0/1: a few runs suffice (the rest of the request budget goes to CU-13 and CU-14).
  const c = customerConstraints(h);
  await rejectsEach(h, outOfSetCustomer(c), 'CU-5', { numRuns: Math.max(5, Math.ceil(h.ctx.numRuns / 5)), examples: outOfSetExamples(c) });
});

verifies('create/CU-6', ['CU-6'], 'A missing, non-integer or unknown branch_id is rejected with 400', async (h) => {
  // Safe with writes: false: no branch exists to create the customer in. One address and no empty
  // field: a refusal can only be about the branch.
  const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed, numRuns: 1 });
  for (const branchId of [null, '', 'abc', '1.5', h.config.fixtures.invalidBranchId]) {
    const ex = await h.client.createCustomer({ branchId, body });
    h.expectStatus(ex, 400, 'CU-6', branchId === null ? 'branch_id is missing' : `branch_id ${JSON.stringify(branchId)} is not a valid branch`);
  }
});

verifies('create/CU-11', ['CU-11'], 'Which body fields the target requires is recorded', async (h, t) => {
  if (h.config.writes === false) h.skip(NO_WRITES, t);
  // "which individual body fields are required: not shown": omit each field once and record the answer.
  const [body] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 7, numRuns: 1 });
  const answers: Record<string, number | string> = {};
  await h.parallel(Object.keys(body!), async (key) => {
    const partial: Record<string, unknown> = { ...body };
    delete partial[key];
    const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: partial });
    answers[key] = ex.response?.status ?? ex.failure?.kind ?? 'no answer';
  });
  const ordered = Object.fromEntries(Object.keys(body!).map((k) => [k, answers[k]!]));
  h.observe(
    'requiredFields',
    Object.entries(ordered)
      .filter(([, s]) => s === 400)
      .map(([k]) => k),
  );
  h.observe('statusWhenFieldOmitted', ordered);
});
