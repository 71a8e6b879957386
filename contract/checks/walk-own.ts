// The run's own items in a walk, told by the marker they carry (config `marker`, runtime/marker.ts):
// every creation of the run that carries a marker carries the run's, most of them one of their own
// under it ("erpc-1f2e3d4c-s42-made3"). For each such marker the runtime says when its creation
// landed against the walk's first page: answered before that page was asked ('old': in the count
// at the start), sent after it was answered ('new': not in it), or in flight between ('either'). An
// item with no marker of this run (none, or another run's) is not the run's. A walk then holds the
// count at the start plus exactly the run's 'new' items it saw; each 'either' item it saw, and each
// creation of the run in flight that carries no marker the list shows, widen that by one, never more.
import { stringifyJson } from '../../core/json.ts';

export type OwnWhen = 'old' | 'new' | 'either';

export interface OwnMarks {
  /** The run's marker, e.g. "erpc-1f2e3d4c-s42"; a creation's own marker continues it ("-made3"). */
  run: string;
  /** When each marker of the run's creations landed against the walk's first page; a marker not here is 'either'. */
  when: ReadonlyMap<string, OwnWhen>;
  /** Of the run's creations in flight while the list was walked (the writes ledger's count), those that carried a marker. */
  markedInFlight: number;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Finds the run's marker (with a creation's own suffix, if any) that a text holds whole, or undefined. */
export type OwnMarkerMatcher = (text: string) => string | undefined;

/** The matcher of the run's marker `run`, its pattern built once: made once per run (or walk), used for every text. */
export function ownMarkerMatcher(run: string): OwnMarkerMatcher {
  if (run === '') return () => undefined;
  const re = new RegExp(`${escape(run)}(?:-[A-Za-z]+\\d+)?(?![A-Za-z0-9])`, 'g');
  return (text) => {
    // A fast refusal: most texts hold no marker of the run at all.
    if (!text.includes(run)) return undefined;
    let longest: string | undefined;
    for (const m of text.matchAll(re)) if (longest === undefined || m[0].length > longest.length) longest = m[0];
    return longest;
  };
}

/** The run's marker (with a creation's own suffix, if any) that `text` holds whole, or undefined (one text: its own matcher). */
export function ownMarkerIn(text: string, run: string): string | undefined {
  return ownMarkerMatcher(run)(text);
}

/** The marker an item carries (anywhere in it), by `matcher`, or undefined: an item of another writer or another run. */
const markerOfItem = (item: unknown, matcher: OwnMarkerMatcher) => matcher(typeof item === 'string' ? item : stringifyJson(item));

/** The run's marker an item carries (anywhere in it), or undefined: an item of another writer or another run. */
export function ownMarkerOf(item: unknown, run: string): string | undefined {
  return markerOfItem(item, ownMarkerMatcher(run));
}

/** What a walk's items say of the run's own creations. */
export interface OwnSeen {
  /** Items carrying the run's marker, by when their creation landed. */
  old: number;
  new: number;
  either: number;
  /** Whether the list shows the marker at all (an item of the walk carries it). */
  shown: boolean;
}

export function ownSeen(items: unknown[], marks: OwnMarks | undefined): OwnSeen {
  const seen: OwnSeen = { old: 0, new: 0, either: 0, shown: false };
  if (!marks) return seen;
  const matcher = ownMarkerMatcher(marks.run);
  for (const item of items) {
    const m = markerOfItem(item, matcher);
    if (m === undefined) continue;
    seen.shown = true;
    seen[marks.when.get(m) ?? 'either']++;
  }
  return seen;
}

/**
 * The items a walk by a correct list must hold, from its count at the start (`t0`), at its last
 * page (`t1`), the run's creations in flight meanwhile (`own`, the ledger's) and its own items
 * seen: at least t0 plus the 'new' ones seen; at most that plus the 'either' ones and the
 * creations in flight the list could not show by a marker, and never more than `t1`. A list that
 * shows no marker (or a run that marks nothing) leaves every creation in flight unmarked: between
 * t0 and t1, as a count alone says.
 */
export function expectedItems(
  t0: number,
  t1: number,
  own: number,
  seen: OwnSeen,
  marks: OwnMarks | undefined,
): { low: number; high: number; unmarked: number } {
  const unmarked = seen.shown && marks ? Math.max(0, own - marks.markedInFlight) : own;
  const low = t0 + seen.new;
  return { low, high: Math.min(t1, low + seen.either + unmarked), unmarked };
}

/** Whether an item is one of the run's own (its marker found), for setting them aside when two walks are compared. */
export function isOwn(marks: OwnMarks | undefined): (item: unknown) => boolean {
  if (marks === undefined) return () => false;
  const matcher = ownMarkerMatcher(marks.run);
  return (item) => markerOfItem(item, matcher) !== undefined;
}
