// Report requests of the suites: the fixture's branches and range, one page or every page.
// A report over a past range is a function of its request (RP-21 verifies it), so each distinct
// request is sent once per run and its answer shared by every test that asks it: a walk of the
// fixture range serves the pagination, filter, date and edge tests alike, and no two identical
// requests are ever in flight at once except where RP-21 sends them on purpose.
import type { FilterKey } from '../../config/schema.ts';
import { pageItems, pageTotal } from '../../contract/checks/report.ts';
import type { Exchange } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { readRoundOf } from '../../runtime/held-round.ts';
import { defineRunState } from '../../runtime/run-state.ts';
import { answerStore } from './answers.ts';
import { suiteSays } from '../../core/words/suites.ts';

export type Query = { dateFrom: string; dateTo: string; branchList: string; moduleName?: string[] } & Partial<Record<FilterKey, string>>;

/** 8 rule 2: "the maximum value of limit: not shown" - what the run learned of the target's cap (RP-13). */
export interface LimitCap {
  /** The largest limit the target answered 200 for the fixture query when the run first asked. */
  accepted: number;
  /** The smallest limit refused with a 4xx above `accepted` at that time (the cap lies below it), if any. */
  refused?: number;
  /** What the target said when it refused it. */
  refusal?: string;
  /** Limits refused later above `accepted` (each a cap refusal, never a failure), smallest first. */
  refusedLater: number[];
}

/** What the report tests of one run share: every distinct request's answer (sent once per run, within a memory budget: answers.ts), and the cap as learned once, by the first walk of the fixture range. */
const reportRun = defineRunState('report', () => ({ answers: answerStore(), cap: undefined as Promise<LimitCap> | undefined }));

/** Limits tried, largest first, for walking a query: the maximum limit is not shown (8 rule 2). */
const WALK_LIMITS = [200, 100, 50, 20, 10];

/** Answers that say nothing about the target are not kept: the next test asks again. */
const keepable = (ex: Exchange) => !ex.notSent && ex.response !== undefined && ex.response.status !== 429;

function cached(h: Harness, text: string, sendIt: () => Promise<Exchange>): Promise<Exchange> {
  // The run's own state holds the answers (runtime/run-state.ts): the cache never crosses runs.
  // A fresh reading of a relation (suites/report/still.ts) keeps answers of its own round.
  const answers = reportRun(h).answers;
  const round = readRoundOf(h);
  const key = round === 0 ? text : `${round}|${text}`;
  let answer = answers.get(key);
  if (!answer) {
    answer = sendIt();
    answers.set(key, answer);
    answer.then(
      (ex) => {
        if (!keepable(ex)) answers.delete(key);
      },
      () => answers.delete(key),
    );
  }
  return answer;
}

/**
 * Drops the kept answer of this JSON body (a page a walk asked ahead of need and never read): the
 * run keeps what its tests read, not what a walk that stopped early had asked for.
 */
export function forget(h: Harness, body: Record<string, unknown>): void {
  const round = readRoundOf(h);
  const text = JSON.stringify(body);
  reportRun(h).answers.delete(round === 0 ? text : `${round}|${text}`);
}

/** A report request with this JSON body (once per run). */
export function send(h: Harness, body: Record<string, unknown>): Promise<Exchange> {
  return cached(h, JSON.stringify(body), () => h.client.report({ body }));
}

/** A report request sent now, never shared: a mark of the data (suites/report/still.ts). */
export function sendFresh(h: Harness, body: Record<string, unknown>): Promise<Exchange> {
  return h.client.report({ body });
}

/** A report request with this exact body text, e.g. a limit past 2^53 written digit for digit (once per run). */
export function sendRaw(h: Harness, text: string): Promise<Exchange> {
  return cached(h, text, () => h.client.report({ rawBody: text }));
}

export function fixtureQuery(h: Harness): Query {
  const r = h.config.fixtures.report;
  return { dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: r.branchList };
}

export function page(h: Harness, q: Query, limit: number, offset: number): Promise<Exchange> {
  return send(h, { ...q, limit, offset });
}

/** The totalCount of a query (one request, limit 1). */
export async function total(h: Harness, q: Query): Promise<{ ex: Exchange; total: number | undefined }> {
  const ex = await page(h, q, 1, 0);
  return { ex, total: pageTotal(ex) };
}

/** A refusal of a limit above its maximum: a 4xx other than 403 and 429. */
const refusedStatus = (s: number | undefined) => s !== undefined && s >= 400 && s < 500 && s !== 403 && s !== 429;

/**
 * 8 rule 2: "the maximum value of limit: not shown". Learned once per run, by the first walk of the
 * fixture query: the largest of WALK_LIMITS the target accepts, and the smallest it refused with a
 * 4xx above it (a vendor may refuse a limit above its own cap). Kept in the run's state.
 */
export function limitCap(h: Harness): Promise<LimitCap> {
  const shared = reportRun(h);
  shared.cap ??= (async () => {
    let refused: Exchange | undefined;
    let at: number | undefined;
    for (const l of WALK_LIMITS) {
      const ex = await page(h, fixtureQuery(h), l, 0);
      if (!refusedStatus(ex.response?.status)) return { accepted: l, ...(refused ? { refused: at!, refusal: refusalText(refused) } : {}), refusedLater: [] };
      refused = ex;
      at = l;
    }
    return { accepted: WALK_LIMITS[0]!, refusedLater: [] };
  })();
  return shared.cap;
}

const refusalText = (ex: Exchange) => `HTTP ${ex.response!.status} ${ex.response!.body.slice(0, 160)}`;

/** The largest of WALK_LIMITS the target accepts for the fixture query (4xx above its maximum). */
export async function walkLimit(h: Harness): Promise<number> {
  return (await limitCap(h)).accepted;
}

/** A limit the test wants, kept below the cap the run learned (a limit the target refused is not sent again). */
export async function fitLimit(h: Harness, limit: number): Promise<number> {
  const cap = await limitCap(h);
  return cap.refused !== undefined && limit >= cap.refused ? cap.accepted : limit;
}

/**
 * Was this page refused for a limit above the target's own cap? A 4xx to a limit larger than one
 * the target accepted is the vendor's cap (RP-13 records it), never a failure: the caller takes
 * no evidence from it.
 */
export async function capRefused(h: Harness, ex: Exchange, limit: number): Promise<boolean> {
  const cap = await limitCap(h);
  if (!refusedStatus(ex.response?.status) || limit <= cap.accepted) return false;
  if (!cap.refusedLater.includes(limit)) cap.refusedLater = [...cap.refusedLater, limit].sort((a, b) => a - b);
  return true;
}

/** A short label of a query for findings: its range, branches and filters. */
export function describeQuery(q: Query): string {
  const { dateFrom, dateTo, branchList, ...filters } = q;
  const f = Object.entries(filters)
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
    .join(', ');
  return `${dateFrom} .. ${dateTo}, branches ${branchList}${f ? `, ${f}` : ''}`;
}

/**
 * No verdict without transactions: when the fixture range holds none, the test's requirements
 * that need some are inconclusive with the reason, and the test has nothing to verify them on.
 */
export async function needsTransactions(h: Harness, ids: string[]): Promise<boolean> {
  const q = fixtureQuery(h);
  const ex = await page(h, q, await walkLimit(h), 0);
  const t = pageTotal(ex);
  if (ex.response?.status !== 200 || t === undefined) {
    h.inconclusive(ids, suiteSays('rpNoTotalCount', { query: describeQuery(q) }));
    return false;
  }
  if (t === 0 && pageItems(ex).length === 0) {
    h.inconclusive(ids, suiteSays('rpRangeEmpty', { dateFrom: q.dateFrom, dateTo: q.dateTo, branchList: q.branchList }));
    return false;
  }
  return true;
}
