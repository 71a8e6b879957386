// 2.1 Response envelope, 4 request headers, 7 errors, 9 versioning. Every exchange of every
// suite is also checked against ENV-1..ENV-6 by the harness; these tests make sure each
// operation's success and error answers are seen at least once.
import fc from 'fast-check';
import { notServerError } from '../../contract/checks/envelope.ts';
import { verifies } from '../support/harness.ts';
import { validCalls } from './operations.ts';

verifies(['ENV-1', 'ENV-2', 'ENV-3', 'ENV-5', 'VER-1'], 'Each operation answers success under /api/v1/ with the envelope: status true and code the HTTP status as a string', async (h) => {
  for (const call of validCalls(h)) {
    const ex = await call.send('valid');
    if (ex.response?.status !== 200) {
      h.fail('VER-1', `${call.operation} under /api/v1/ did not succeed`, `HTTP ${ex.response?.status ?? ex.failure?.kind}`, 'HTTP 200', ex);
      continue;
    }
    // ENV-1..ENV-5 are checked by the harness on this exchange, as on every exchange.
  }
});

verifies(['ENV-4', 'ENV-5'], 'Error answers (400 and 403) carry the envelope with status false and code the HTTP status', async (h) => {
  const f = h.config.fixtures;
  const errors = [
    await h.client.updateOrderStatus({ salesId: f.sales.missing, branchId: f.branchId, body: { orderStatus: 'Nope' } }),
    await h.client.report({ body: { ...f.report, limit: 5, offset: 0 }, token: 'none' }),
    await h.client.updateOrderStatus({ salesId: f.sales.refusals[0]!, branchId: f.branchId, body: { orderStatus: 'Pending' }, token: 'invalid' }),
  ];
  for (const ex of errors) {
    if (!ex.response || ex.response.status < 400 || ex.response.status >= 500) {
      h.fail('ENV-4', 'A request that must fail did not get a 4xx to check', `HTTP ${ex.response?.status ?? ex.failure?.kind}`, 'a 400 or 403', ex);
    }
    // ENV-4 is checked by the harness on this exchange, as on every exchange.
  }
});

verifies(['ENV-7'], 'A request whose Content-Type is not application/json is rejected with a 4xx', async (h) => {
  for (const call of validCalls(h).filter((c) => c.operation !== 'report')) {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
      h.expectStatus(await call.send('valid', contentType), [400, 415], 'ENV-7', `${call.operation} sent with Content-Type ${contentType}`);
    }
  }
});

/** Bodies no server should answer with a 5xx: junk text, JSON of every shape, deep nesting. */
const junkBody = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.json({ maxDepth: 4 }),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify({ orderStatus: v, reason: v, dateFrom: v, limit: v, contactAddressDTO: v })),
  fc.integer({ min: 1, max: 200 }).map((n) => '['.repeat(n)),
  fc.uint8Array({ maxLength: 100 }).map((b) => Buffer.from(b).toString('latin1')),
);

verifies(['ENV-6'], 'No malformed request to any operation is answered with a 5xx', async (h, t) => {
  if (h.config.writes === false) h.skip('writes: false: junk sent to the write operations could change data on a non-conforming target', t);
  const f = h.config.fixtures;
  const ops = fc.constantFrom('order-status', 'customer-create', 'report');
  await h.property(fc.tuple(ops, junkBody), async ([op, rawBody]) => {
    const ex = op === 'order-status'
      ? await h.client.updateOrderStatus({ salesId: f.sales.refusals[f.sales.refusals.length - 1]!, branchId: f.branchId, rawBody })
      : op === 'customer-create'
        ? await h.client.createCustomer({ branchId: f.branchId, rawBody })
        : await h.client.report({ rawBody });
    return notServerError(ex, undefined);
  });
});
