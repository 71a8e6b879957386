// 2.5 Consumption/production transaction and 4.3 report, one exchange at a time.
import { AMOUNT_2DP, parseDayMonthYear, parseIsoUtc, splitJoined, utcDay } from '../../core/formats.ts';
import { CONSUMED_FIELDS, MODULE_NAMES, PRODUCED_FIELDS, reportItem, reportSuccess } from '../schemas/report.ts';
import type { Exchange } from '../../core/types.ts';
import { isRecord } from './envelope.ts';
import { defineCheck, describeResponse, show, type Fact } from './finding.ts';

/** At most this many bad items are described per check and exchange; the rest are counted. */
const MAX_ITEMS_DESCRIBED = 3;

/** The items of a report page, whatever their shape (empty when the page is not one). */
export function pageItems(ex: Exchange): unknown[] {
  return isRecord(ex.json) && isRecord(ex.json.response) && Array.isArray(ex.json.response.items) ? ex.json.response.items : [];
}

/** The page's totalCount when it is an integer. */
export function pageTotal(ex: Exchange): number | undefined {
  const t = isRecord(ex.json) && isRecord(ex.json.response) ? ex.json.response.totalCount : undefined;
  return Number.isInteger(t) ? (t as number) : undefined;
}

/** The facts of the items of a page that `bad` describes; null (not applicable) for a page without items. */
function perItem(ex: Exchange, title: string, bad: (item: Record<string, unknown>) => string | null, expected: string): Fact[] | null {
  const items = pageItems(ex);
  if (items.length === 0) return null;
  const problems: string[] = [];
  items.forEach((item, i) => {
    const why = isRecord(item) ? bad(item) : 'not an object';
    if (why) problems.push(`items[${i}]${isRecord(item) && 'transactionId' in item ? ` (transactionId ${show(item.transactionId)})` : ''}: ${why}`);
  });
  if (problems.length === 0) return [];
  const more = problems.length > MAX_ITEMS_DESCRIBED ? `; and ${problems.length - MAX_ITEMS_DESCRIBED} more` : '';
  return [{ title: `${problems.length} item(s): ${title}`, received: problems.slice(0, MAX_ITEMS_DESCRIBED).join('; ') + more, expected }];
}

/** 4.3 Success: 200, envelope status true, code "200", response {totalCount integer, items array}; items of 2.5. */
export const reportShape = defineCheck('report.shape', 'RP-7', (ex: Exchange): Fact[] => {
  if (ex.response?.status !== 200)
    return [{ title: 'The report was not answered with 200', received: describeResponse(ex), expected: 'HTTP 200 with {totalCount, items}' }];
  const r = reportSuccess.safeParse(ex.json);
  if (!r.success) {
    const why = r.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
    return [
      {
        title: 'Report envelope is not as 4.3 states',
        received: `${show(ex.json)} (${why})`,
        expected: '{status: true, message, code: "200", response: {totalCount: integer, items: array}}',
      },
    ];
  }
  return (
    perItem(
      ex,
      'not a 2.5 transaction',
      (item) => {
        // Only the types: each format has its own requirement (RP-3 .. RP-6).
        const typed = reportItem.safeParse(item);
        // transactionId is a union (number or bigint): its type issue is an invalid_union (a string of digits, 2.5 "integer").
        const typeIssues = typed.success
          ? []
          : typed.error.issues.filter((i) => i.code === 'invalid_type' || i.code === 'invalid_value' || i.code === 'invalid_union');
        return typeIssues.length ? typeIssues.map((i) => `${i.path.join('.')}: ${i.message}`).join(', ') : null;
      },
      'every item has the 2.5 fields with their types',
    ) ?? []
  );
});

/** Evidence of a per-item check: the items of the page. */
const itemCount = (ex: Exchange) => pageItems(ex).length;

/** 2.5: "date | day/month/year, two-digit day and month, four-digit year". */
export const itemDates = defineCheck(
  'report.item-date-format',
  'RP-4',
  (ex: Exchange): Fact[] | null =>
    perItem(
      ex,
      'date is not dd/mm/yyyy',
      (it) => (typeof it.date === 'string' && parseDayMonthYear(it.date) !== null ? null : `date ${show(it.date)}`),
      'date dd/mm/yyyy, a calendar day',
    ),
  itemCount,
);

/** 2.5: "module bom or mc; moduleName Recipe for bom, Material Creation for mc". */
export const itemModules = defineCheck(
  'report.item-module',
  'RP-5',
  (ex: Exchange): Fact[] | null =>
    perItem(
      ex,
      'module or moduleName wrong',
      (it) => {
        if (it.module !== 'bom' && it.module !== 'mc') return `module ${show(it.module)}`;
        return it.moduleName === MODULE_NAMES[it.module] ? null : `module ${it.module} with moduleName ${show(it.moduleName)}`;
      },
      'module bom with moduleName "Recipe", or mc with "Material Creation"',
    ),
  itemCount,
);

const AMOUNT_FIELDS = ['consumedLandingCost', 'producedLandingCost', 'producedSellingPrice', 'producedMargin'] as const;

/** 2.5: "comma-joined amounts with two decimals". */
export const itemAmounts = defineCheck(
  'report.item-amounts',
  'RP-6',
  (ex: Exchange): Fact[] | null =>
    perItem(
      ex,
      'amount without two decimals',
      (it) => {
        const bad = AMOUNT_FIELDS.filter((f) => typeof it[f] !== 'string' || splitJoined(it[f] as string).some((a) => !AMOUNT_2DP.test(a)));
        return bad.length ? bad.map((f) => `${f} ${show(it[f])}`).join(', ') : null;
      },
      'every amount like 12.50 (two decimals)',
    ),
  itemCount,
);

/** The per-product fields of a group whose counts must agree: quantities, units and amounts. */
const COUNTED = (group: readonly string[]) => group.filter((f) => !f.endsWith('Product'));
const elements = (it: Record<string, unknown>, f: string) => (typeof it[f] === 'string' ? splitJoined(it[f] as string).length : -1);

/**
 * 2.5: values "joined by a comma, in the same order across the consumed group (or across the
 * produced group)". A product name may hold a comma itself, which the format cannot escape: the
 * MUST compares quantities, units and amounts, and asks at least as many names (RP-3b: exactly as many).
 */
export const itemGroupCounts = defineCheck(
  'report.item-group-counts',
  'RP-3',
  (ex: Exchange): Fact[] | null =>
    perItem(
      ex,
      'per-product fields of a group have different element counts',
      (it) => {
        const out: string[] = [];
        for (const group of [CONSUMED_FIELDS, PRODUCED_FIELDS]) {
          const counted = COUNTED(group);
          const counts = counted.map((f) => elements(it, f));
          const names = elements(it, group[0]!);
          if (new Set(counts).size !== 1 || names < counts[0]!) out.push(group.map((f) => `${f}=${elements(it, f)}`).join(' '));
        }
        return out.length ? out.join('; ') : null;
      },
      'equal element counts across the quantities, units and amounts of each group, and no fewer product names',
    ),
  itemCount,
);

/** 2.5 (SHOULD, strict): "comma-joined product names", as many as the group's quantities. */
export const itemNameCounts = defineCheck(
  'report.item-name-counts',
  'RP-3b',
  (ex: Exchange): Fact[] | null =>
    perItem(
      ex,
      'product names and quantities of a group have different element counts',
      (it) => {
        // A group whose quantities, units and amounts already disagree fails RP-3; names are compared
        // with the quantities of a group that keeps RP-3.
        const keepsRp3 = (group: readonly string[]) => new Set(COUNTED(group).map((f) => elements(it, f))).size === 1;
        const out = (
          [
            [CONSUMED_FIELDS, 'consumedQty'],
            [PRODUCED_FIELDS, 'producedQty'],
          ] as const
        )
          .filter(([group]) => keepsRp3(group))
          .map(([group, qty]) => [group[0], qty] as const)
          .filter(([names, qty]) => elements(it, names!) !== elements(it, qty!))
          .map(([names, qty]) => `${names}=${elements(it, names!)} ${qty}=${elements(it, qty!)}`);
        return out.length ? out.join('; ') : null;
      },
      'as many product names as quantities in each group',
    ),
  itemCount,
);

/** A range read in another time zone moves by at most this much (UTC-10 .. UTC+10 cover most vendors). */
export const TIME_ZONE_SHIFT_MS = 10 * 3_600_000;

/**
 * 4.3 rule 1: "The report contains transactions between dateFrom and dateTo" (UTC days, inclusive).
 * With `shiftMs`, only dates that no reading of the range in another time zone up to that far off
 * explains are reported: such a misreading is RP-11's (8 rule 3), found by the one-day sweep. A
 * range whose ends lie between 10:00 and 14:00 UTC is then judged on its exact days.
 */
export const itemsInRange = defineCheck(
  'report.items-in-range',
  'RP-1',
  (ex: Exchange, range: { dateFrom: string; dateTo: string; shiftMs?: number }): Fact[] | null => {
    const from = parseIsoUtc(range.dateFrom);
    const to = parseIsoUtc(range.dateTo);
    if (from === null || to === null) return null;
    const shift = range.shiftMs ?? 0;
    const first = utcDay(from - shift);
    const last = utcDay(to + shift);
    const within = shift ? ` (or a reading up to ${shift / 3_600_000} h off UTC)` : '';
    return perItem(
      ex,
      `dated outside ${range.dateFrom} .. ${range.dateTo}${within}`,
      (it) => {
        const day = typeof it.date === 'string' ? parseDayMonthYear(it.date) : null;
        if (day === null) return null; // RP-4 reports it
        return day >= first && day <= last ? null : `date ${it.date}`;
      },
      `every date between ${range.dateFrom} and ${range.dateTo} (UTC days, inclusive${within})`,
    );
  },
  itemCount,
);

/** 4.3 rule 2: a page holds at most `limit` items (applies to a page with items: an empty one holds at most any). */
export const pageWithinLimit = defineCheck('report.page-within-limit', 'RP-2', (ex: Exchange, p: { limit: number }): Fact[] | null => {
  const n = pageItems(ex).length;
  if (ex.response?.status !== 200 || pageTotal(ex) === undefined || n === 0) return null;
  return n <= p.limit
    ? []
    : [{ title: 'A page holds more items than limit', received: `${n} items for limit ${p.limit}`, expected: `at most ${p.limit} items` }];
});

/** Every per-item check of a successful report page. */
export const reportPageChecks = [reportShape, itemDates, itemModules, itemAmounts, itemGroupCounts, itemNameCounts];
