// An index over the (immutable, time-sorted) transactions, so that a report page costs
// O(branches x modules + limit) instead of a scan of every transaction: the time range is found
// by binary search, totalCount from prefix counts per (branch, module), and a page is a run of
// the list of the requested branches and modules. That list's items are also written as JSON
// once, so a page's items are one slice of bytes.
import type { ReferenceData, Transaction } from './data.ts';

/** The transactions of one set of branches and modules, in report order, and their JSON. */
interface Combination {
  txs: Transaction[];
  /** The items' JSON joined by commas, written on first use. */
  json?: Buffer;
  /** offsets[k] = byte where item k starts in json; offsets[txs.length] = json.length + 1. */
  offsets?: Int32Array;
}

export interface DataIndex {
  times: number[];
  /** branchId -> module -> prefix[i] = transactions of that branch and module among the first i. */
  prefix: Map<number, Map<string, Int32Array>>;
  combinations: Map<string, Combination>;
}

const indexes = new WeakMap<ReferenceData, DataIndex>();

export function indexOf(data: ReferenceData): DataIndex {
  let index = indexes.get(data);
  if (index) return index;
  const n = data.transactions.length;
  const prefix = new Map<number, Map<string, Int32Array>>();
  data.transactions.forEach((tx, i) => {
    let byModule = prefix.get(tx.branchId);
    if (!byModule) prefix.set(tx.branchId, (byModule = new Map()));
    let counts = byModule.get(tx.module);
    if (!counts) byModule.set(tx.module, (counts = new Int32Array(n + 1)));
    counts[i + 1] = 1;
  });
  for (const byModule of prefix.values()) for (const counts of byModule.values()) for (let i = 1; i <= n; i++) counts[i]! += counts[i - 1]!;
  index = { times: data.transactions.map((tx) => tx.t), prefix, combinations: new Map() };
  indexes.set(data, index);
  return index;
}

/** First index whose time is >= t (or > t when `after`). */
export function bound(times: number[], t: number, after: boolean): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! < t || (after && times[mid] === t)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The transactions of some branches and modules within [lo, hi) of the sorted list. */
export class IndexedRange {
  private readonly counts: Int32Array[] = [];
  private readonly key: string;
  /** Transactions of the combination before lo, and within [lo, hi). */
  private readonly before: number;
  readonly total: number;

  constructor(
    private readonly data: ReferenceData,
    private readonly index: DataIndex,
    lo: number,
    hi: number,
    private readonly branches: ReadonlySet<number>,
    private readonly modules: ReadonlySet<string>,
  ) {
    let key = '';
    for (const [b, byModule] of index.prefix) {
      if (!branches.has(b)) continue;
      for (const [m, counts] of byModule) {
        if (!modules.has(m)) continue;
        this.counts.push(counts);
        key += `${b}:${m},`;
      }
    }
    this.key = key;
    let before = 0;
    let upTo = 0;
    for (const c of this.counts) {
      before += c[lo]!;
      upTo += c[hi]!;
    }
    this.before = before;
    this.total = upTo - before;
  }

  private combination(): Combination {
    let c = this.index.combinations.get(this.key);
    if (!c) {
      const txs = this.data.transactions.filter((tx) => this.branches.has(tx.branchId) && this.modules.has(tx.module));
      this.index.combinations.set(this.key, (c = { txs }));
    }
    return c;
  }

  /** Positions in the combination's list of `count` transactions after skipping `start`. */
  private span(start: number, count: number): [number, number] {
    const from = this.before + Math.min(Math.max(start, 0), this.total);
    return [from, Math.min(from + Math.max(count, 0), this.before + this.total)];
  }

  /** `count` transactions after skipping `start` of them. */
  page(start: number, count: number): Transaction[] {
    const [from, to] = this.span(start, count);
    return this.combination().txs.slice(from, to);
  }

  /** The JSON of the items of page(start, count), joined by commas, as one slice of bytes. */
  pageJson(start: number, count: number, write: (tx: Transaction) => Buffer): Buffer {
    const c = this.combination();
    if (!c.json || !c.offsets) {
      const parts = c.txs.map(write);
      c.offsets = new Int32Array(parts.length + 1);
      parts.forEach((p, k) => (c!.offsets![k + 1] = c!.offsets![k]! + p.length + 1));
      c.json = Buffer.from(parts.map((p) => p.toString('utf8')).join(','));
    }
    const [from, to] = this.span(start, count);
    return to > from ? c.json.subarray(c.offsets[from], c.offsets[to]! - 1) : Buffer.alloc(0);
  }
}
