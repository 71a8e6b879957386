// An index over the (immutable, time-sorted) transactions so that a report page costs
// O(branches x modules x log n + limit) instead of a scan of every transaction: the time range
// is found by binary search, totalCount from prefix counts per (branch, module).
import type { ReferenceData, Transaction } from './data.ts';

export interface DataIndex {
  times: number[];
  /** branchId -> module -> prefix[i] = transactions of that branch and module among the first i. */
  prefix: Map<number, Map<string, Int32Array>>;
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
  index = { times: data.transactions.map((tx) => tx.t), prefix };
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
  private readonly counts: Int32Array[];

  constructor(
    private readonly data: ReferenceData,
    index: DataIndex,
    private readonly lo: number,
    private readonly hi: number,
    private readonly branches: ReadonlySet<number>,
    private readonly modules: ReadonlySet<string>,
  ) {
    this.counts = [];
    for (const b of branches) {
      const byModule = index.prefix.get(b);
      if (byModule) for (const m of modules) {
        const counts = byModule.get(m);
        if (counts) this.counts.push(counts);
      }
    }
  }

  /** Matching transactions among the first i of the sorted list, minus those before lo. */
  private matchesBefore(i: number): number {
    let sum = 0;
    for (const c of this.counts) sum += c[i]! - c[this.lo]!;
    return sum;
  }

  get total(): number {
    return this.matchesBefore(this.hi);
  }

  /** `count` matching transactions after skipping `start` of them. */
  page(start: number, count: number): Transaction[] {
    if (count <= 0 || start >= this.total) return [];
    // Smallest i such that the first i hold more than `start` matches: the page starts at i - 1.
    let lo = this.lo;
    let hi = this.hi;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.matchesBefore(mid + 1) <= start) lo = mid + 1;
      else hi = mid;
    }
    const out: Transaction[] = [];
    const txs = this.data.transactions;
    for (let i = lo; i < this.hi && out.length < count; i++) {
      const tx = txs[i]!;
      if (this.branches.has(tx.branchId) && this.modules.has(tx.module)) out.push(tx);
    }
    return out;
  }
}
