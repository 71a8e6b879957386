// The list operations the config declares paged (operations.X.paged or .paging): their pages
// against their own totalCount (IX-7, SHOULD: only what the answers say of themselves; a count the
// run's own creations moved between the two readings is judged, fed-lists.ts), and the page cap
// they answer a limit of 5000 with (IX-8, INFO: "the maximum value of limit: not shown"). A
// page-style list is asked for the page that holds the offset (config/answer-shape.ts), a
// cursor-paged one walked from its first page (cursor-walk.ts). Three requests per paged
// operation (a cursor-paged one: one per page of its largest size, 11 at most).
import {
  answerAt,
  counted,
  cursorPath,
  isPaged,
  listPath,
  nextCursor,
  pageStart,
  refusalText,
  refusedByShape,
  totalPath as totalPathOf,
} from '../../config/answer-shape.ts';
import type { Exchange } from '../../core/types.ts';
import { verifies } from '../../runtime/verifies.ts';
import { markLedger, ownCreationsBetween } from '../../runtime/writes-ledger.ts';
import { Cells, configured, notServed, scopeOf, send, withValues, type Configured } from './configured.ts';
import { FED_BY } from './fed-lists.ts';
import { walkCursor, type Page } from './cursor-walk.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** The list and totalCount of a page (and a cursor-paged list's next cursor), or why there are none. */
function pageOf(c: Configured, ex: Exchange): Page {
  const why = notServed(c.name, ex);
  if (why) return why;
  if (ex.response!.status !== 200) return suiteSays('ixPageStatus', { name: c.name, status: ex.response!.status });
  if (refusedByShape(c.op, ex.response!.status, ex.json)) return suiteSays('ixPageRefused', { name: c.name, refusal: refusalText(c.op) });
  const items = answerAt(ex.json, listPath(c.op));
  const totalPath = totalPathOf(c.op);
  const total = answerAt(ex.json, totalPath);
  if (!Array.isArray(items)) return suiteSays('ixNoListAt', { name: c.name, list: c.op.list });
  const next = nextCursor(c.op, ex.json);
  // Declared with no count (totalCount: null): a cursor list is judged by its two walks (cursor-walk.ts).
  if (!counted(c.op)) return { items, ...(next !== undefined ? { next } : {}) };
  if (typeof total !== 'number' || !Number.isSafeInteger(total) || total < 0) return suiteSays('ixNoCountAt', { name: c.name, path: totalPath });
  return { items, total, ...(next !== undefined ? { next } : {}) };
}

verifies(
  'lists/IX-7+IX-8',
  ['IX-7', 'IX-8'],
  'Each paged list operation of the index agrees with its own totalCount, and its page cap is recorded',
  async (h) => {
    const found = configured(h);
    const { list, left } = found;
    const cells = new Cells(h);
    cells.left(['IX-7', 'IX-8'], left);
    const paged = list.filter((c) => isPaged(c.op) && c.op.list);
    // Which lists are paged is the config's to say (the spec shows no list's parameters): none declared, none in scope.
    const none = suiteSays('ixNoPagedList');
    scopeOf(h, { ...found, list: paged }, ['IX-7', 'IX-8'], none);
    await h.parallel(paged, async (c) => {
      const before = markLedger(h);
      // A cursor-paged list is walked from its largest first page (cursor-walk.ts): no page of size 2 is asked.
      const cursor = cursorPath(c.op) !== undefined;
      const firstEx = cursor ? undefined : await send(h, withValues(h, c, { limit: 2, offset: 0 }));
      const capEx = await send(h, withValues(h, c, { limit: 5000, offset: 0 }));
      const cap = pageOf(c, capEx);
      cells.set(
        'IX-8',
        c.name,
        typeof cap === 'string'
          ? cap
          : cap.total === undefined
            ? `${cap.items.length} items (no count stated)`
            : cap.items.length < Math.min(5000, cap.total)
              ? `capped at ${cap.items.length} (totalCount ${cap.total})`
              : `all ${cap.items.length} of totalCount ${cap.total}`,
      );
      const inconclusive = (why: string) => {
        h.inconclusive('IX-7', why);
        cells.set('IX-7', c.name, `inconclusive: ${why}`);
      };
      if (cursor) {
        if (typeof cap === 'string') return inconclusive(cap);
        if (cap.items.length === 0) return inconclusive(suiteSays('ixListEmpty', { name: c.name }));
        const w = await walkCursor(h, c, capEx, cap, before, (ex) => pageOf(c, ex));
        if (w.verdict === 'inconclusive') return inconclusive(w.why);
        return cells.set('IX-7', c.name, w.cell);
      }
      const first = pageOf(c, firstEx!);
      if (typeof first === 'string') return inconclusive(first);
      const size = c.op.paging?.style === 'page' ? 'size' : 'limit';
      if (first.items.length > 2) return inconclusive(suiteSays('ixPageTooBig', { name: c.name, size, n: first.items.length }));
      if (first.total === undefined) return inconclusive(suiteSays('ixNoCountPaged', { name: c.name, size }));
      if (first.total === 0) return inconclusive(suiteSays('ixListEmpty', { name: c.name }));
      // The page that holds the item at totalCount-1: it holds exactly the items from its start to the end.
      const start = pageStart(c.op, 2, first.total - 1);
      const want = first.total - start;
      const lastEx = await send(h, withValues(h, c, { limit: 2, offset: first.total - 1 }));
      const after = markLedger(h);
      const last = pageOf(c, lastEx);
      if (typeof last === 'string') return inconclusive(last);
      if (last.total === undefined) return inconclusive(suiteSays('ixLastNoCount', { name: c.name }));
      // The run's own creations between the two readings (runtime/writes-ledger.ts) may have grown
      // the list: by d of them at most, the page holding item totalCount-1 of the first reading then
      // holds more of its items, never fewer. Shrunk, or grown by more than the run made: another writer.
      const d = last.total - first.total;
      const own = FED_BY[c.name] ? ownCreationsBetween(before, after, FED_BY[c.name]!) : 0;
      if (d < 0 || d > own) return inconclusive(suiteSays('ixCountMoved', { name: c.name, first: first.total, last: last.total, down: d < 0, own }));
      h.note('IX-7');
      // The page from `start` holds the items from there to the end: `want` of the first reading's
      // count, up to 2 where the run's own creations grew it meanwhile.
      const grown = d > 0 ? `, grown by ${d} of the run's own ${own} creation(s) between the readings` : '';
      const most = Math.min(2, last.total - start);
      const at = start === first.total - 1 ? `at offset totalCount-1` : `from offset ${start} (the page of size 2 holding item totalCount-1)`;
      const expected = most === want ? (want === 1 ? 'exactly one item' : `exactly ${want} items`) : `${want} to ${most} items`;
      if (last.items.length >= want && last.items.length <= most) return cells.set('IX-7', c.name, `passed (totalCount ${first.total}${grown})`);
      h.fail(
        'IX-7',
        `${c.name}: the page ${at} holds ${last.items.length} items, not ${most === want ? want : `${want} to ${most}`}`,
        `totalCount ${first.total}, then ${last.total}${grown}; ${last.items.length} item(s) ${at.replace('totalCount-1', String(first.total - 1))}`,
        `${expected} ${at} (a totalCount that counts the list)`,
        lastEx,
      );
      cells.set('IX-7', c.name, `FAILED: ${last.items.length} item(s) ${at}, totalCount ${first.total}${grown}`);
    });
    cells.save();
  },
);
