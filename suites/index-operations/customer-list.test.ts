// A customer contactSave created (4.2) in the fixtures' branch, looked for in Get Customer List W
// Branch Id (section 1) on its first and its last page, or (paged by cursor) its first five (IX-9,
// INFO: what the list holds and its order are not shown). Four requests at most, six by cursor.
import fc from 'fast-check';
import { answerAt, cursorPath, listPath, nextCursor, pageStart, totalPath } from '../../config/answer-shape.ts';
import { atPath } from '../../core/json.ts';
import { customer } from '../../generators/customer.ts';
import { verifies } from '../../runtime/verifies.ts';
import { markLedger, ownCreationsBetween } from '../../runtime/writes-ledger.ts';
import { configured, send, withValues } from './configured.ts';
import { suiteSays } from '../../core/words/suites.ts';

const LIST = 'get-customer-list-w-branch-id';

verifies('customer-list/IX-9', ['IX-9'], 'A customer contactSave created shows up in Get Customer List W Branch Id (recorded)', async (h, t) => {
  const c = configured(h).list.find((x) => x.name === LIST);
  if (!c || !c.op.list) h.skip(suiteSays('ixNoCustomerList', { list: LIST }), t);
  if (h.config.writes === false) h.skip(suiteSays('ixNoWrites'), t);
  const f = h.config.fixtures;
  const [body] = fc.sample(customer({ ...f.customer, minAddresses: 1, maxAddresses: 1 }), { seed: h.ctx.seed + 1919, numRuns: 1 });
  const created = await h.client.createCustomer({ branchId: f.branchId, body });
  const id = atPath(created.json, 'response.contactId');
  if (created.response?.status !== 200 || (typeof id !== 'number' && typeof id !== 'string' && typeof id !== 'bigint')) {
    h.inconclusive('IX-9', suiteSays('ixNoContactId', { status: created.response?.status ?? created.failure?.kind }));
    return;
  }
  const limit = 50;
  // The run's other creations meanwhile may push it off the last page (runtime/writes-ledger.ts): said, not judged.
  const before = markLedger(h);
  const ids = (items: unknown) => (Array.isArray(items) ? items.map((x) => String((x as { contactId?: unknown })?.contactId)) : []);
  const first = await send(h, withValues(h, c!, { limit, offset: 0 }));
  const seen = ids(answerAt(first.json, listPath(c!.op)));
  const total = answerAt(first.json, totalPath(c!.op));
  // Paged by cursor: the pages after the first, in order, up to the last or the fifth.
  for (let next = nextCursor(c!.op, first.json), pages = 1; !seen.includes(String(id)) && next !== undefined && pages < 5; pages++) {
    const page = await send(h, withValues(h, c!, { limit, offset: 0, cursor: next }));
    seen.push(...ids(answerAt(page.json, listPath(c!.op))));
    next = nextCursor(c!.op, page.json);
  }
  if (!seen.includes(String(id)) && cursorPath(c!.op) === undefined && typeof total === 'number' && total > limit) {
    // The last `limit` items: from offset total-limit, or (paged by page and size) the last two pages.
    const offsets = c!.op.paging?.style === 'page' ? [...new Set([total - limit, total - 1].map((o) => pageStart(c!.op, limit, o)))] : [total - limit];
    for (const offset of offsets) seen.push(...ids(answerAt((await send(h, withValues(h, c!, { limit, offset }))).json, listPath(c!.op))));
  }
  const others = ownCreationsBetween(before, markLedger(h), 'customer');
  const meanwhile = others > 0 ? ` (up to ${others} other customer creation(s) of this run while it read)` : '';
  h.observe('ix:IX-9', {
    [LIST]: seen.includes(String(id)) ? `created contactId ${id} listed` : `created contactId ${id} not on the first or last page${meanwhile}`,
  });
});
