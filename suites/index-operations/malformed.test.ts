// Section 1: the index's parameters are "not shown", so no answer is named for a malformed one:
// what each configured operation answers is recorded (IX-5), and a 5xx among the answers is ENV-6
// (SHOULD) and only ENV-6 (section 7 lists 400, 403 and 429). Per operation one request with every
// placeholder malformed (ids "x-1", limit -1, offset "abc"); a POST also once with a body that is
// not JSON.
import { refusalText, refusedByShape } from '../../config/answer-shape.ts';
import { notServerError } from '../../contract/checks/envelope.ts';
import { verifies } from '../../runtime/verifies.ts';
import { Cells, configured, scopeOf, send, withValues } from './configured.ts';

const MALFORMED = {
  limit: -1,
  offset: 'abc',
  page: 'abc',
  size: -1,
  salesId: 'x-1',
  productId: 'x-1',
  variantId: 'x-1',
  contactId: 'x-1',
  branchId: '0x1',
  mobNo: '%%',
  cursor: '%%',
  gstin: '',
};

verifies(
  'malformed/IX-5',
  ['IX-5'],
  'What each configured operation of the index answers to malformed parameters or a body that is not JSON is recorded; a 5xx is ENV-6',
  async (h) => {
    const found = configured(h);
    const { list, left } = found;
    scopeOf(h, found, ['IX-5']);
    const cells = new Cells(h);
    cells.left(['IX-5'], left);
    await h.parallel(list, async (c) => {
      // Every placeholder of the entry malformed, its own params included.
      const own = Object.fromEntries(Object.keys(c.op.params ?? {}).map((k) => [k, (MALFORMED as Record<string, string | number>)[k] ?? 'x-1']));
      const req = withValues(h, c, { ...MALFORMED, ...own });
      const exchanges = [await send(h, req)];
      if (c.op.method === 'POST') exchanges.push(await send(h, req, 'valid', '{"limit": 1,'));
      // A 2xx in the entry's refusal shape (e.g. HTTP 200 with status: false) is said as the refusal it is.
      const statuses = exchanges.map((ex) =>
        refusedByShape(c.op, ex.response?.status, ex.json)
          ? `${ex.response!.status} refused (${refusalText(c.op)})`
          : (ex.response?.status ?? ex.failure?.kind),
      );
      // The index's answers are not checked by the harness (2.1 states the envelope for section 4 only): ENV-6 here.
      const failed = exchanges.flatMap((ex) => h.check(ex, notServerError, undefined));
      cells.set('IX-5', c.name, `${failed.length > 0 ? 'a 5xx (ENV-6)' : 'answered'}: ${statuses.join(', ')}`);
    });
    cells.save();
  },
);
