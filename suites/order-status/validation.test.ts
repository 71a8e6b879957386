// 4.1 rules 1, 2, 4 and 5: what the order status update must refuse with 400.
// Every request here must be refused, so no voucher changes on a conforming target.
import fc from 'fast-check';
import {
  caseVariants,
  NEAR_MISS_STATUSES,
  NON_STRING_BODY_EXAMPLES,
  nonStringValue,
  UNACCEPTED_STATUS_EXAMPLES,
  unacceptedOrderStatus,
  whitespaceVariants,
} from '../../generators/order-status.ts';
import { NON_INTEGER_REASON_EXAMPLES, NON_NUMERIC_REASON_EXAMPLES, nonIntegerReason, nonNumericReason } from '../../generators/reason.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { refusalsChangeNothing } from './refusal-state.ts';
import { refusalVouchers, writesForbidden } from './vouchers.ts';
import { suiteSays } from '../../core/words/suites.ts';

const refusalVoucher = (h: Harness) => fc.constantFrom(...refusalVouchers(h));

function send(h: Harness, salesId: number | bigint | string, body: unknown) {
  return h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, body });
}

verifies(
  'validation/OS-2/outside-six',
  ['OS-2'],
  'Every string outside the six statuses, even once trimmed, case variants included, is rejected with 400',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
    const first = refusalVouchers(h)[0]!;
    await h.property(
      fc.tuple(refusalVoucher(h), unacceptedOrderStatus()),
      async ([salesId, orderStatus]) =>
        h.expectStatus(await send(h, salesId, { orderStatus }), 400, 'OS-2', `orderStatus ${JSON.stringify(orderStatus)} is not one of the six`),
      { examples: UNACCEPTED_STATUS_EXAMPLES.map((s) => [first, s] as [number, string]) },
    );
  },
);

verifies('validation/OS-2/other-case', ['OS-2'], 'Each of the six statuses in other case is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  // 4.1 rule 2 names the six values; a case variant is "an unaccepted orderStatus".
  const salesId = refusalVouchers(h)[0]!;
  await h.parallel(caseVariants(), async (orderStatus) =>
    h.expectStatus(await send(h, salesId, { orderStatus }), 400, 'OS-2', `orderStatus ${JSON.stringify(orderStatus)} is not one of the six`),
  );
});

verifies('validation/OS-2f', ['OS-2f'], 'Each of the six statuses with surrounding whitespace is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  // Strict reading: " Confirmed" is not one of the six (a stack that trims input reads it as one: SHOULD).
  const salesId = refusalVouchers(h)[0]!;
  await h.parallel(whitespaceVariants(), async (orderStatus) =>
    h.expectStatus(await send(h, salesId, { orderStatus }), 400, 'OS-2f', `orderStatus ${JSON.stringify(orderStatus)} is one of the six only once trimmed`),
  );
});

verifies('validation/OS-2/non-string', ['OS-2'], 'A non-string or missing orderStatus is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  // Values that a coercing server would turn into one of the six, then the property.
  const salesId = refusalVouchers(h)[0]!;
  await h.parallel([['Pending'], ['Cancelled'], { toString: 'Pending' }, 1, true, null], async (orderStatus) =>
    h.expectStatus(await send(h, salesId, { orderStatus }), 400, 'OS-2', `orderStatus ${JSON.stringify(orderStatus)} is not a string`),
  );
  const bodies = fc.oneof(
    nonStringValue().map((orderStatus) => ({ orderStatus })),
    fc.constant({}),
    fc.constant({ reason: 1 }),
    fc.constant({ status: 'Pending' }),
  );
  await h.property(
    fc.tuple(refusalVoucher(h), bodies),
    async ([salesId, body]) => h.expectStatus(await send(h, salesId, body), 400, 'OS-2', `body ${JSON.stringify(body)} has no string orderStatus`),
    { examples: NON_STRING_BODY_EXAMPLES.map((b) => [salesId, b] as [number, object]) },
  );
});

verifies('validation/OS-4', ['OS-4'], "Plausible statuses outside the six, like the documentation sample's, are rejected with 400", async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  const salesId = refusalVouchers(h)[0]!;
  await h.parallel(NEAR_MISS_STATUSES, async (orderStatus) =>
    h.expectStatus(await send(h, salesId, { orderStatus }), 400, 'OS-4', `orderStatus ${JSON.stringify(orderStatus)} is not among the accepted values`),
  );
});

verifies('validation/OS-2c', ['OS-2c'], 'A reason that is present and not a number is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  // Pending on a Pending voucher: even a target that wrongly accepts changes nothing.
  const salesId = refusalVouchers(h)[0]!;
  await h.property(
    nonNumericReason(),
    async (reason) =>
      h.expectStatus(await send(h, salesId, { orderStatus: 'Pending', reason }), 400, 'OS-2c', `reason ${JSON.stringify(reason)} is not a number`),
    { examples: NON_NUMERIC_REASON_EXAMPLES },
  );
});

verifies('validation/OS-2d', ['OS-2d'], 'A reason that is a fraction or a numeric string is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  const salesId = refusalVouchers(h)[0]!;
  await h.property(
    nonIntegerReason(),
    async (reason) =>
      h.expectStatus(await send(h, salesId, { orderStatus: 'Pending', reason }), 400, 'OS-2d', `reason ${JSON.stringify(reason)} is not a JSON integer`),
    { examples: NON_INTEGER_REASON_EXAMPLES },
  );
});

verifies('validation/OS-2b', ['OS-2b'], 'A missing, non-integer or invalid branch_id is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  const salesId = refusalVouchers(h)[0]!;
  const branches: (string | number | null)[] = [null, '', 'abc', '1.5', '1,2', ' ', h.config.fixtures.invalidBranchId];
  await h.parallel(branches, async (branchId) => {
    const ex = await h.client.updateOrderStatus({ salesId, branchId, body: { orderStatus: 'Pending' } });
    h.expectStatus(ex, 400, 'OS-2b', branchId === null ? 'branch_id is missing' : `branch_id ${JSON.stringify(branchId)} is not a valid branch`);
  });
});

verifies('validation/OS-1+OS-1b', ['OS-1', 'OS-1b'], 'A voucher of another branch, or one that exists nowhere, is refused with 400', async (h) => {
  const f = h.config.fixtures;
  // Pending is a no-op for the other branch's Pending voucher, so nothing changes even if accepted.
  const cases: [number | bigint, number, string][] = [
    [f.sales.otherBranch[0]!, f.branchId, `voucher ${f.sales.otherBranch[0]} exists in branch ${f.otherBranchId}, not ${f.branchId}`],
    [f.sales.missing, f.branchId, `voucher ${f.sales.missing} exists nowhere`],
    [f.sales.refusals[0]!, f.otherBranchId, `voucher ${f.sales.refusals[0]} exists in branch ${f.branchId}, not ${f.otherBranchId}`],
  ];
  await h.parallel(cases, async ([salesId, branchId, because]) => {
    const ex = await h.client.updateOrderStatus({ salesId, branchId, body: { orderStatus: 'Pending' } });
    // 4.1 rule 1: lenient MUST oracle any 4xx, strict SHOULD oracle 400.
    if (h.expectStatus(ex, '4xx', 'OS-1', because).length === 0) h.expectStatus(ex, 400, 'OS-1b', because);
  });
});

verifies('validation/OS-2e', ['OS-2e'], 'A body that is not JSON, or is empty, is rejected with 400', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  const salesId = refusalVouchers(h)[0]!;
  const raws = [
    '',
    'orderStatus=Cancelled',
    '{"orderStatus":',
    '{orderStatus: "Cancelled"}',
    "{'orderStatus':'Cancelled'}",
    'null',
    '[]',
    '"Cancelled"',
    '\u0000',
    '{"orderStatus":"Cancelled"',
  ];
  await h.parallel(raws, async (rawBody) => {
    const ex = await h.client.updateOrderStatus({ salesId, branchId: h.config.fixtures.branchId, rawBody });
    h.expectStatus(ex, 400, 'OS-2e', `body ${JSON.stringify(rawBody)} is not a JSON object`);
  });
});

verifies('validation/OS-2g', ['OS-2g'], 'A path salesId with trailing junk or a fraction (1001abc, 1001.5) is refused with a 4xx', async (h, t) => {
  if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
  // Pending on a Pending voucher: a target that reads 1001abc as 1001 answers 200 and changes nothing.
  const id = String(refusalVouchers(h)[0]!);
  await h.parallel([`${id}abc`, `${id}.5`, `${id}x1`], async (salesId) =>
    h.expectStatus(await send(h, salesId, { orderStatus: 'Pending' }), '4xx', 'OS-2g', `salesId ${JSON.stringify(salesId)} is not an integer`),
  );
});

verifies(
  'validation/OS-8',
  ['OS-8'],
  'A refused update leaves the voucher as it was (read back before and after)',
  async (h, t) => {
    if (writesForbidden(h)) h.skip(suiteSays('osNoWritesValidation'), t);
    if (!h.config.readBack?.orderStatus) h.skip(suiteSays('osValidationNeedsReadBack'), t);
    // A refusals voucher (the last first) held alone between its reads: no other test writes to it meanwhile.
    h.add(await refusalsChangeNothing(h, [...refusalVouchers(h)].reverse()));
  },
  { sequential: true },
);
