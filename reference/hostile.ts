// The reference's hostile modes (`serve --hostile NAME`, `startReference({ hostile })`): not a
// vendor's defect of one rule (faults.ts) but a server that tries to exhaust the client. A run
// against one must end by itself with its certificate, within its budget and memory, whatever it
// concludes. endless-report: the report (4.3) says totalCount 10^9 and answers every page full,
// its items the range's transactions over and over, each with an id and number of its own.
import type { Transaction } from './data.ts';

export const HOSTILE_MODES = ['endless-report'] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

export const isHostileMode = (name: string): name is HostileMode => (HOSTILE_MODES as readonly string[]).includes(name);

/** What endless-report says its report holds. */
export const ENDLESS_TOTAL = 1_000_000_000;
/** The first transactionId of an endless report's items (far above the reference's own). */
const ENDLESS_ID = 5_000_000_000;

/** The range's transactions as select() keeps them. */
export interface Endless {
  total: number;
  page(start: number, count: number): Transaction[];
}

/**
 * The JSON of the items from `start`, `limit` of them (every page full): the range's transactions
 * in turn, as `render` writes one, the i-th of the endless list numbered ENDLESS_ID + i.
 */
export function endlessItems(range: Endless, start: number, limit: number, render: (tx: Transaction) => object): Buffer {
  if (range.total === 0 || limit <= 0) return Buffer.alloc(0);
  const out: string[] = [];
  for (let i = start; i < start + limit; i++) {
    const tx = range.page(i % range.total, 1)[0]!;
    out.push(JSON.stringify({ ...render(tx), transactionId: ENDLESS_ID + i, transactionNo: `END-${String(i).padStart(9, '0')}` }));
  }
  return Buffer.from(out.join(','));
}
