// 4.3: metamorphic relations between the transactions (ids) of related report queries - a
// filter never adds, the parts of a filter or of a range hold the whole, identical requests agree.
// A relation applies (and is evidence) only when it is about some transaction: relations between
// empty answers hold trivially and are never noted as verified.
import type { Exchange, Finding, Replay } from '../../core/types.ts';
import { judged, toFinding, type CheckResult } from './finding.ts';
import { pageTotal } from './report.ts';
import { pageIds } from './report-relations.ts';

/** The transactions one query returned over all its pages (a walk that reached the end). */
export interface IdSet {
  label: string;
  ids: ReadonlySet<string>;
  /** The exchange a finding points at (its curl line reproduces the query). */
  exchange?: Exchange;
}

export interface RelationInfo {
  checkId: string;
  requirementId: string;
  title: string;
  expected: string;
  replay?: Replay;
}

/** At most this many ids are listed in a finding; the rest are counted. */
const MAX_IDS = 5;

export function showIds(ids: string[]): string {
  const more = ids.length > MAX_IDS ? ` and ${ids.length - MAX_IDS} more` : '';
  return ids.slice(0, MAX_IDS).join(', ') + more;
}

function finding(o: RelationInfo, received: string, at?: Exchange): Finding[] {
  return [toFinding(o.checkId, o.requirementId, { title: o.title, received, expected: o.expected }, at, o.replay)];
}

/** The ids of a set of pages. */
export function idsOf(pages: Exchange[]): Set<string> {
  return new Set(pages.flatMap(pageIds));
}

/** Every transaction of `part` is in `whole` (a filter never adds; a narrower range is within a wider one). */
export function subsetOf(o: RelationInfo, part: IdSet, whole: IdSet): CheckResult {
  return judged((note) => {
    if (part.ids.size === 0) return [];
    note(o.requirementId, part.ids.size, o.checkId);
    const extra = [...part.ids].filter((id) => !whole.ids.has(id));
    if (extra.length === 0) return [];
    return finding(
      o,
      `${extra.length} of the ${part.ids.size} transaction(s) of ${part.label} are not in ${whole.label} (${whole.ids.size} transactions): ${showIds(extra)}`,
      part.exchange,
    );
  });
}

/** Every transaction of `whole` is in one of `parts` (the parts of a filter together hold the whole). */
export function coveredBy(o: RelationInfo, parts: IdSet[], whole: IdSet): CheckResult {
  return judged((note) => {
    if (whole.ids.size === 0) return [];
    note(o.requirementId, whole.ids.size, o.checkId);
    const missing = [...whole.ids].filter((id) => !parts.some((p) => p.ids.has(id)));
    if (missing.length === 0) return [];
    return finding(
      o,
      `${missing.length} of the ${whole.ids.size} transaction(s) of ${whole.label} are in none of ${parts.map((p) => p.label).join(', ')}: ${showIds(missing)}`,
      whole.exchange,
    );
  });
}

/** The parts hold exactly the transactions of the whole, and no transaction is in two parts. */
export function partitionOf(o: RelationInfo, parts: IdSet[], whole: IdSet): CheckResult {
  return judged((note) => {
    const size = parts.reduce((n, p) => n + p.ids.size, whole.ids.size);
    if (size === 0) return [];
    note(o.requirementId, whole.ids.size || size, o.checkId);
    const problems: string[] = [];
    const missing = [...whole.ids].filter((id) => !parts.some((p) => p.ids.has(id)));
    if (missing.length) problems.push(`${missing.length} transaction(s) of ${whole.label} are in no part: ${showIds(missing)}`);
    for (const p of parts) {
      const extra = [...p.ids].filter((id) => !whole.ids.has(id));
      if (extra.length) problems.push(`${extra.length} transaction(s) of ${p.label} are not in ${whole.label}: ${showIds(extra)}`);
    }
    parts.forEach((p, i) =>
      parts.slice(i + 1).forEach((q) => {
        const both = [...p.ids].filter((id) => q.ids.has(id));
        if (both.length) problems.push(`${both.length} transaction(s) are in both ${p.label} and ${q.label}: ${showIds(both)}`);
      }),
    );
    if (problems.length === 0) return [];
    const sizes = [...parts, whole].map((s) => `${s.label}: ${s.ids.size}`).join(', ');
    return finding(o, `${problems.join('; ')} (${sizes})`, whole.exchange);
  });
}

/** The answers that say something about agreement: not a 429 still refused, not a request never answered. */
const comparable = (ex: Exchange) => ex.response !== undefined && ex.response.status !== 429 && !ex.notSent;

/**
 * RP-21: identical requests agree - the same status, and for 200 answers the same totalCount and
 * the same transactions on the page. Applies when two or more answers hold transactions.
 */
export function answersAgree(o: RelationInfo, label: string, answers: Exchange[]): CheckResult {
  return judged((note) => {
    const seen = answers.filter(comparable);
    if (seen.length < 2 || !seen.some((ex) => pageIds(ex).length > 0 || (pageTotal(ex) ?? 0) > 0)) return [];
    note(o.requirementId, seen.length, o.checkId);
    const shape = (ex: Exchange) =>
      ex.response!.status === 200
        ? `HTTP 200, totalCount ${pageTotal(ex) ?? '-'}, ${pageIds(ex).length} items [${showIds([...pageIds(ex)].sort())}]`
        : `HTTP ${ex.response!.status}`;
    const key = (ex: Exchange) => (ex.response!.status === 200 ? `200|${pageTotal(ex)}|${[...pageIds(ex)].sort().join(',')}` : String(ex.response!.status));
    const groups = new Map<string, Exchange[]>();
    for (const ex of seen) groups.set(key(ex), [...(groups.get(key(ex)) ?? []), ex]);
    if (groups.size === 1) return [];
    const received = [...groups.values()].map((g) => `${g.length} answered ${shape(g[0]!)}`).join('; ');
    const odd = [...groups.values()].sort((a, b) => a.length - b.length)[0]![0];
    return finding(o, `${seen.length} identical requests (${label}): ${received}`, odd);
  });
}
