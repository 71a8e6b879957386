// An index over the (immutable, time-sorted) transactions, so that a report page costs
// O(branches x modules + limit) instead of a scan of every transaction: the time range is found
// by binary search, totalCount from prefix counts per (branch, module), and a page is a run of
// the list of the requested branches and modules. That list's items are also written as JSON
// once, so a page's items are one slice of bytes.
import type { ReferenceData, Transaction } from './data.ts';

const MODULES = ['bom', 'mc'] as const;

/** The transactions of one set of branches and modules, in report order, and their JSON. */
interface Combination {
  /** Prefix counts of each (branch, module) of the combination. */
  counts: Int32Array[];
  txs: Transaction[];
  /** The items' JSON joined by commas, written on first use. */
  json?: Buffer;
  /** offsets[k] = byte where item k starts in json; offsets[txs.length] = json.length + 1. */
  offsets?: Int32Array;
}

export interface DataIndex {
  data: ReferenceData;
  times: number[];
  /** The branches holding transactions; bit i of a branch mask stands for branchIds[i]. */
  branchIds: number[];
  /** prefix[branch index][module index][i] = transactions of that branch and module among the first i. */
  prefix: Int32Array[][];
  /** Key: branch mask * 4 + module mask (bit 0 bom, bit 1 mc). */
  combinations: Map<number, Combination>;
}

const indexes = new WeakMap<ReferenceData, DataIndex>();

export function indexOf(data: ReferenceData): DataIndex {
  let index = indexes.get(data);
  if (index) return index;
  const n = data.transactions.length;
  const branchIds = [...new Set(data.transactions.map((tx) => tx.branchId))].sort((a, b) => a - b);
  const prefix = branchIds.map(() => MODULES.map(() => new Int32Array(n + 1)));
  data.transactions.forEach((tx, i) => {
    const counts = prefix[branchIds.indexOf(tx.branchId)]!;
    for (let m = 0; m < MODULES.length; m++) counts[m]![i + 1] = counts[m]![i]! + (tx.module === MODULES[m] ? 1 : 0);
    for (const other of prefix) if (other !== counts) for (const c of other) c[i + 1] = c[i]!;
  });
  index = { data, times: data.transactions.map((tx) => tx.t), branchIds, prefix, combinations: new Map() };
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

function combinationOf(index: DataIndex, branchMask: number, moduleMask: number): Combination {
  const key = branchMask * 4 + moduleMask;
  let c = index.combinations.get(key);
  if (!c) {
    const counts: Int32Array[] = [];
    index.branchIds.forEach((_, b) => {
      if (branchMask & (1 << b)) MODULES.forEach((_m, m) => moduleMask & (1 << m) && counts.push(index.prefix[b]![m]!));
    });
    const txs = index.data.transactions.filter(
      (tx) => (branchMask & (1 << index.branchIds.indexOf(tx.branchId))) !== 0 && (moduleMask & (1 << MODULES.indexOf(tx.module))) !== 0,
    );
    index.combinations.set(key, (c = { counts, txs }));
  }
  return c;
}

/** The transactions of some branches and modules within [lo, hi) of the sorted list. */
export class IndexedRange {
  private readonly c: Combination;
  /** Transactions of the combination before lo. */
  private readonly before: number;
  readonly total: number;

  /** Branches without transactions select nothing. */
  constructor(index: DataIndex, lo: number, hi: number, branches: Iterable<number>, modules: Iterable<string>) {
    let branchMask = 0;
    for (const b of branches) {
      const i = index.branchIds.indexOf(b);
      if (i >= 0) branchMask |= 1 << i;
    }
    let moduleMask = 0;
    for (const m of modules) moduleMask |= m === 'bom' ? 1 : m === 'mc' ? 2 : 0;
    this.c = combinationOf(index, branchMask, moduleMask);
    let before = 0;
    let upTo = 0;
    for (const counts of this.c.counts) {
      before += counts[lo]!;
      upTo += counts[hi]!;
    }
    this.before = before;
    this.total = upTo - before;
  }

  /** Positions in the combination's list of `count` transactions after skipping `start`. */
  private span(start: number, count: number): [number, number] {
    const from = this.before + Math.min(Math.max(start, 0), this.total);
    return [from, Math.min(from + Math.max(count, 0), this.before + this.total)];
  }

  /** `count` transactions after skipping `start` of them. */
  page(start: number, count: number): Transaction[] {
    const [from, to] = this.span(start, count);
    return this.c.txs.slice(from, to);
  }

  /** The JSON of the items of page(start, count), joined by commas, as one slice of bytes. */
  pageJson(start: number, count: number, write: (tx: Transaction) => Buffer): Buffer {
    const c = this.c;
    if (!c.json || !c.offsets) {
      const parts = c.txs.map(write);
      const offsets = new Int32Array(parts.length + 1);
      parts.forEach((p, k) => (offsets[k + 1] = offsets[k]! + p.length + 1));
      c.offsets = offsets;
      c.json = Buffer.from(parts.map((p) => p.toString('utf8')).join(','));
    }
    const [from, to] = this.span(start, count);
    return to > from ? c.json.subarray(c.offsets[from], c.offsets[to]! - 1) : Buffer.alloc(0);
  }
}
