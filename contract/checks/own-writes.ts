// Whose a record is, by the marker it carries (config `marker`, runtime/marker.ts): a record
// holding the marker a refused request carried was made by that request, whatever else the
// server holds; a record holding no such marker is another writer's (another client, another run
// of the kit) or one of the run's accepted writes, and is never taken for a refused one. Neither
// ids between two creations nor the time a record appeared decide it.
import type { Exchange } from '../../core/types.ts';

/** A record read back: its id, the read, and what the field that carries markers held. */
export interface MarkedRead {
  id: string;
  ex: Exchange;
  text: unknown;
}

/** A request whose record, if any, is told by its own marker. */
export interface MarkedRequest {
  marker: string;
  ex: Exchange;
}

/** Whether `text` holds `marker` whole (not the start of a longer marker: "-r3" is not in "-r31"). */
export function holdsMarker(text: unknown, marker: string): boolean {
  if (typeof text !== 'string' || marker === '') return false;
  for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + 1)) {
    const next = text[at + marker.length];
    if (next === undefined || !/[A-Za-z0-9]/.test(next)) return true;
  }
  return false;
}

export interface Whose {
  /** Records carrying a refused request's marker: each made by that request. */
  made: Array<{ read: MarkedRead; by: MarkedRequest }>;
  /** Records carrying none of them: another writer's, or the run's accepted ones (not judged). */
  others: MarkedRead[];
}

/** The records of `reads` made by one of `refused` (found by its marker), and the others. */
export function madeByRefused(reads: MarkedRead[], refused: MarkedRequest[]): Whose {
  const out: Whose = { made: [], others: [] };
  for (const read of reads) {
    const by = refused.find((r) => holdsMarker(read.text, r.marker));
    if (by) out.made.push({ read, by });
    else out.others.push(read);
  }
  return out;
}
