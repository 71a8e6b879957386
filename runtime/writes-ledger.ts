// The customers and vouchers this run's own requests may have created, and when. Every request
// that can create one is counted as it is sent and again as it is answered (any answer: a refused
// creation may still have saved, CU-16), by any test of any suite (runtime/test-client.ts). A test
// reading a count twice takes a mark before the first reading and one after the second: creations
// sent before the second mark and not yet answered at the first bound how far the run itself moved
// the count; what moved it further (or down) was another writer. A creation that carries the
// run's marker (runtime/marker.ts) is kept with it, so that a walk tells which of the items it saw
// the run made, and whether before its first page or after (ownWhen).
import type { OperationConfig } from '../config/operations.ts';
import type { RunConfig } from '../config/schema.ts';
import { operationMatcher } from '../client/operation-of.ts';
import { customerCreatePath } from '../contract/endpoints.ts';
import { stringifyJson } from '../core/json.ts';
import { ownMarkerMatcher, type OwnMarkerMatcher, type OwnWhen } from '../contract/checks/walk-own.ts';
import { runMarker } from './marker.ts';
import { defineRunState, type RunOf } from './run-state.ts';

export type CreationKind = 'customer' | 'voucher';

interface Counts {
  sent: number;
  answered: number;
}

/** A creation that carried the run's marker: when it was sent and answered, in the ledger's own order of events. */
interface Marked {
  marker: string;
  kind: CreationKind;
  sent: number;
  answered?: number;
}

const ledger = defineRunState('writes-ledger', (run) => ({
  customer: { sent: 0, answered: 0 } as Counts,
  voucher: { sent: 0, answered: 0 } as Counts,
  kindOf: creationMatcher(run.ctx.config),
  /** Events so far (each creation sent, each answered): a mark's place among them. */
  events: 0,
  marked: [] as Marked[],
  /** The run's marker matcher, made at the run's first creation (its pattern built once per run). */
  ownMarker: undefined as OwnMarkerMatcher | undefined,
}));

/** A mark of the ledger: the creations of each kind sent and answered so far, and its place among the events. */
export type LedgerMark = Record<CreationKind, Counts> & { at?: number };

export function markLedger(of: RunOf): LedgerMark {
  const l = ledger(of);
  return { customer: { ...l.customer }, voucher: { ...l.voucher }, at: l.events };
}

/** The creations of `kind` that can have landed between two marks (sent before `after`, not answered at `before`). */
export function ownCreationsBetween(before: LedgerMark, after: LedgerMark, kind: CreationKind): number {
  return Math.max(0, after[kind].sent - before[kind].answered);
}

/** What a request may create: a customer (4.2's contactSave, or the index's contact-save), a voucher (an index write with a `created` id), or nothing. */
export type CreationMatcher = (method: string, call: string, path?: string) => CreationKind | null;

/** The matcher of a config, made once: the index's own request-to-operation matching (client/operation-of.ts). */
export function creationMatcher(config: Pick<RunConfig, 'operations' | 'target'>): CreationMatcher {
  const operationOf = operationMatcher(config.operations);
  const base = new URL(config.target.baseUrl).pathname.replace(/\/$/, '');
  const customerPath = customerCreatePath().split('?')[0];
  return (method, call, path) => {
    if (call === 'createCustomer') return 'customer';
    if ((call !== 'index' && call !== 'raw') || method !== 'POST' || path === undefined) return null;
    const local = base && path.startsWith(base) ? path.slice(base.length) : path;
    const name = operationOf(method, local);
    const op = name ? (config.operations as Partial<Record<string, OperationConfig>> | undefined)?.[name] : undefined;
    if (op?.writes && name === 'contact-save') return 'customer';
    if (op?.writes && op.created) return 'voucher';
    return local.split('?')[0] === customerPath ? 'customer' : null;
  };
}

/** What a request of this run may create (the run's matcher, made at its first request). */
export function creationOf(of: RunOf, method: string, call: string, path?: string): CreationKind | null {
  return ledger(of).kindOf(method, call, path);
}

/** Counts a creation request as sent (kept with the run's marker its request carries, if any); the function returned counts it as answered. */
export function sendingCreation(of: RunOf, kind: CreationKind, request?: unknown): () => void {
  const l = ledger(of);
  l[kind].sent++;
  const marker =
    request === undefined ? undefined : (l.ownMarker ??= ownMarkerMatcher(runMarker(of)))(typeof request === 'string' ? request : stringifyJson(request));
  const entry: Marked | undefined = marker === undefined ? undefined : { marker, kind, sent: ++l.events };
  if (entry) l.marked.push(entry);
  else l.events++;
  return () => {
    l[kind].answered++;
    const at = ++l.events;
    if (entry) entry.answered = at;
  };
}

/**
 * The run's marked creations of `kind` against a walk whose first page was asked at `asked` and
 * answered at `answered`, the walk ending at `end`: when each marker landed (walk-own.ts: 'old'
 * answered before the page was asked, 'new' sent after it was answered, else 'either'; a marker
 * two creations carried is 'either' unless both say the same), and how many were in flight.
 */
export function ownWhen(
  of: RunOf,
  kind: CreationKind,
  asked: LedgerMark,
  answered: LedgerMark,
  end: LedgerMark,
): { when: Map<string, OwnWhen>; markedInFlight: number } {
  const [a, b, e] = [asked.at ?? 0, answered.at ?? 0, end.at ?? Infinity];
  const when = new Map<string, OwnWhen>();
  let markedInFlight = 0;
  for (const m of ledger(of).marked) {
    if (m.kind !== kind || m.sent > e) continue;
    const w: OwnWhen = m.answered !== undefined && m.answered <= a ? 'old' : m.sent > b ? 'new' : 'either';
    if (w !== 'old') markedInFlight++;
    const before = when.get(m.marker);
    when.set(m.marker, before === undefined || before === w ? w : 'either');
  }
  return { when, markedInFlight };
}
