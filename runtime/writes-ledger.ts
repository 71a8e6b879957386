// The customers and vouchers this run's own requests may have created, and when. Every request
// that can create one is counted as it is sent and again as it is answered (any answer: a refused
// creation may still have saved, CU-16), by any test of any suite (runtime/test-client.ts). A test
// reading a count twice takes a mark before the first reading and one after the second: creations
// sent before the second mark and not yet answered at the first bound how far the run itself moved
// the count; what moved it further (or down) was another writer.
import type { OperationConfig } from '../config/operations.ts';
import type { RunConfig } from '../config/schema.ts';
import { operationMatcher } from '../client/operation-of.ts';
import { customerCreatePath } from '../contract/endpoints.ts';
import { defineRunState, type RunOf } from './run-state.ts';

export type CreationKind = 'customer' | 'voucher';

interface Counts {
  sent: number;
  answered: number;
}

const ledger = defineRunState('writes-ledger', (run) => ({
  customer: { sent: 0, answered: 0 } as Counts,
  voucher: { sent: 0, answered: 0 } as Counts,
  kindOf: creationMatcher(run.ctx.config),
}));

/** A mark of the ledger: the creations of each kind sent and answered so far. */
export type LedgerMark = Record<CreationKind, Counts>;

export function markLedger(of: RunOf): LedgerMark {
  const l = ledger(of);
  return { customer: { ...l.customer }, voucher: { ...l.voucher } };
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

/** Counts a creation request as sent; the function returned counts it as answered. */
export function sendingCreation(of: RunOf, kind: CreationKind): () => void {
  ledger(of)[kind].sent++;
  return () => void ledger(of)[kind].answered++;
}
