// CU-2, 4.2 "contactId (integer, id of the created contact)": the contactIds the target answered
// to the creations of the run, by any test of any suite: the harness notes each customer-create
// exchange here. A read-back or upsert test that finds another customer under its contactId asks
// how often that id was handed out (suites/customer/contact-ids.ts), to tell CU-2's failure from
// its own. Kept by the runtime, so that a sharded or replayed run, which loads its files one by
// one, misses none.
import { anyContactId } from '../contract/checks/customer.ts';
import type { Exchange } from '../core/types.ts';
import { defineRunState, type RunOf } from './run-state.ts';

type Id = number | bigint;

/** contactId -> creations of this run it was answered to. */
const answeredTo = defineRunState('creations-answered', () => new Map<string, number>());

/** The contactId the body sent asked for (0 or absent: a creation), or undefined when the body is not JSON. */
function sentContactId(ex: Exchange): { id: unknown } | undefined {
  let sent: unknown;
  try {
    sent = JSON.parse(ex.request.body ?? '');
  } catch {
    return undefined;
  }
  return { id: sent !== null && typeof sent === 'object' ? (sent as Record<string, unknown>).contactId : undefined };
}

/** Notes the contactId a creation (contactId 0 or none) was answered; an update's answer is not a creation's. */
export function noteCreation(of: RunOf, ex: Exchange): void {
  const sent = sentContactId(ex);
  if (!sent) return;
  if (sent.id !== undefined && sent.id !== 0 && sent.id !== '0') return;
  const id = anyContactId(ex);
  if (id === undefined) return;
  const counts = answeredTo(of);
  counts.set(String(id), (counts.get(String(id)) ?? 0) + 1);
}

/** How many creations of the run, by any test, were answered `id` so far. */
export function timesAnswered(of: RunOf, id: Id): number {
  return answeredTo(of).get(String(id)) ?? 0;
}
