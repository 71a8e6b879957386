// CU-2: contactIds returned to creations, kept per run (all suite files run in one worker). Two
// counts: the ids the CU-2 tests registered (a creation answered an id some registered creation
// got before), and the ids every creation of any test was answered (the harness notes each), so
// that a read-back or upsert test that finds another customer under its contactId can tell that
// the id was handed out twice (CU-2's failure, not its own); the parallel test names the creations
// that share an id.
import { anyContactId } from '../../contract/checks/customer.ts';
import type { Exchange } from '../../core/types.ts';
import { settled } from '../../runtime/run-client.ts';
import type { Harness } from '../../runtime/harness.ts';

type Id = number | bigint;
/** Ids registered by the CU-2 tests, and ids answered to any creation: run -> contactId -> count. */
const registered = new Map<string, Map<string, number>>();
const answered = new Map<string, Map<string, number>>();

/** This run's counts in `store`. */
function counts(store: Map<string, Map<string, number>>, h: Harness): Map<string, number> {
  const key = `${h.config.target.baseUrl}|${h.ctx.seed}|${h.ctx.deadline}`;
  let m = store.get(key);
  if (!m) store.set(key, (m = new Map()));
  return m;
}

/** Counts one more for `id`; returns the count before. */
function bump(m: Map<string, number>, id: Id): number {
  const before = m.get(String(id)) ?? 0;
  m.set(String(id), before + 1);
  return before;
}

/** Records that a creation (contactId 0) was answered `id`; returns how many creations got it before. */
export function registerCreated(h: Harness, id: Id): number {
  return bump(counts(registered, h), id);
}

/** Notes the contactId a creation was answered (the harness calls it on every customer-create exchange). */
export function noteCreation(h: Harness, ex: Exchange): void {
  let sent: unknown;
  try {
    sent = JSON.parse(ex.request.body ?? '');
  } catch {
    return;
  }
  const contactId = sent !== null && typeof sent === 'object' ? (sent as Record<string, unknown>).contactId : undefined;
  if (contactId !== undefined && contactId !== 0 && contactId !== '0') return;
  const id = anyContactId(ex);
  if (id !== undefined) bump(counts(answered, h), id);
}

/**
 * Was this contactId answered to more than one creation of the run, by any test, once every
 * request in flight now has its answer? A creation that overlapped ours may answer after our
 * read-back showed its customer. (Every registered creation was also noted by the harness.)
 */
export async function sharedOnceSettled(h: Harness, id: Id): Promise<boolean> {
  await settled(h);
  return (counts(answered, h).get(String(id)) ?? 0) > 1;
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
