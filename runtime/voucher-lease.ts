// Which test may write to which voucher, now: a lease in the run's state. A test that reads a
// voucher before and after its own writes holds it ALONE between the two reads: no other test's
// write reaches it meanwhile, so what the second read shows is this test's doing. Every other
// write to a voucher (a refused update sent for its answer only) takes it SHARED for the one
// request: such writes may go side by side, never beside an alone holder. The suite files run in
// one worker (engine/phases/pass.ts: maxWorkers 1, side by side), so the run state is the whole
// run's. Waiting is first come, first served per voucher, a MUST's test's waiters before the others'
// (an alone holder waiting blocks later shared writes, so it is never starved), and ends at
// ALONE_WAIT_MS or the run's deadline: then the test has no lease, and its part is unjudged, never
// shared (a write's gate lets it go: no request is sent then). While a MUST's test waits for a
// voucher another test holds alone, that holder's requests go as a MUST's (raisedFor): a scarce
// quota that puts MUSTs first never leaves a MUST waiting behind a SHOULD it holds back.
import { currentFlow } from '../client/scheduler/slots.ts';
import { defineRunState, type RunOf } from './run-state.ts';

export type VoucherId = number | bigint | string;
export type LeaseMode = 'alone' | 'shared';

/** A voucher held: release it once the test's reads after its writes are done. */
export interface Lease {
  salesId: VoucherId;
  release(): void;
}

interface Slot {
  alone?: object;
  shared: number;
}

interface Waiter {
  holder: object;
  mode: LeaseMode;
  /** Its test verifies a MUST (or is raised to one). */
  must: boolean;
  candidates: string[];
  grant(id: string): void;
}

interface Leases {
  slots: Map<string, Slot>;
  queue: Waiter[];
}

const leases = defineRunState('voucher-leases', (): Leases => ({ slots: new Map(), queue: [] }));
const keyOf = (id: VoucherId) => String(id);

function slotOf(state: Leases, id: string): Slot {
  let slot = state.slots.get(id);
  if (!slot) state.slots.set(id, (slot = { shared: 0 }));
  return slot;
}

function free(slot: Slot, w: Pick<Waiter, 'holder' | 'mode'>): boolean {
  if (slot.alone) return slot.alone === w.holder;
  return w.mode === 'shared' || slot.shared === 0;
}

/** Grants, in order, each waiter one of its vouchers that is free and that no earlier alone waiter waits for. */
function pump(state: Leases): void {
  const reserved = new Set<string>();
  for (const w of [...state.queue].sort((a, b) => Number(b.must) - Number(a.must))) {
    // The holder's own writes to a voucher it holds alone always pass: the waiters reserving it wait for this holder.
    const id = w.candidates.find((c) => (!reserved.has(c) || slotOf(state, c).alone === w.holder) && free(slotOf(state, c), w));
    if (id === undefined) {
      if (w.mode === 'alone') for (const c of w.candidates) reserved.add(c);
      continue;
    }
    state.queue.splice(state.queue.indexOf(w), 1);
    const slot = slotOf(state, id);
    if (slot.alone !== w.holder) {
      if (w.mode === 'alone') slot.alone = w.holder;
      else slot.shared++;
    }
    w.grant(id);
  }
}

/**
 * Takes one voucher of `candidates` (the first free one, in their order) for `holder` in `mode`;
 * waits while none is, until `until` (epoch ms). Undefined: none was free by then.
 */
export function lease(of: RunOf, holder: object, mode: LeaseMode, candidates: readonly VoucherId[], until: number): Promise<Lease | undefined> {
  const state = leases(of);
  if (candidates.length === 0) return Promise.resolve(undefined);
  const byKey = new Map(candidates.map((c) => [keyOf(c), c] as const));
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const flow = currentFlow();
    const waiter: Waiter = {
      holder,
      mode,
      must: flow.must === true || flow.raised?.() === true,
      candidates: [...byKey.keys()],
      grant(id) {
        clearTimeout(timer);
        const slot = slotOf(state, id);
        const already = mode === 'shared' && slot.alone === holder;
        let released = false;
        resolve({
          salesId: byKey.get(id)!,
          release() {
            if (released || already) return;
            released = true;
            if (mode === 'alone' && slot.alone === holder) slot.alone = undefined;
            else if (mode === 'shared') slot.shared--;
            pump(state);
          },
        });
      },
    };
    state.queue.push(waiter);
    pump(state);
    if (!state.queue.includes(waiter)) return;
    timer = setTimeout(
      () => {
        const at = state.queue.indexOf(waiter);
        if (at < 0) return;
        state.queue.splice(at, 1);
        pump(state);
        resolve(undefined);
      },
      Math.max(0, until - Date.now()),
    );
    timer.unref?.();
  });
}

/** Whether a MUST's test waits now for a voucher `holder` holds alone: its requests then go as a MUST's. */
export function raisedFor(of: RunOf, holder: object): boolean {
  const state = leases(of);
  return state.queue.some((w) => w.must && w.holder !== holder && w.candidates.some((c) => state.slots.get(c)?.alone === holder));
}

/** Every voucher of the config's pools (fixtures.sales), by key. */
function pooled(of: RunOf): string[] {
  const run = 'states' in of ? of : of.run;
  const sales = run.ctx.config.fixtures.sales as Record<string, unknown>;
  return [...new Set(Object.values(sales).flatMap((v) => (Array.isArray(v) ? v.map((id) => keyOf(id as VoucherId)) : [])))];
}

/** How long a test waits at most for a voucher to hold alone (well within a test's time limit); then its part is unjudged. */
export const ALONE_WAIT_MS = 120_000;

/** Until when a test waits for a voucher to hold alone: the run's deadline, or ALONE_WAIT_MS from now if sooner. */
export const aloneUntil = (deadline: number): number => Math.min(deadline, Date.now() + ALONE_WAIT_MS);

/** The vouchers a write names: its salesId, or (an index write, a raw one) the pooled vouchers its path or body names. */
export function vouchersNamed(of: RunOf, call: string, args: unknown): string[] {
  const a = (args ?? {}) as { salesId?: VoucherId; method?: string; path?: string; body?: unknown; rawBody?: string };
  if (call === 'updateOrderStatus') return a.salesId === undefined ? [] : [keyOf(a.salesId)];
  if ((call !== 'index' && call !== 'raw') || !a.method || a.method.toUpperCase() === 'GET') return [];
  const text = `${a.path ?? ''} ${typeof a.body === 'string' ? a.body : JSON.stringify(a.body ?? null, (_, v) => (typeof v === 'bigint' ? String(v) : v))} ${a.rawBody ?? ''}`;
  return pooled(of).filter((id) => new RegExp(`(^|[^0-9])${id}([^0-9]|$)`).test(text));
}

/**
 * The gate of one write a test sends (runtime/test-client.ts): each voucher it names taken shared
 * for the request (a voucher the test holds alone passes), released once it is answered.
 */
export async function writeGate(of: RunOf, holder: object, call: string, args: unknown, until: number): Promise<(() => void) | undefined> {
  const ids = vouchersNamed(of, call, args);
  if (ids.length === 0) return undefined;
  const held: Lease[] = [];
  // One at a time, in a fixed order: a write naming two vouchers never waits holding one the other's holder needs first.
  for (const id of [...ids].sort()) {
    const l = await lease(of, holder, 'shared', [id], until);
    if (l) held.push(l);
  }
  return () => held.forEach((l) => l.release());
}
