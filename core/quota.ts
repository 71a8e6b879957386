// The one parser of a quota written "Q/W" ("100/10s", "5/1m", "20/2s", "5/1h"): at most Q requests
// per window W. Read by the config (run.rateLimit), the scheduler and the reference (serve
// --rate-limit, --quota), so the three agree on what a quota means. Every operation of the
// index (section 1) has its own quota under its stable name (core/operations.ts).
import { INDEX_OPERATIONS, type IndexOperationName } from './operations.ts';

export interface Quota {
  requests: number;
  windowMs: number;
}

const QUOTA = /^\s*(\d+)\s*\/\s*(\d+)\s*(s|m|h)\s*$/;
const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000 } as const;

/** "100/10s" -> { requests: 100, windowMs: 10000 }; null when it is not a quota. */
export function readQuota(text: string): Quota | null {
  const m = QUOTA.exec(text);
  if (!m) return null;
  const requests = Number(m[1]);
  const amount = Number(m[2]);
  if (requests < 1 || amount < 1 || !Number.isSafeInteger(requests) || !Number.isSafeInteger(amount)) return null;
  return { requests, windowMs: amount * UNIT_MS[m[3] as keyof typeof UNIT_MS] };
}

/** readQuota, throwing a message that names the expected form. */
export function parseQuota(text: string): Quota {
  const q = readQuota(text);
  if (!q) throw new Error(`a quota is Q/W with a positive Q and a window in s, m or h (e.g. "100/10s", "5/1m"), got ${JSON.stringify(text)}`);
  return q;
}

/** 5 per 6000 ms -> "5/6s" (the shortest unit that divides the window). */
export function showQuota(q: Quota): string {
  const w = q.windowMs;
  if (w % 3_600_000 === 0) return `${q.requests}/${w / 3_600_000}h`;
  if (w % 60_000 === 0) return `${q.requests}/${w / 60_000}m`;
  return `${q.requests}/${Math.round(w / 1000)}s`;
}

/** Index operations (section 1) whose quota is one of the three of section 4 or a read-back path: their stable name is an alias of it. */
export const INDEX_QUOTA_ALIASES = {
  'update-order-status': 'orderStatus',
  'contact-save': 'customerCreate',
  'consumption-production-report': 'report',
  'get-contact-by-id': 'contactRead',
  'order-status': 'orderStatusRead',
} as const;
type Aliased = keyof typeof INDEX_QUOTA_ALIASES;
/** The other index operations: each keeps its own quota under its stable name ("get-product-list"). */
export const INDEX_QUOTA_OPERATIONS = INDEX_OPERATIONS.filter((n): n is Exclude<IndexOperationName, Aliased> => !(n in INDEX_QUOTA_ALIASES));

/** The operations a quota is kept for (the scheduler paces each on its own); "other": a request of no known operation. */
export const QUOTA_OPERATIONS = ['report', 'customerCreate', 'orderStatus', 'contactRead', 'orderStatusRead', ...INDEX_QUOTA_OPERATIONS, 'other'] as const;
export type QuotaOperation = (typeof QUOTA_OPERATIONS)[number];
/** Keys of run.rateLimit as a map: an operation, "readBack" (both read paths, one quota), "all" (every request), or an index operation's stable name. */
export const QUOTA_KEYS = ['all', 'report', 'customerCreate', 'orderStatus', 'readBack', 'contactRead', 'orderStatusRead', ...INDEX_OPERATIONS] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];

/** The keys as a usage message lists them. */
export const QUOTA_KEYS_TEXT = `all, report, customerCreate, orderStatus, readBack, contactRead, orderStatusRead, or an index operation's stable name (config operations, e.g. get-product-list)`;

/** The quota operation of an index operation by its stable name ("contact-save" counts as customerCreate); "other" for an unknown name. */
export function quotaOfIndexOperation(name: string | undefined): QuotaOperation {
  if (name === undefined) return 'other';
  if (name in INDEX_QUOTA_ALIASES) return INDEX_QUOTA_ALIASES[name as Aliased];
  return (INDEX_QUOTA_OPERATIONS as readonly string[]).includes(name) ? (name as QuotaOperation) : 'other';
}

/** The operations a stated quota key covers (null: every request). */
export function operationsOfKey(key: QuotaKey): readonly QuotaOperation[] | null {
  if (key === 'all') return null;
  if (key === 'readBack') return ['contactRead', 'orderStatusRead'];
  if ((INDEX_OPERATIONS as readonly string[]).includes(key)) return [quotaOfIndexOperation(key)];
  return [key as QuotaOperation];
}

/** The quota operation of a request: its operation, or for a raw request the operation of its path (4.1-4.3). */
export function quotaOperationOf(operation: string, path: string): QuotaOperation {
  switch (operation) {
    case 'report':
      return 'report';
    case 'customer-create':
      return 'customerCreate';
    case 'order-status':
      return 'orderStatus';
    case 'contact-read':
      return 'contactRead';
  }
  const p = path.split('?')[0]!.replace(/\/+$/, '');
  if (p.endsWith('/api/v1/report/consumption-production-report')) return 'report';
  if (p.endsWith('/api/v1/customer/create')) return 'customerCreate';
  if (/\/api\/v1\/sales\/[^/]+\/update-order-status$/.test(p)) return 'orderStatus';
  return 'other';
}

/** The quota operation a probed name counts against (the run's pacing keys): null for no known one. */
export function quotaOfProbed(name: string): QuotaOperation | null {
  const known: Record<string, QuotaOperation> = {
    report: 'report',
    'customer-create': 'customerCreate',
    'order-status': 'orderStatus',
    'order-status-read': 'orderStatusRead',
    'contact-read': 'contactRead',
  };
  if (known[name]) return known[name];
  const q = quotaOfIndexOperation(name);
  return q === 'other' ? null : q;
}
