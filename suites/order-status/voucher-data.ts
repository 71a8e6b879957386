// A whole voucher as Get Sales Data By Id answers it (section 1, its shape the vendor's own),
// compared before and after a request: which of its fields changed. Fields named like audit data
// (modified dates, versions, histories) and the entry's `volatile` names may change on a correct
// vendor whatever the request did, and are left out; so is the envelope's message.

/** Field names a write may change on a correct vendor: when and by whom it was changed. */
const AUDIT = /modif|updat|audit|version|history|lastchang|etag|timestamp|changedby|changedon/i;

/** Every leaf of a JSON value with its dot path. */
function leaves(v: unknown, at = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    if (entries.length === 0) out.set(at, Array.isArray(v) ? '[]' : '{}');
    for (const [k, x] of entries) leaves(x, at ? `${at}.${k}` : k, out);
  } else out.set(at, v);
  return out;
}

/** A leaf as text (ids past 2^53 are bigint). */
const text = (v: unknown) => (typeof v === 'bigint' ? v.toString() : JSON.stringify(v));

export interface VoucherDiff {
  /** How many fields were compared. */
  compared: number;
  /** `path: before -> after` (or `path: added`) of each field that changed. */
  changed: string[];
  /** The names of the fields that changed (the last part of each path). */
  names: string[];
}

/**
 * The fields of `after` that differ from `before`, audit and `volatile` names left out; `expected`
 * says of a leaf's new value that the request was meant to set it (the order status itself).
 */
export function voucherDiff(before: unknown, after: unknown, volatile: readonly string[] = [], expected: (now: unknown) => boolean = () => false): VoucherDiff {
  const skip = new Set(volatile);
  const left = (path: string) => path === 'message' || path.split('.').some((n) => AUDIT.test(n) || skip.has(n));
  const was = leaves(before);
  const now = leaves(after);
  const out: VoucherDiff = { compared: 0, changed: [], names: [] };
  const changed = (path: string, text: string) => {
    out.changed.push(`${path}: ${text}`);
    out.names.push(path.split('.').at(-1)!);
  };
  for (const [path, v] of was) {
    if (left(path)) continue;
    out.compared++;
    const w = now.get(path);
    if (text(w) === text(v) || expected(w)) continue;
    changed(path, `${text(v)} -> ${text(w)}`);
  }
  for (const path of now.keys()) if (!was.has(path) && !left(path)) changed(path, 'added');
  return out;
}

/**
 * The names to leave out of a diff after a control: the entry's `volatile` names, and the fields
 * two reads with nothing sent between show changed (a view count, a time stamped on each read).
 */
export function movingFields(first: unknown, control: unknown, volatile: readonly string[] = []): string[] {
  return [...volatile, ...voucherDiff(first, control, volatile).names];
}
