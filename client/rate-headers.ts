// Rate-limit headers, read by the scheduler to pace a run and by the probe as hypotheses it
// measures (spec 8 rule 1: "the thresholds and time window: not shown"). Three families: the IETF
// draft httpapi-ratelimit-headers (structured fields, RFC 8941, and its older forms), X-RateLimit-*
// (Reset in seconds, or a Unix time when it is one), and Retry-After (RFC 9110 10.2.3).

export type BareItem = string | number | boolean;

export interface SfItem {
  value: BareItem;
  params: Record<string, BareItem>;
}

export interface PolicyHint {
  name: string | null;
  limit: number;
  windowSeconds: number | null;
  raw: string;
}

export interface StateHint {
  name: string | null;
  limit: number | null;
  remaining: number | null;
  resetSeconds: number | null;
  raw: string;
}

export interface RateLimitHints {
  rateLimitPolicy: PolicyHint | null;
  rateLimit: StateHint | null;
  xRateLimit: StateHint | null;
}

/** Parses one bare item: "string", integer, decimal, ?1/?0, or a token. */
function bareItem(text: string): BareItem {
  const t = text.trim();
  if (t.startsWith('"') && t.endsWith('"') && t.length >= 2) return t.slice(1, -1).replace(/\\(["\\])/g, '$1');
  if (/^-?\d+(\.\d+)?$/.test(t)) return Number(t);
  if (t === '?1') return true;
  if (t === '?0') return false;
  return t;
}

/** Splits on `sep` outside double quotes. */
function splitOutsideQuotes(text: string, sep: string): string[] {
  const parts: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && quoted && i + 1 < text.length) {
      cur += c + text[++i];
      continue;
    }
    if (c === '"') quoted = !quoted;
    if (c === sep && !quoted) {
      parts.push(cur);
      cur = '';
    } else cur += c;
  }
  parts.push(cur);
  return parts;
}

/** An RFC 8941 list (or dictionary, read as items `key=value`): items with their parameters. */
export function parseStructuredList(text: string): SfItem[] {
  return splitOutsideQuotes(text, ',')
    .map((member) => member.trim())
    .filter((member) => member !== '')
    .map((member) => {
      const [head, ...rest] = splitOutsideQuotes(member, ';');
      const params: Record<string, BareItem> = {};
      for (const p of rest) {
        const eq = p.indexOf('=');
        if (eq < 0) params[p.trim().toLowerCase()] = true;
        else params[p.slice(0, eq).trim().toLowerCase()] = bareItem(p.slice(eq + 1));
      }
      return { value: bareItem(head ?? ''), params };
    });
}

const num = (v: BareItem | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null);

/** RateLimit-Policy: `"default";q=100;w=10` (current draft) or `100;w=10` (older drafts); the first policy. */
export function parsePolicy(raw: string | undefined): PolicyHint | null {
  if (!raw) return null;
  for (const item of parseStructuredList(raw)) {
    const quota = num(item.params.q) ?? num(typeof item.value === 'number' ? item.value : undefined);
    if (quota === null) continue;
    return { name: typeof item.value === 'string' ? item.value : null, limit: quota, windowSeconds: num(item.params.w), raw };
  }
  return null;
}

/** RateLimit: `"default";r=50;t=7` (current draft) or `limit=100, remaining=50, reset=7` (draft 06). */
export function parseState(raw: string | undefined): StateHint | null {
  if (!raw) return null;
  const items = parseStructuredList(raw);
  const first = items.find((i) => 'r' in i.params || 't' in i.params);
  if (first)
    return { name: typeof first.value === 'string' ? first.value : null, limit: null, remaining: num(first.params.r), resetSeconds: num(first.params.t), raw };
  // Dictionary form: each member is `key=value`, read as a token "key=value".
  const dict: Record<string, number | null> = {};
  for (const item of items) {
    if (typeof item.value !== 'string') continue;
    const m = /^([a-z-]+)\s*=\s*(\d+(?:\.\d+)?)$/i.exec(item.value);
    if (m) dict[m[1]!.toLowerCase()] = Number(m[2]);
  }
  if (!('limit' in dict) && !('remaining' in dict) && !('reset' in dict)) return null;
  return { name: null, limit: dict.limit ?? null, remaining: dict.remaining ?? null, resetSeconds: dict.reset ?? null, raw };
}

/** A Reset value: seconds, or a Unix time in seconds when it is one (GitHub's X-RateLimit-Reset). */
function resetSeconds(text: string | undefined, nowMs: number): number | null {
  if (text === undefined || !/^\s*\d+(\.\d+)?\s*$/.test(text)) return null;
  const v = Number(text);
  return v > 1e9 ? Math.max(0, v - nowMs / 1000) : v;
}

function intHeader(text: string | undefined): number | null {
  return text !== undefined && /^\s*\d+\s*$/.test(text) ? Number(text) : null;
}

/** Separate Limit/Remaining/Reset headers under a prefix (`ratelimit-`, `x-ratelimit-`, `x-rate-limit-`). */
function separateHeaders(h: Record<string, string>, prefix: string, nowMs: number): StateHint | null {
  const limit = h[`${prefix}limit`];
  const remaining = h[`${prefix}remaining`];
  const reset = h[`${prefix}reset`];
  if (limit === undefined && remaining === undefined && reset === undefined) return null;
  const raw = [
    ['limit', limit],
    ['remaining', remaining],
    ['reset', reset],
  ]
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${prefix}${k}: ${v}`)
    .join('; ');
  return { name: null, limit: intHeader(limit), remaining: intHeader(remaining), resetSeconds: resetSeconds(reset, nowMs), raw };
}

/** The hints of one answer's headers (names lower-cased). */
export function parseRateLimitHeaders(h: Record<string, string>, nowMs = Date.now()): RateLimitHints {
  let policy = parsePolicy(h['ratelimit-policy']);
  const state = parseState(h.ratelimit) ?? separateHeaders(h, 'ratelimit-', nowMs);
  // Older drafts without a policy header: RateLimit-Limit is the quota.
  if (!policy && state?.limit != null) policy = { name: null, limit: state.limit, windowSeconds: null, raw: state.raw };
  return {
    rateLimitPolicy: policy,
    rateLimit: state,
    xRateLimit: separateHeaders(h, 'x-ratelimit-', nowMs) ?? separateHeaders(h, 'x-rate-limit-', nowMs),
  };
}

/** Retry-After in seconds (RFC 9110 10.2.3: delay-seconds or HTTP-date); null when absent or invalid. */
export function parseRetryAfter(value: string | undefined, nowMs = Date.now()): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  if (!/[a-z]/i.test(v)) return null;
  const date = Date.parse(v);
  return Number.isNaN(date) ? null : Math.max(0, (date - nowMs) / 1000);
}

/** The limit and window the headers announce, merged across families (for the probe's plans). */
export function announced(h: RateLimitHints): { limit: number | null; windowSeconds: number | null } {
  return {
    limit: h.rateLimitPolicy?.limit ?? h.xRateLimit?.limit ?? h.rateLimit?.limit ?? null,
    windowSeconds: h.rateLimitPolicy?.windowSeconds ?? null,
  };
}
