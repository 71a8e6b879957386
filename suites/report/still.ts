// Relations between report answers read at different moments are judged on data that stayed
// still. A relation that holds is passed at once, on the answers the run shares. One that does not
// is read again, fresh, between two marks of the data when the data moved since the run's first
// reading: a discrepancy that repeats on a still snapshot is a defect, one that moves with the data
// is an observation ("the data changed while it was read: 406 -> 407"), never a failure.
import { pageIds } from '../../contract/checks/report-relations.ts';
import { pageTotal } from '../../contract/checks/report.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import type { Harness } from '../../runtime/harness.ts';
import { holdRound, type RoundHarness } from '../../runtime/held-round.ts';
import { defineRunState } from '../../runtime/run-state.ts';
import { fixtureQuery, page, sendFresh, walkLimit } from './query.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** Fresh readings of a relation after the one on shared answers: each between two marks. */
export const MAX_REREADS = 5;

/** The state of the report's data at one moment: the fixture range's totalCount and its first transaction. */
export interface Mark {
  total: number | undefined;
  /** The first transaction of the first page. */
  head: string | undefined;
  exchange: Exchange;
}

/** The rounds of fresh readings taken in this run (each round's answers are its own), one at a time. */
const rounds = defineRunState('report-still', () => ({ taken: 0, queue: Promise.resolve() as Promise<unknown> }));

/** Runs `fn` after every re-reading queued before it: re-readings never compete with each other. */
function oneAtATime<T>(state: { queue: Promise<unknown> }, fn: () => Promise<T>): Promise<T> {
  const out = state.queue.then(fn);
  state.queue = out.catch(() => undefined);
  return out;
}

const markOf = (ex: Exchange): Mark => ({ total: pageTotal(ex), head: pageIds(ex)[0], exchange: ex });

/** Two marks of the same data: same status, same totalCount, same first transaction. */
export function sameData(a: Mark, b: Mark): boolean {
  return a.exchange.response?.status === b.exchange.response?.status && a.total === b.total && a.head === b.head;
}

/** The fixture range's first page as the run first read it (its first walk's, shared), or its first transaction read now (limit 1). */
async function mark(h: Harness, fresh: boolean): Promise<Mark> {
  const q = fixtureQuery(h);
  return markOf(fresh ? await sendFresh(h, { ...q, limit: 1, offset: 0 }) : await page(h, q, await walkLimit(h), 0));
}

const shown = (m: Mark) => (m.total === undefined ? `HTTP ${m.exchange.response?.status ?? 'no answer'}` : String(m.total));

/** What moved, for the certificate's observations: the totalCounts, or the first transaction when they agree. */
function moved(a: Mark, b: Mark): string {
  return a.total !== b.total ? `totalCount ${shown(a)} -> ${shown(b)}` : `totalCount ${shown(a)}, its first transaction changed`;
}

/**
 * Judges `relation` (reads through the harness it is given, returns or `add`s its findings; gives
 * `h.inconclusive` a reason where the answers disagree too much to judge) on still data. The
 * findings judged are kept, as `h.add` keeps them; inside a property body they are returned for
 * the body to return. What the reading on shared answers found nothing against
 * counts at once: a requirement that held is evidence whether or not the data moved (a check of
 * one answer, or a relation another write could only have hidden); only the requirements it
 * found something against are looked at again.
 */
export async function onStill(h: Harness, ids: string[], relation: (r: RoundHarness) => Promise<Finding[] | void>): Promise<Finding[]> {
  const shared = holdRound(h, 0);
  const returned = (await relation(shared.h)) ?? [];
  // Looked at again: what the reading found something against, and what it could not judge
  // for a reason (a walk whose pages disagreed, say) where it saw nothing else.
  const evidenced = shared.evidenced();
  const unjudged = [...shared.reasoned()].filter((id) => ids.includes(id) && !evidenced.has(id));
  const found = [...returned, ...shared.findings()];
  const against = new Set([...found.map((f) => f.requirementId), ...unjudged]);
  const held = shared.commit((id) => !against.has(id));
  if (against.size === 0) return held;
  const opening = await mark(h, false);
  const now = await mark(h, true);
  // The data did not move since the run first read it: the shared answers were of still data.
  if (sameData(opening, now)) return [...held, ...shared.commit((id) => against.has(id)), ...h.add(returned)];
  const seen = [moved(opening, now)];
  const state = rounds(h);
  for (let k = 0; k < MAX_REREADS; k++) {
    const round = holdRound(h, ++state.taken);
    // A re-reading goes ahead of the other tests' waiting requests, one at a time: the shorter it
    // takes, the likelier the data stays still under it.
    const { before, found, after } = await oneAtATime(state, () =>
      h.ahead(async () => {
        const before = await mark(h, true);
        const found = (await relation(round.h)) ?? [];
        return { before, found, after: await mark(h, true) };
      }),
    );
    if (sameData(before, after)) {
      note(h, [...against], seen, 'judged on a still re-reading');
      const judged = (id: string) => against.has(id);
      return [...held, ...round.commit(judged), ...h.add(found.filter((f) => judged(f.requirementId)))];
    }
    seen.push(moved(before, after));
  }
  note(h, [...against], seen, 'not judged');
  h.inconclusive([...against], suiteSays('rpDataMoved', { seen: seen.join('; ') }));
  return held;
}

/** The observation: what moved while the relation of `ids` was read, and what came of it. */
function note(h: Harness, ids: string[], seen: string[], outcome: string) {
  const key = `dataChangedWhileRead ${h.record.testId ?? ids.join('+')}`;
  const list = (h.record.observations[key] ??= []) as string[];
  list.push(`${ids.join('+')}: ${seen.join('; ')} (${outcome})`);
}
