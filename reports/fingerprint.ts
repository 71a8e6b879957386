// A finding's fingerprint: what makes two findings of two runs "the same finding" - its
// requirement, its check, the operation it was seen on and the shape of the input that showed it
// (method, path with its ids left out, query names, the JSON body's keys and value types), never
// the input's random values. certify writes it into each finding of certification.json once;
// `compare` and the baseline gate tell new findings from known ones by it (reports/compare/).
import { createHash } from 'node:crypto';
import type { Exchange, Finding } from '../core/types.ts';

/** A path segment that is an id (digits, a long hex or a UUID) is no part of the shape. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{16,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The shape of a JSON value: its keys (sorted) and the types of its leaves; an array by the shapes of its items. */
export function jsonShape(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${[...new Set(v.map(jsonShape))].sort().join('|')}]`;
  if (typeof v === 'object')
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${k}:${jsonShape((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return typeof v === 'bigint' ? 'number' : typeof v;
}

function bodyShape(body: string | undefined): string {
  if (body === undefined || body === '') return '';
  try {
    return jsonShape(JSON.parse(body));
  } catch {
    return 'text';
  }
}

/** The shape of a request: "POST /api/v1/sales/{id}/update-order-status?branch_id {orderStatus:string}". */
export function requestShape(ex: Exchange | undefined): string {
  if (!ex) return '';
  let pathname = ex.request.url;
  let query: string[] = [];
  try {
    const u = new URL(ex.request.url);
    pathname = u.pathname;
    query = [...new Set(u.searchParams.keys())].sort();
  } catch {
    pathname = ex.request.url.split('?')[0]!;
  }
  const template = pathname
    .split('/')
    .map((s) => (ID_SEGMENT.test(s) ? '{id}' : s))
    .join('/');
  return [`${ex.request.method} ${template}${query.length ? `?${query.join('&')}` : ''}`, bodyShape(ex.request.body)].filter(Boolean).join(' ');
}

/** The exchange a finding was shown by: its own, else the last one of its sequence. */
function exchangeOf(f: Finding): Exchange | undefined {
  if (f.exchange) return f.exchange;
  const steps = f.sequence?.steps ?? [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const exs = steps[i]!.exchanges;
    if (exs.length) return exs[exs.length - 1];
  }
  return undefined;
}

/** The fingerprint's parts, as words (the JSON of compare shows them beside the hash). */
export function fingerprintParts(f: Finding): { requirement: string; check: string; operation: string; shape: string } {
  const ex = exchangeOf(f);
  return { requirement: f.requirementId, check: f.checkId, operation: ex?.operation ?? '', shape: requestShape(ex) };
}

/** 16 hex digits of the sha256 of the parts: stable across runs, seeds and targets. */
export function fingerprintOf(f: Finding): string {
  const p = fingerprintParts(f);
  return createHash('sha256')
    .update(JSON.stringify([p.requirement, p.check, p.operation, p.shape]))
    .digest('hex')
    .slice(0, 16);
}

/** The finding with its fingerprint (kept when it has one: computed once). */
export const withFingerprint = (f: Finding): Finding => (f.fingerprint ? f : { ...f, fingerprint: fingerprintOf(f) });
