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
