// The one parser of a quota written "Q/W" ("100/10s", "5/1m", "20/2s", "5/1h"): at most Q requests
// per window W. Read by the config (run.rateLimit), the scheduler and the reference (serve
// --rate-limit, --quota), so the three agree on what a quota means.

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

/** The operations a quota is kept for (the scheduler paces each on its own). */
export const QUOTA_OPERATIONS = ['report', 'customerCreate', 'orderStatus', 'contactRead', 'orderStatusRead', 'other'] as const;
export type QuotaOperation = (typeof QUOTA_OPERATIONS)[number];
/** Keys of run.rateLimit as a map: an operation, "readBack" (both read paths, one quota), or "all" (every request). */
export const QUOTA_KEYS = ['all', 'report', 'customerCreate', 'orderStatus', 'readBack', 'contactRead', 'orderStatusRead'] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];

/** The operations a stated quota key covers (null: every request). */
export function operationsOfKey(key: QuotaKey): readonly QuotaOperation[] | null {
  if (key === 'all') return null;
  if (key === 'readBack') return ['contactRead', 'orderStatusRead'];
  return [key];
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
