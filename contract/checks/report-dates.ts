// 4.3 rule 1 and 8 rule 3 over a sweep of one-day ranges [D 00:00:00Z, D 23:59:59Z]: each day's
// answer is compared with the transactions dated D that a wider range returned. What went wrong
// decides the requirement, so that one defect is reported once, under the rule it breaks:
// - a range read in another time zone is shifted: some day holds transactions of a neighbouring
//   day AND misses some of its own (RP-11, "Dates of the report are interpreted in UTC");
// - otherwise a day holding transactions of other days is a range wider than asked (RP-1,
//   "transactions between dateFrom and dateTo"),
// - and a day missing transactions of its own is a range narrower than asked: its last second,
//   or the time of dateTo, was dropped (RP-17).
import { formatDayMonthYear, parseDayMonthYear } from '../../core/formats.ts';
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { isRecord } from './envelope.ts';
import { judged, toFinding, type CheckResult } from './finding.ts';
import { itemKey, pageItemsExact } from './report-relations.ts';
import { showIds } from './report-sets.ts';

/** The answer to one one-day range: its pages, and whether they were read to the end. */
export interface DayAnswer {
  /** UTC day, ms at 00:00:00Z. */
  day: number;
  pages: Exchange[];
  exhausted: boolean;
}

/**
 * What one day's answer shows against the wider range, without its pages: all the sweep compares.
 * Its first page is kept as evidence only where the day holds a transaction of another day or
 * misses one of its own (a sweep of many days holds no page of a day that kept to it).
 */
export interface DayFacts {
  day: number;
  exhausted: boolean;
  dated: number;
  before: string[];
  after: string[];
  missing: string[];
  evidence?: Exchange;
}

/** The UTC day of an item's dd/mm/yyyy date, or null when it has none (RP-4 reports it). */
export function itemDay(item: unknown): number | null {
  return isRecord(item) && typeof item.date === 'string' ? parseDayMonthYear(item.date) : null;
}

/** The transactions of a wider range by their UTC day. */
export function idsByDay(pages: Exchange[]): Map<number, Set<string>> {
  const out = new Map<number, Set<string>>();
  for (const item of pages.flatMap(pageItemsExact)) {
    const day = itemDay(item);
    if (day === null) continue;
    let set = out.get(day);
    if (!set) out.set(day, (set = new Set()));
    set.add(itemKey(item));
  }
  return out;
}

/** The facts of one day's answer, once its walk has ended (the caller may then drop its pages). */
export function dayFacts(answer: DayAnswer, wider: Map<number, Set<string>>): DayFacts {
  const items = answer.pages.flatMap(pageItemsExact);
  const ids = new Set(items.map(itemKey));
  const f: DayFacts = { day: answer.day, exhausted: answer.exhausted, dated: 0, before: [], after: [], missing: [] };
  for (const item of items) {
    const day = itemDay(item);
    if (day === null) continue;
    f.dated++;
    if (day < answer.day) f.before.push(`${itemKey(item)} (${formatDayMonthYear(day)})`);
    if (day > answer.day) f.after.push(`${itemKey(item)} (${formatDayMonthYear(day)})`);
  }
  if (answer.exhausted) f.missing = [...(wider.get(answer.day) ?? [])].filter((id) => !ids.has(id));
  if (f.before.length + f.after.length + f.missing.length > 0 && answer.pages[0]) f.evidence = answer.pages[0];
  return f;
}

const dayText = (f: DayFacts) => formatDayMonthYear(f.day);

function describe(list: DayFacts[], what: (f: DayFacts) => string): string {
  const more = list.length > 3 ? `; and ${list.length - 3} more day(s)` : '';
  return (
    list
      .slice(0, 3)
      .map((f) => `${dayText(f)}: ${what(f)}`)
      .join('; ') + more
  );
}

/** Judges a sweep of one-day ranges against the days of a wider range (see the file comment). */
export function daySweep(answers: DayAnswer[], wider: Map<number, Set<string>>, replay?: Replay): CheckResult {
  return daySweepOf(
    answers.map((a) => dayFacts(a, wider)),
    wider,
    replay,
  );
}

/** As daySweep, on the facts of each day (dayFacts), taken as each day's walk ended. */
export function daySweepOf(facts: DayFacts[], wider: Map<number, Set<string>>, replay?: Replay): CheckResult {
  return judged((note) => {
    const applied = facts.filter((f) => f.dated > 0 || (f.exhausted && (wider.get(f.day)?.size ?? 0) > 0));
    if (applied.length === 0) return [];
    note('RP-11', applied.length, 'report.day-sweep-utc');
    note(
      'RP-1',
      facts.reduce((n, f) => n + f.dated, 0),
      'report.day-sweep-in-range',
    );
    note(
      'RP-17',
      facts.reduce((n, f) => n + (f.exhausted ? (wider.get(f.day)?.size ?? 0) : 0), 0),
      'report.day-sweep-whole-days',
    );
    const extra = (f: DayFacts) => f.before.length + f.after.length > 0;
    const at = (f: DayFacts) => f.evidence;
    const shifted = facts.filter((f) => extra(f) && f.missing.length > 0);
    if (shifted.length > 0) {
      return [
        toFinding(
          'report.day-range-shifted',
          'RP-11',
          {
            title: `${shifted.length} one-day range(s) hold transactions of a neighbouring day and miss some of their own: the range is not read in UTC`,
            received: describe(shifted, (f) => `holds ${showIds([...f.before, ...f.after])}; misses ${showIds(f.missing)}`),
            expected: 'a range [D 00:00:00Z, D 23:59:59Z] holds exactly the transactions dated D (UTC days)',
          },
          at(shifted[0]!),
          replay,
        ),
      ];
    }
    const findings: Finding[] = [];
    const wide = facts.filter(extra);
    if (wide.length > 0) {
      findings.push(
        toFinding(
          'report.day-range-wider',
          'RP-1',
          {
            title: `${wide.length} one-day range(s) hold transactions dated outside the range`,
            received: describe(wide, (f) => `holds ${showIds([...f.before, ...f.after])}`),
            expected: 'only transactions dated D in the range [D 00:00:00Z, D 23:59:59Z]',
          },
          at(wide[0]!),
          replay,
        ),
      );
    }
    const narrow = facts.filter((f) => f.missing.length > 0);
    if (narrow.length > 0) {
      findings.push(
        toFinding(
          'report.day-range-whole',
          'RP-17',
          {
            title: `${narrow.length} one-day range(s) ending at 23:59:59Z miss transactions dated that day`,
            received: describe(narrow, (f) => `misses ${showIds(f.missing)} (seen dated that day in the wider range)`),
            expected: 'every transaction dated D in the range [D 00:00:00Z, D 23:59:59Z], the last second included',
          },
          at(narrow[0]!),
          replay,
        ),
      );
    }
    return findings;
  });
}

/**
 * RP-10 ("A narrower date range never holds more transactions than a wider one"): the one-day
 * ranges inside a wider range are disjoint, so together they hold no more than it. Judged on
 * totals the caller found trustworthy (each answer keeps to its day, every page agrees on totalCount).
 */
export function daysNotMore(
  days: Array<{ day: number; total: number }>,
  wider: { label: string; total: number; exchange?: Exchange },
  replay?: Replay,
): CheckResult {
  return judged((note) => {
    const sum = days.reduce((n, d) => n + d.total, 0);
    if (sum === 0 && wider.total === 0) return [];
    note('RP-10', 1, 'report.days-not-more');
    if (sum <= wider.total) return [];
    const top = [...days]
      .sort((a, b) => b.total - a.total)
      .slice(0, 3)
      .map((d) => `${formatDayMonthYear(d.day)}: ${d.total}`)
      .join(', ');
    return [
      toFinding(
        'report.days-not-more',
        'RP-10',
        {
          title: 'The one-day ranges of a range together hold more transactions than the range',
          received: `${days.length} one-day ranges hold ${sum} transactions in all (most: ${top}); ${wider.label}: totalCount ${wider.total}`,
          expected: 'the sum of the totalCounts of disjoint one-day ranges inside a range <= its totalCount',
        },
        wider.exchange,
        replay,
      ),
    ];
  });
}
