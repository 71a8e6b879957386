// A report target in a test: answers report requests as `Target` says, counting what it was sent,
// behind a harness that holds nothing but what the report suites' query and walk use.
import type { Exchange } from '../../../core/types.ts';
import type { Query } from '../../../suites/report/query.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { runShared } from '../../../runtime/run-state.ts';
import { answer, idsPage } from '../../contract/report-exchanges.ts';

export interface Target {
  /** Transactions of the query, in report order. */
  ids: number[];
  /** Largest page the target returns (silently capped). */
  cap?: number;
  /** totalCount as the target computes it from the page, the true count and the offset asked. */
  totalOf?: (page: number[], count: number, offset: number) => number;
  /** Where the page starts for the offset and limit asked (default: at the offset). */
  startOf?: (offset: number, limit: number) => number;
  status?: number;
  /** A limit above this is refused with 400 (a vendor's own cap, 8 rule 2). */
  refuseAbove?: number;
  /** Each answer comes this late (ms). */
  delayMs?: number;
}

/** A fresh run per fake harness (the run state is keyed by it). */
const runs = { n: 0 };

/** A harness whose client answers report requests as `target` does, counting what it sent. */
export function fakeHarness(target: Target) {
  const sent: string[] = [];
  const inconclusive: Record<string, string[]> = {};
  const flight = { now: 0, max: 0 };
  const report = async (a: { body?: unknown; rawBody?: string }): Promise<Exchange> => {
    const text = a.rawBody ?? JSON.stringify(a.body);
    sent.push(text);
    flight.max = Math.max(flight.max, ++flight.now);
    await new Promise((r) => setTimeout(r, target.delayMs ?? 0));
    flight.now--;
    const { limit, offset } = JSON.parse(text) as { limit: number; offset: number };
    if (target.refuseAbove !== undefined && limit > target.refuseAbove)
      return answer(400, { status: false, message: `limit must be at most ${target.refuseAbove}`, code: '400', response: null }, text);
    if (target.status) return answer(target.status, { status: false, message: 'no', code: String(target.status), response: null }, text);
    const start = target.startOf ? target.startOf(offset, Math.min(limit, target.cap ?? limit)) : offset;
    const page = target.ids.slice(start, start + Math.min(limit, target.cap ?? limit));
    return idsPage(page, (target.totalOf ?? ((_p, n) => n))(page, target.ids.length, offset));
  };
  const config = { target: { baseUrl: 'http://127.0.0.1:1' } };
  const ctx = { nonce: 'query', deadline: ++runs.n, seed: 1, config } as unknown as SuiteContext;
  const h = {
    config: {
      ...config,
      fixtures: { report: { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-31T23:59:59Z', branchList: '1,2' } },
    },
    ctx,
    // The run's one object (runtime/run-state.ts): a new run for each fake harness.
    run: runShared(ctx),
    client: { report },
    inconclusive: (ids: string | string[], reason: string) => {
      for (const id of [ids].flat()) (inconclusive[id] ??= []).push(reason);
    },
  } as unknown as Harness;
  return { h, sent, inconclusive, flight };
}

export const q: Query = { dateFrom: '2026-01-01T00:00:00Z', dateTo: '2026-01-31T23:59:59Z', branchList: '1,2' };
export const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
