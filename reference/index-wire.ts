// How a profile's index operations meet the wire where it chooses otherwise than the reference
// (index-style.ts: paths and keys; here: answers, pages, refusals, date windows): without the 2.1
// envelope, paged by page number and size, refusing with HTTP 200 and {"status": false}, or
// allowing a report only a window of its own (section 1: "... not shown"). The routes keep the
// reference's limit/offset and envelope; this wraps each one for the profile.
import { parseExact } from '../core/json.ts';
import type { Ctx, Handler, Reply, Req } from './context.ts';
import type { Profile } from './profiles/types.ts';
import { HttpError, jsonReply, toJson } from './respond.ts';
import type { IndexRoute } from './routes/index-list.ts';
import { pagedByCursor, totalKeyOf } from './index-style.ts';

const DAY_MS = 86_400_000;

/** The JSON body of a request, or undefined when it is not a JSON object (the route refuses it). */
function bodyObject(req: Req): Record<string, unknown> | undefined {
  try {
    const v = parseExact(req.body);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Text of a page parameter, as given (a number in a body, text in a query). */
const textOf = (v: unknown): string | undefined => (v === undefined || v === null ? undefined : String(v));

/** limit and offset from page and size (from the first page's number); what does not parse goes on as given, for the route to refuse. */
function fromPage(page: string | undefined, size: string | undefined, firstPage: number): { limit?: string; offset?: string } {
  const p = page !== undefined && /^\d+$/.test(page) ? Number(page) : undefined;
  const s = size !== undefined && /^\d+$/.test(size) ? Number(size) : undefined;
  return {
    ...(size !== undefined ? { limit: size } : {}),
    ...(page !== undefined ? { offset: p !== undefined && s !== undefined ? String((p - firstPage) * s) : page } : {}),
  };
}

/** The request as the route reads it: page and size (query or body) become limit and offset; a limit or offset of its own is not this vendor's, ignored. */
function pagedByLimit(req: Req, firstPage: number): Req {
  const query = new URLSearchParams(req.query);
  query.delete('limit');
  query.delete('offset');
  if (query.has('page') || query.has('size')) {
    const q = fromPage(query.get('page') ?? undefined, query.get('size') ?? undefined, firstPage);
    query.delete('page');
    query.delete('size');
    for (const [k, v] of Object.entries(q)) query.set(k, v);
  }
  const body = req.method === 'POST' ? bodyObject(req) : undefined;
  if (!body || !('page' in body || 'size' in body || 'limit' in body || 'offset' in body)) return { ...req, query };
  const { page, size, limit: _l, offset: _o, ...rest } = body;
  const b = fromPage(textOf(page), textOf(size), firstPage);
  const num = (t: string | undefined) => (t !== undefined && /^-?\d+$/.test(t) ? Number(t) : t);
  return {
    ...req,
    query,
    body: toJson({ ...rest, ...(b.limit !== undefined ? { limit: num(b.limit) } : {}), ...(b.offset !== undefined ? { offset: num(b.offset) } : {}) }),
  };
}

/** A cursor as this vendor gives it: opaque to the client (the offset of the next page, encoded). */
export const cursorAt = (offset: number): string => Buffer.from(`o:${offset}`).toString('base64url');

/** The offset a cursor stands for; a cursor this vendor did not give is refused (7: a 400, never a 5xx). */
function offsetOf(cursor: unknown): number {
  const m = typeof cursor === 'string' ? /^o:(\d{1,9})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1')) : null;
  if (!m || cursorAt(Number(m[1])) !== cursor) throw new HttpError(400, 'cursor is not valid');
  return Number(m[1]);
}

/** The request as the route reads it: cursor and size (query or body) become limit and offset; no cursor: the first page. */
function pagedByCursorReq(req: Req): { req: Req; offset: number } {
  const query = new URLSearchParams(req.query);
  for (const k of ['limit', 'offset', 'page']) query.delete(k);
  const body = req.method === 'POST' ? bodyObject(req) : undefined;
  const source: Record<string, unknown> = body ?? Object.fromEntries(query);
  const offset = source.cursor === undefined ? 0 : offsetOf(source.cursor);
  if (!body) {
    const size = query.get('size');
    query.delete('cursor');
    query.delete('size');
    if (size !== null) query.set('limit', size);
    query.set('offset', String(offset));
    return { req: { ...req, query }, offset };
  }
  const { cursor: _c, size, limit: _l, offset: _o, page: _p, ...rest } = body;
  return { req: { ...req, query, body: toJson({ ...rest, ...(size !== undefined ? { limit: size } : {}), offset }) }, offset };
}

/**
 * The reply with the next page's cursor under `response.next`, when the count says there are more
 * items than up to this page's end; ix-cursor-skips-boundary: one past it (the item at each page
 * boundary is never given, IX-7). A vendor whose cursor lists state no count (`cursorCount: false`)
 * answers without it (`totalKey`).
 */
function withNext(reply: Reply, offset: number, skip: boolean, totalKey?: string): Reply {
  if (reply.status !== 200 || typeof reply.body !== 'string') return reply;
  const json = parseExact(reply.body) as { response?: Record<string, unknown> } | null;
  const r = json?.response;
  if (!r || typeof r !== 'object') return reply;
  const items = Object.values(r).find(Array.isArray) as unknown[] | undefined;
  const total = Object.values(r).find((v) => typeof v === 'number') as number | undefined;
  if (!items || total === undefined) return reply;
  const end = offset + items.length + (skip ? 1 : 0);
  const kept = totalKey === undefined ? r : Object.fromEntries(Object.entries(r).filter(([k]) => k !== totalKey));
  return { ...reply, body: toJson({ ...json, response: { ...kept, next: items.length > 0 && end < total ? cursorAt(end) : null } }) };
}

/** The request's date window, read where the route's config template puts {dateFrom} and {dateTo}. */
function windowOf(route: IndexRoute, req: Req): [number, number] | undefined {
  const template = { ...(route.query ?? {}), ...((route.body ?? {}) as Record<string, unknown>) };
  const from = Object.keys(template).find((k) => template[k] === '{dateFrom}');
  const to = Object.keys(template).find((k) => template[k] === '{dateTo}');
  if (!from || !to) return undefined;
  const source: Record<string, unknown> = req.method === 'POST' ? (bodyObject(req) ?? {}) : Object.fromEntries(req.query);
  const [a, b] = [source[from], source[to]].map((v) => (typeof v === 'string' ? Date.parse(v) : NaN));
  return Number.isNaN(a!) || Number.isNaN(b!) ? undefined : [a!, b!];
}

/** The reply without the envelope: what its `response` holds (a success only; errors keep their shape). */
function unwrapped(reply: Reply): Reply {
  if (reply.status !== 200 || typeof reply.body !== 'string') return reply;
  const json = parseExact(reply.body) as { response?: unknown } | null;
  if (json === null || typeof json !== 'object' || !('response' in json)) return reply;
  return { ...reply, body: toJson(json.response ?? null) };
}

/** `route`'s handler as `profile` serves it (the route's own when the profile changes nothing of it). */
export function wiredHandler(profile: Profile, route: IndexRoute): Handler {
  const style = profile.index;
  const cursor = route.paged === true && pagedByCursor(profile, route.name);
  if (!style || (style.envelope !== false && !style.paging && !cursor && !style.refusal200 && style.windowDays === undefined)) return route.handle;
  return async (ctx: Ctx, req: Req, param: string): Promise<Reply> => {
    let reply: Reply;
    try {
      const window = style.windowDays !== undefined ? windowOf(route, req) : undefined;
      if (window && window[1] - window[0] > style.windowDays! * DAY_MS) throw new HttpError(400, `the date window is at most ${style.windowDays} days`);
      if (cursor) {
        const asked = pagedByCursorReq(req);
        const uncounted = style.cursorCount === false ? totalKeyOf(profile) : undefined;
        reply = withNext(await route.handle(ctx, asked.req, param), asked.offset, ctx.faults.has('ix-cursor-skips-boundary'), uncounted);
      } else reply = await route.handle(ctx, style.paging ? pagedByLimit(req, style.paging.firstPage) : req, param);
    } catch (e) {
      // 7: a refusal; this vendor says it with HTTP 200 and status false. Other statuses keep theirs.
      if (!style.refusal200 || (e instanceof HttpError && e.status !== 400)) throw e;
      return jsonReply(ctx, 200, { status: false, message: e instanceof Error ? e.message : 'refused' });
    }
    return style.envelope === false ? unwrapped(reply) : reply;
  };
}
