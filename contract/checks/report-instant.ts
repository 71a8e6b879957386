// 4.3 rule 1 "The report contains transactions between dateFrom and dateTo" and 8 rule 3 "Dates of
// the report are interpreted in UTC", judged at one transaction's own instant. The suite locates a
// transaction by ranges to the second t (the last whole second whose range [t, ...] still holds
// it); these checks judge what the target answered there:
// - RP-25: [t, t] holds it ("between t and t" holds what happens at t, both ends inclusive);
// - RP-11: its date is the UTC day of t.
import { formatDayMonthYear, parseDayMonthYear, utcDay } from '../../core/formats.ts';
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { describeResponse, judged, toFinding, type CheckResult } from './finding.ts';
import { pageIds } from './report-relations.ts';

const iso = (t: number) => new Date(t).toISOString();

/** A refusal of the request itself (not of the token, not a quota): a 4xx other than 403 and 429. */
export const refusedRange = (ex: Exchange) => {
  const s = ex.response?.status;
  return s !== undefined && s >= 400 && s < 500 && s !== 403 && s !== 429;
};

export interface PointAnswer {
  /** The transaction located, by its key. */
  id: string;
  /** The located second (ms since the epoch, a whole second). */
  t: number;
  /** The answer to [t, t]. */
  point: Exchange;
  /** Where [t, t] was refused with a 4xx: the answer to the one-second range [t - 1 s, t]. */
  second?: Exchange;
}

/**
 * RP-25: the range [t, t] holds the transaction located at t. A vendor may refuse a range whose
 * ends are one instant (4xx): then [t - 1 s, t], a range ending at t, must hold it. Applies when
 * the answer that decides is a 200.
 */
export function pointHoldsLocated(a: PointAnswer, replay?: Replay): CheckResult {
  return judged((note) => {
    const decisive = refusedRange(a.point) && a.second ? a.second : a.point;
    if (decisive.response?.status !== 200) return [];
    note('RP-25', 1, 'report.point-range-holds-located');
    if (pageIds(decisive).includes(a.id)) return [];
    const range =
      decisive === a.point ? `[${iso(a.t)}, ${iso(a.t)}]` : `[${iso(a.t - 1000)}, ${iso(a.t)}] (after [t, t] was refused: ${describeResponse(a.point)})`;
    return [
      toFinding(
        'report.point-range-holds-located',
        'RP-25',
        {
          title: 'A range ending at the instant of a transaction leaves the transaction out',
          received: `transaction ${a.id}, located at ${iso(a.t)} ([t, ...] holds it, [t + 1 ms, ...] does not), is not in ${range}: ${pageIds(decisive).length} item(s)`,
          expected: `transaction ${a.id} in ${range}: "between dateFrom and dateTo" holds both ends`,
        },
        decisive,
        replay,
      ),
    ];
  });
}

/**
 * RP-11: the date of a transaction located at t by UTC ranges is the UTC day of t. Lenient: a
 * target that reads dateFrom as exclusive locates a transaction at 00:00:00 one second early, so
 * the day of t + 1 s passes too.
 */
export function dateIsUtcDayOf(o: { id: string; t: number; date: string; exchange: Exchange; replay?: Replay }): CheckResult {
  return judged((note) => {
    const day = parseDayMonthYear(o.date);
    if (day === null) return []; // no dd/mm/yyyy date: RP-4 reports it
    note('RP-11', 1, 'report.located-date-utc');
    const days = [utcDay(o.t), utcDay(o.t + 1000)];
    if (days.includes(day)) return [];
    return [
      toFinding(
        'report.located-date-utc',
        'RP-11',
        {
          title: 'A transaction located by UTC ranges is dated another day',
          received: `transaction ${o.id}, located at ${iso(o.t)} by UTC ranges, is dated ${o.date}`,
          expected: `date ${formatDayMonthYear(o.t)} (the UTC day of its instant)`,
        },
        o.exchange,
        o.replay,
      ),
    ];
  });
}
