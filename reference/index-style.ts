// A profile's own choices for the index's other operations (section 1: "Paths, parameters and
// payloads of every operation other than the three below: not shown"): the path each is served
// at and the keys its lists and counts are kept under. The routes answer with them, the router
// matches them, and the profile's run config (`operations`) says them, so a run stays certified.
import type { Profile } from './profiles/types.ts';

/** The path `profile` serves the index operation `name` at (the reference's is `path`). */
export function indexPath(profile: Profile, name: string, path: string): string {
  const style = profile.index;
  const own = style?.paths?.[name];
  if (own !== undefined) return own;
  return style?.prefix !== undefined && path.startsWith('/api/v1/') ? style.prefix + path.slice('/api/v1/'.length) : path;
}

/** The key under `response` a list is kept at (null: `response` is the list). */
export function listKeyOf(profile: Profile, key: string | null): string | null {
  return profile.index?.listKey ?? key;
}

/** The key under `response` of a paged list's count. */
export function totalKeyOf(profile: Profile): string {
  return profile.index?.totalKey ?? 'totalCount';
}

/** The config's `list` of an operation the reference keeps at `list` ("response", "response.items"). */
export function listPathOf(profile: Profile, list: string): string {
  return profile.index?.listKey !== undefined ? `response.${profile.index.listKey}` : list;
}

/** A config dot path of the enveloped answer ("response", "response.items") as `profile` answers: without the envelope, from its root ("$", "items"). */
export function answerPathOf(profile: Profile, path: string): string {
  if (profile.index?.envelope !== false) return path;
  return path === 'response' ? '$' : path.replace(/^response\./, '');
}

/** The config `list` of a list kept at `list` (paged or not) as `profile` answers it. */
export function configListPath(profile: Profile, list: string, paged: boolean): string {
  return answerPathOf(profile, !paged && profile.index?.bareLists ? 'response' : listPathOf(profile, list));
}

/** Whether `profile` pages list `name` by cursor (index-wire.ts). */
export const pagedByCursor = (profile: Profile, name: string): boolean => profile.index?.cursorLists?.includes(name) === true;

/**
 * A query or body template of list `name` whose {limit} and {offset} are asked as {size} and
 * {page} by a page-style profile, as {size} and {cursor} where it pages the list by cursor.
 */
export function pageTemplate<T>(profile: Profile, template: T, name: string): T {
  const cursor = pagedByCursor(profile, name);
  if ((!profile.index?.paging && !cursor) || template === null || typeof template !== 'object' || Array.isArray(template)) return template;
  const offset = cursor ? ['cursor', '{cursor}'] : ['page', '{page}'];
  const renamed = Object.entries(template as Record<string, unknown>).map(([k, v]) =>
    v === '{limit}' ? ['size', '{size}'] : v === '{offset}' ? offset : [k, v],
  );
  return Object.fromEntries(renamed) as T;
}

/** The first day of a window of its own, for the operations with one (`windowDays`): inside the report's fixture range. */
export const WINDOW_FROM = '2026-02-01T00:00:00Z';

/** The entry's own date window (config params dateFrom/dateTo), where the profile allows only `windowDays` and the route has one. */
export function windowParams(profile: Profile, templates: unknown): { dateFrom: string; dateTo: string } | undefined {
  const days = profile.index?.windowDays;
  if (days === undefined || !JSON.stringify(templates ?? null).includes('{dateFrom}')) return undefined;
  const to = new Date(Date.parse(WINDOW_FROM) + days * 86_400_000 - 1000).toISOString().replace('.000Z', 'Z');
  return { dateFrom: WINDOW_FROM, dateTo: to };
}
