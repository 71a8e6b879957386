// The preflight sends each operation of config `operations` once (its configured request, the
// fixtures' values, the valid token): those the target does not serve go out of scope before the
// suites plan or send anything, named together on one line with the fix. Section 1 lists some
// forty operations and section 4 details three ("Paths, parameters and payloads of every operation
// other than the three below: not shown"), so a config written for one vendor's index names
// routes another does not have. The exchange is the index suite's first request of that
// operation (suites/index-operations/auth.test.ts takes it instead of sending it again).
import { sendableOperations, sendOperation, type IndexSender, type Sendable } from '../../../client/index-operation.ts';
import type { OperationConfig } from '../../../config/operations.ts';
import type { RunConfig } from '../../../config/schema.ts';
import { isRecord } from '../../../contract/checks/envelope.ts';
import type { Exchange } from '../../../core/types.ts';
import { preflightSays } from '../../../core/words/preflight.ts';

/** A 2.1 envelope: what a served route of a vendor that follows the spec answers "not found" with. */
const enveloped = (json: unknown) => isRecord(json) && typeof json.status === 'boolean' && typeof json.message === 'string';

/**
 * Why the answer to an operation's configured request says the target does not serve it, or
 * undefined. 405: the route does not take the configured method. 404: the request holds only the
 * fixtures' values (branches, vouchers, dates the preflight checks), so a served route has
 * something to answer; an id of the entry's own (`params`: a productId, a contactId) may be one
 * the target does not hold, so there a 404 in the 2.1 envelope is the route answering "no such
 * id" (served; the index suite says it is inconclusive), and only another 404 (HTML, an empty or a
 * framework's generic body) is a route it does not have. Lenient either way: nothing is failed.
 */
export function notServedAnswer(op: OperationConfig, ex: Exchange): string | undefined {
  const status = ex.response?.status;
  if (status === 405) return 'HTTP 405';
  if (status !== 404) return undefined;
  const templates = JSON.stringify([op.path, op.query ?? {}, op.body ?? null]);
  const ownId = Object.keys(op.params ?? {}).some((k) => templates.includes(`{${k}}`));
  return ownId && enveloped(ex.json) ? undefined : 'HTTP 404';
}

/** A usable first answer to reuse: answered, not still rate limited. */
const reusable = (ex: Exchange) => ex.response !== undefined && ex.response.status !== 429;

export interface ServedProbe {
  /** The exchange of one operation's configured request: sent once, whoever asks first. */
  send(name: string): Promise<Exchange> | undefined;
  /** Sends the sendable operations (the writes, or the others) not yet sent, all side by side. */
  sendAll(writes: boolean): Promise<void>;
  /** Operation -> "HTTP 404" / "HTTP 405": not served. */
  notServed(): Record<string, string>;
  /** Operation -> its answer, for the suites (answered, not a 429). */
  answers(): Record<string, Exchange>;
  /** Operation -> what it was answered, every one sent ("HTTP 200", "no answer (timeout)"). */
  said(): Record<string, string>;
  /** Operation -> its exchange, every one sent (refused or not). */
  sent(): Record<string, Exchange>;
}

export function servedProbe(client: IndexSender, config: RunConfig): ServedProbe {
  const byName = new Map<string, Sendable>(sendableOperations(config).list.map((s) => [s.name, s]));
  const sent = new Map<string, Promise<Exchange>>();
  const settled = new Map<string, Exchange>();
  const send = (name: string) => {
    const s = byName.get(name);
    if (!s) return undefined;
    let p = sent.get(name);
    if (!p) {
      p = sendOperation(client, s.request).then((ex) => (settled.set(name, ex), ex));
      sent.set(name, p);
    }
    return p;
  };
  return {
    send,
    async sendAll(writes) {
      await Promise.all([...byName.values()].filter((s) => Boolean(s.op.writes) === writes).map((s) => send(s.name)));
    },
    notServed() {
      const out: Record<string, string> = {};
      // In the config's order, whichever answered first.
      for (const [name, s] of byName) {
        const ex = settled.get(name);
        const why = ex && notServedAnswer(s.op, ex);
        if (why) out[name] = why;
      }
      return out;
    },
    said() {
      const out: Record<string, string> = {};
      for (const name of byName.keys()) {
        const ex = settled.get(name);
        if (ex) out[name] = ex.response ? `HTTP ${ex.response.status}` : `no answer (${ex.failure?.kind ?? ex.notSent?.reason ?? 'not sent'})`;
      }
      return out;
    },
    sent() {
      return Object.fromEntries(settled);
    },
    answers() {
      return Object.fromEntries([...settled].filter(([name, ex]) => reusable(ex) && !notServedAnswer(byName.get(name)!.op, ex)));
    },
  };
}

/** The one console line naming every operation the target does not serve, with the fix. */
export function notServedNote(notServed: Record<string, string>): string | undefined {
  const names = Object.keys(notServed);
  if (names.length === 0) return undefined;
  return preflightSays('notServed', { names: names.join(', ') });
}
