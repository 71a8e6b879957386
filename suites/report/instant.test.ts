// 4.3 rule 1 and 8 rule 3 (UTC) at the exact instant of one transaction. Items carry a day only
// (2.5), so within a UTC day that holds the transaction a bisection on dateFrom finds the last
// whole second t whose range [t, next day 00:00:00Z] still holds it (bounded by MAX_LOCATE); then
// [t + 1 ms, ...] no longer holding it places it at t to the millisecond, [t, t] must hold it
// (RP-25), and its date must be the UTC day of t (RP-11). The day (one of the 3 least busy) and the
// transaction are drawn from the run's seed; the observation locatedInstant says which.
import fc from 'fast-check';
import { dateIsUtcDayOf, pointHoldsLocated, refusedRange } from '../../contract/checks/report-instant.ts';
import { idsByDay, itemDay } from '../../contract/checks/report-dates.ts';
import { itemKey, pageItemsExact } from '../../contract/checks/report-relations.ts';
import { isoInstant } from '../../generators/report-range.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { fixtureQuery, needsTransactions, page, walkLimit, type Query } from './query.ts';
import { walk } from './walk.ts';
import { suiteSays } from '../../core/words/suites.ts';

const DAY = 86_400_000;
/** Walks the location may take at most: a one-day range to start, 17 halvings of a day, a check at t + 1 ms. */
const MAX_LOCATE = 22;
/** Days tried at most for one that holds a transaction (the fewest-dated days first: small pages). */
const MAX_DAYS = 3;

/** Which of `n` days or transactions (`what`) the run takes: drawn from its seed. */
const drawn = (seed: number, n: number, what: 'day' | 'transaction') =>
  fc.sample(fc.nat({ max: n - 1 }), { seed: seed + (what === 'day' ? 25 : 26), numRuns: 1 })[0]!;

/** The date of a transaction in a walk's items, and its key. */
const entries = (pages: Awaited<ReturnType<typeof walk>>['pages']) => pages.flatMap(pageItemsExact).map((item) => ({ id: itemKey(item), item }));

verifies(
  'instant/RP-25+RP-11',
  ['RP-25', 'RP-11'],
  'A transaction located to the second t by UTC ranges is in the range [t, t], and dated the UTC day of t',
  async (h) => {
    const ids = ['RP-25', 'RP-11'];
    if (!(await needsTransactions(h, ids))) return;
    const q = fixtureQuery(h);
    // The days of the fixture range by the dates its walk shows (shared with the other report tests),
    // fewest transactions first: the location's pages stay one request each.
    const dated = idsByDay((await walk(h, q)).pages);
    const byCount = [...dated.entries()].sort((a, b) => a[1].size - b[1].size || a[0] - b[0]).map(([d, dayIds]) => ({ d, n: dayIds.size }));
    // The first day tried: one of the MAX_DAYS least busy ones (the days this test may walk anyway), drawn from the seed.
    const least = Math.min(MAX_DAYS, byCount.length);
    const first = least ? drawn(h.ctx.seed, least, 'day') : 0;
    const days = [byCount[first], ...byCount.filter((_, i) => i !== first)].flatMap((x) => (x ? [x.d] : []));
    const dayChosen = `the least busy day ${first + 1} of ${least} (${byCount[first]?.n} transaction(s) dated that day)`;
    let start: { day: number; id: string; date: unknown; exchange: Awaited<ReturnType<typeof page>>; chosen: string } | undefined;
    for (const day of days.slice(0, MAX_DAYS)) {
      // The one-day range of the day sweep (dates.test.ts), so usually an answer the run has already.
      const w = await walk(h, { ...q, dateFrom: isoInstant(day), dateTo: isoInstant(day + DAY - 1000) });
      if (!w.answered || !w.exhausted) continue;
      const list = entries(w.pages);
      // A transaction the range holds but dated another day is where a date in another zone shows:
      // one of those when there are some, else one of the day's, drawn from the seed.
      const otherDay = list.filter((e) => itemDay(e.item) !== day);
      const among = otherDay.length ? otherDay : list;
      if (among.length) {
        const k = drawn(h.ctx.seed, among.length, 'transaction');
        const pick = among[k]!;
        const which = day === days[0] ? dayChosen : 'the next least busy day';
        const chosen = `${which}, transaction ${k + 1} of the ${among.length} ${otherDay.length ? 'dated another day than' : 'of'} the range ${isoInstant(day)} .. ${isoInstant(day + DAY - 1000)} (drawn from seed ${h.ctx.seed})`;
        start = { day, id: pick.id, date: (pick.item as { date?: unknown }).date, exchange: w.pages[0]!, chosen };
        break;
      }
    }
    if (!start) {
      h.inconclusive(ids, suiteSays('rpNoDayRead', { days: Math.min(MAX_DAYS, days.length) }));
      return;
    }
    const located = await locate(h, q, start.day, start.id);
    if (located.kind !== 'second') {
      h.inconclusive(ids, located.reason);
      h.observe('locatedInstant', { transaction: start.id, chosen: start.chosen, ...located });
      return;
    }
    const { t } = located;
    if (typeof start.date === 'string') h.add(h.applied(dateIsUtcDayOf({ id: start.id, t, date: start.date, exchange: start.exchange })));
    // [t + 1 ms, ...] still holding it: the target keeps times finer than a second, or reads dateFrom
    // to the second only; "at t" is not established, and [t, t] is not judged.
    const after = await holds(h, q, t + 1, start.day + DAY, start.id);
    if (after.held === undefined) {
      h.inconclusive('RP-25', after.reason);
      return;
    }
    if (after.held) {
      h.inconclusive('RP-25', suiteSays('rpSubSecond', { id: start.id, instant: isoInstant(t) }));
      h.observe('locatedInstant', { transaction: start.id, chosen: start.chosen, second: isoInstant(t), finerThanSecond: true });
      return;
    }
    const point = await page(h, { ...q, dateFrom: isoInstant(t), dateTo: isoInstant(t) }, await walkLimit(h), 0);
    const second = refusedRange(point) ? await page(h, { ...q, dateFrom: isoInstant(t - 1000), dateTo: isoInstant(t) }, await walkLimit(h), 0) : undefined;
    h.add(h.applied(pointHoldsLocated({ id: start.id, t, point, ...(second ? { second } : {}) })));
    h.observe('locatedInstant', {
      transaction: start.id,
      chosen: start.chosen,
      at: isoInstant(t),
      date: start.date,
      pointRange: point.response?.status ?? null,
      requests: located.walks + 2,
    });
  },
);

type Held = { held: boolean; reason?: undefined } | { held: undefined; reason: string };

/** Whether the range [from, to] (ms) of the query's branches holds transaction `id`, read to its end. */
async function holds(h: Harness, q: Query, from: number, to: number, id: string): Promise<Held> {
  const w = await walk(h, { ...q, dateFrom: isoInstant(from), dateTo: isoInstant(to) });
  if (!w.answered || !w.exhausted) return { held: undefined, reason: suiteSays('rpRangeNotAnswered', { from: isoInstant(from), to: isoInstant(to) }) };
  return { held: w.ids.has(id) };
}

type Located = { kind: 'second'; t: number; walks: number } | { kind: 'not-located'; reason: string; walks: number };

/**
 * The last whole second t of `day` whose range [t, next day 00:00:00Z] holds transaction `id`
 * (the one-day range holds it, so [day 00:00:00Z, ...] does under any reading of dateFrom as the
 * start). dateTo lies past every second tried, so a range is never one instant here.
 */
async function locate(h: Harness, q: Query, day: number, id: string): Promise<Located> {
  let lo = 0;
  let hi = DAY / 1000 - 1;
  let walks = 0;
  while (lo < hi) {
    if (walks >= MAX_LOCATE) return { kind: 'not-located', reason: suiteSays('rpNotLocated', { ranges: MAX_LOCATE }), walks };
    const mid = Math.ceil((lo + hi) / 2);
    const r = await holds(h, q, day + mid * 1000, day + DAY, id);
    walks++;
    if (r.held === undefined) return { kind: 'not-located', reason: r.reason, walks };
    if (r.held) lo = mid;
    else hi = mid - 1;
  }
  return { kind: 'second', t: day + lo * 1000, walks };
}
