// CU-2: contactIds returned to creations. The run keeps every id a creation got (all suite files
// run in one worker, one after another), so that a read-back or upsert test that finds another
// customer under its contactId can tell that the id was handed out twice (CU-2's failure, not its
// own), and the parallel test can name the creations that share an id.
import { anyContactId } from '../../contract/checks/customer.ts';
import type { Exchange } from '../../contract/types.ts';
import { settled } from '../support/client.ts';
import type { Harness } from '../support/harness.ts';

type Id = number | bigint;
const runs = new Map<string, Map<string, number>>();

const runKey = (h: Harness) => `${h.config.target.baseUrl}|${h.ctx.seed}|${h.ctx.deadline}`;

function ids(h: Harness): Map<string, number> {
  const key = runKey(h);
  let m = runs.get(key);
  if (!m) runs.set(key, (m = new Map()));
  return m;
}

/** Records that a creation (contactId 0) was answered `id`; returns how many creations got it before. */
export function registerCreated(h: Harness, id: Id): number {
  const m = ids(h);
  const before = m.get(String(id)) ?? 0;
  m.set(String(id), before + 1);
  return before;
}

/** More than one creation of this run was answered this contactId. */
export function sharedContactId(h: Harness, id: Id): boolean {
  return (ids(h).get(String(id)) ?? 0) > 1;
}

/** Every creation (contactId 0 or none) any test of the run sent, by the contactId it was answered. */
const answeredRuns = new Map<string, Map<string, number>>();

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
  if (id === undefined) return;
  const key = runKey(h);
  let m = answeredRuns.get(key);
  if (!m) answeredRuns.set(key, (m = new Map()));
  m.set(String(id), (m.get(String(id)) ?? 0) + 1);
}

/**
 * Was this contactId answered to more than one creation of the run, by any test, once every
 * request in flight now has its answer? A creation that overlapped ours may answer after our
 * read-back showed its customer.
 */
export async function sharedOnceSettled(h: Harness, id: Id): Promise<boolean> {
  await settled();
  return (answeredRuns.get(runKey(h))?.get(String(id)) ?? 0) > 1 || sharedContactId(h, id);
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
