// run.rateLimit as the scheduler takes it: "Q/W" is a cap on all requests together; a map states
// a quota per operation ({"report": "5/1m", "readBack": "4/1m"}), each paced on its own.
import { operationsOfKey, parseQuota, QUOTA_KEYS, readQuota, type QuotaKey } from '../core/quota.ts';
import type { StatedQuota } from './scheduler/pacing.ts';

export type RateLimitSetting = string | Partial<Record<QuotaKey, string | undefined>> | undefined;

export function statedQuotas(rateLimit: RateLimitSetting): StatedQuota[] {
  if (rateLimit === undefined) return [];
  if (typeof rateLimit === 'string') return [{ name: `${rateLimit.trim()} (all requests)`, quota: parseQuota(rateLimit), operations: null }];
  return QUOTA_KEYS.filter((k) => rateLimit[k] !== undefined).map((k) => ({
    name: `${k} ${rateLimit[k]!.trim()}`,
    quota: parseQuota(rateLimit[k]!),
    operations: operationsOfKey(k),
  }));
}

/** One line for the certificate: "report 5/1m, readBack 4/1m". */
export function showRateLimit(rateLimit: RateLimitSetting): string {
  if (rateLimit === undefined) return 'none stated';
  if (typeof rateLimit === 'string') return rateLimit;
  return QUOTA_KEYS.filter((k) => rateLimit[k] !== undefined)
    .map((k) => `${k} ${rateLimit[k]}`)
    .join(', ');
}

/** `--rate-limit 100/10s` (all requests) or `--rate-limit report=5/1m,readBack=4/1m`; null when malformed. */
export function readRateLimitFlag(text: string): RateLimitSetting | null {
  if (!text.includes('=')) return readQuota(text) ? text.trim() : null;
  const map: Partial<Record<QuotaKey, string>> = {};
  for (const part of text.split(',')) {
    const [k, v, ...rest] = part.split('=').map((s) => s.trim());
    if (rest.length || !k || !v || !(QUOTA_KEYS as readonly string[]).includes(k) || !readQuota(v) || map[k as QuotaKey]) return null;
    map[k as QuotaKey] = v;
  }
  return map;
}
