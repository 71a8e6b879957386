// CU-2: contactIds returned to creations, kept per run (all suite files run in one worker). Two
// counts: the ids the CU-2 tests registered, and the ids every creation of any test was answered
// (runtime/creations.ts), so that a read-back or upsert test that finds another customer under its
// contactId can tell that the id was handed out twice (CU-2's failure, not its own); the parallel
// test names the creations that share an id.
import { timesAnswered } from '../../runtime/creations.ts';
import type { Exchange } from '../../core/types.ts';
import { defineRunState, type RunOf } from '../../runtime/run-state.ts';
import { settled } from '../../runtime/run-client.ts';

type Id = number | bigint;
/** Ids registered by the CU-2 tests in this run: contactId -> count. */
const registered = defineRunState('contact-ids-registered', () => new Map<string, number>());

/** Records that a creation (contactId 0) was answered `id`; returns how many registered creations got it before. */
export function registerCreated(h: RunOf, id: Id): number {
  const m = registered(h);
  const before = m.get(String(id)) ?? 0;
  m.set(String(id), before + 1);
  return before;
}

/**
 * Was this contactId answered to more than one creation of the run, by any test, once every
 * request in flight now has its answer? A creation that overlapped ours may answer after our
 * read-back showed its customer. (Every registered creation was also noted by the harness,
 * runtime/creations.ts.)
 */
export async function sharedOnceSettled(h: RunOf, id: Id): Promise<boolean> {
  await settled(h);
  return timesAnswered(h, id) > 1;
}

/** The ids given to more than one of `created` (contactId, with the index of each creation). */
export function repeatedIds(created: { id: Id; index: number }[]): { id: string; indices: number[] }[] {
  const by = new Map<string, number[]>();
  for (const c of created) by.set(String(c.id), [...(by.get(String(c.id)) ?? []), c.index]);
  return [...by].filter(([, list]) => list.length > 1).map(([id, indices]) => ({ id, indices }));
}

/** The request numbers of the exchanges, for "creations 3 and 7 (requests #12, #16)". */
export function seqs(exchanges: Exchange[], indices: number[]): string {
  return indices.map((i) => `#${exchanges[i]?.seq ?? '?'}`).join(', ');
}
