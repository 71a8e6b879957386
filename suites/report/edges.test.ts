// 4.3 "limit | integer | number of records to return; offset | integer | number of records to
// skip" at every edge their type and the text allow, and 8 rule 2: "the maximum value of limit:
// not shown" (observed); a negative offset, refused, read as 0 or as nothing. One walk of the fixture range (shared with the other report tests) gives
// the query's transactions; each edge is then one request.
import { edgePage, negativeOffsetPage, noEarlierPage, type EdgeParams } from '../../contract/checks/report-edges.ts';
import { pageIds, totalCountStable } from '../../contract/checks/report-relations.ts';
import { pageTotal, pageWithinLimit } from '../../contract/checks/report.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { fixtureQuery, limitCap, needsTransactions, page, sendRaw, type Query } from './query.ts';
import { walk } from './walk.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

const INT32_MAX = 2n ** 31n - 1n;
const SAFE_MAX = 2n ** 53n - 1n;
/** Past 2^53: JSON.parse of these digits gives another number; they are sent as written. */
const PAST_SAFE = [2n ** 53n + 1n, 2n ** 64n];

/** A page with limit and offset written digit for digit (the body text JSON.stringify would write for numbers). */
function pageAt(h: Harness, q: Query, limit: bigint, offset: bigint): Promise<Exchange> {
  if (limit <= SAFE_MAX && offset <= SAFE_MAX) return page(h, q, Number(limit), Number(offset));
  return sendRaw(h, `${JSON.stringify(q).slice(0, -1)},"limit":${limit},"offset":${offset}}`);
}

const name = (n: bigint) => (n === INT32_MAX ? '2^31-1' : n === SAFE_MAX ? '2^53-1' : n === 2n ** 53n + 1n ? '2^53+1' : n === 2n ** 64n ? '2^64' : String(n));

/** What a limit did (RP-13): the status, how many items, the totalCount. */
const outcome = (ex: Exchange) => ({
  status: ex.response?.status ?? ex.failure?.kind ?? ex.notSent?.reason,
  items: pageIds(ex).length,
  totalCount: pageTotal(ex),
});

verifies(
  'edges/RP-20+RP-2+RP-13',
  ['RP-20', 'RP-2', 'RP-13'],
  'limit and offset at the edges of their type and of the data give at most what was asked for, or a 4xx',
  async (h) => {
    if (!(await needsTransactions(h, ['RP-20', 'RP-2', 'RP-13']))) return;
    // The edges against the walk read earlier: judged on data that stayed still.
    await onStill(h, ['RP-20', 'RP-2', 'RP-13'], async (h) => {
      const q = fixtureQuery(h);
      const w = await walk(h, q);
      // The query's count, when its pages were seen to hold exactly that many transactions.
      const T = w.counted ? w.total! : undefined;
      const whole = w.exhausted ? w.ids : undefined;
      const base: Pick<EdgeParams, 'total' | 'whole'> = { ...(T !== undefined ? { total: T } : {}), ...(whole ? { whole } : {}) };
      const first = await page(h, q, 1, 0);
      const second = await page(h, q, 1, 1);
      // Ordinary limits and offsets are RP-2's: the edges are judged on a target that honours them.
      h.add(pageWithinLimit(first, { limit: 1 }));
      const honoursLimit = first.response?.status === 200 && pageIds(first).length <= 1;
      const honoursOffset = (T ?? 0) >= 2 && second.response?.status === 200 && pageIds(second)[0] !== undefined && pageIds(second)[0] !== pageIds(first)[0];

      const limits = [0n, 1n, 100n, 200n, 500n, 1000n, 10_000n, INT32_MAX, SAFE_MAX, ...PAST_SAFE, ...(T !== undefined ? [BigInt(T), BigInt(T) + 1n] : [])];
      const limitPages = await h.parallel(limits, (l) => pageAt(h, q, l, 0n));
      const offsets = T !== undefined ? [BigInt(T) - 1n, BigInt(T), BigInt(T) + 1n, INT32_MAX, SAFE_MAX, ...PAST_SAFE] : [];
      const offsetPages = honoursLimit && honoursOffset ? await h.parallel(offsets, (o) => pageAt(h, q, 10n, o)) : [];

      if (honoursLimit) limitPages.forEach((ex, i) => h.check(ex, edgePage, { label: `limit ${name(limits[i]!)}`, limit: limits[i]!, offset: 0n, ...base }));
      else h.inconclusive('RP-20', suiteSays('rpLimitOneNotKept'));
      if (honoursLimit && honoursOffset) {
        offsetPages.forEach((ex, i) => h.check(ex, edgePage, { label: `offset ${name(offsets[i]!)}`, limit: 10n, offset: offsets[i]!, ...base }));
        // Offsets below 0 at limit 1: the first page holds one of T >= 2 items, so one counted from the end differs.
        const negatives = [-1, -3];
        const negativePages = await h.parallel(negatives, (o) => page(h, q, 1, o));
        negativePages.forEach((ex, i) => h.check(ex, negativeOffsetPage, { label: `offset ${negatives[i]}, limit 1`, first }));
        const last = await page(h, q, 1, T! - 1);
        h.add(h.applied(noEarlierPage({ label: `offset ${T! - 1} (the last item), limit 1` }, first, last)));
        if (T! >= 3) h.add(h.applied(noEarlierPage({ label: `offset ${T! - 1} after offset ${T! - 2}, limit 1` }, await page(h, q, 1, T! - 2), last)));
      } else {
        h.inconclusive('RP-20', T === undefined ? suiteSays('rpPagesShort') : suiteSays('rpOffsetNotSkipped'));
      }
      // RP-2: totalCount is the count of transactions whatever limit and offset.
      h.add(h.applied(totalCountStable([w.pages[0]!, first, second, ...limitPages, ...offsetPages].filter((ex) => ex.response?.status === 200))));

      // RP-13: the largest limit honoured (a page as full as the data allows), and what happens above it.
      const observed = Object.fromEntries(limits.map((l, i) => [name(l), outcome(limitPages[i]!)]));
      const full = (ex: Exchange, l: bigint) =>
        ex.response?.status === 200 && BigInt(pageIds(ex).length) === (T !== undefined && BigInt(T) < l ? BigInt(T) : l);
      const honoured = limits.filter((l, i) => l > 0n && full(limitPages[i]!, l)).sort((a, b) => (a < b ? -1 : 1));
      const largest = honoured[honoured.length - 1];
      const above = limits.filter((l) => largest !== undefined && l > largest).sort((a, b) => (a < b ? -1 : 1))[0];
      h.observe('largestLimitHonoured', {
        largest: largest !== undefined ? name(largest) : null,
        above: above !== undefined ? { limit: name(above), ...outcome(limitPages[limits.indexOf(above)]!) } : null,
        limits: observed,
      });
      // RP-13: the cap the run learned and respected (a 4xx above a limit it accepted is the vendor's cap, never a failure).
      const cap = await limitCap(h);
      h.observe('largestLimit', {
        accepted: cap.accepted,
        refused: cap.refused !== undefined ? { limit: cap.refused, answer: cap.refusal } : null,
        refusedLater: cap.refusedLater,
        capBetween:
          cap.refused !== undefined
            ? `${Math.max(cap.accepted, ...limits.filter((l, i) => l <= 1_000_000n && full(limitPages[i]!, l)).map(Number))} .. ${Math.min(cap.refused, ...cap.refusedLater) - 1}`
            : null,
      });
    });
  },
);
