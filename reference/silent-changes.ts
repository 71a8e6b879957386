// The faults of CU-15: a save answered 200 that stores another text than the one sent, as real
// stacks do - a VARCHAR(255) column in a database that truncates instead of refusing, a Latin-1
// column (characters outside it stored as "?"), a utf8mb3 column (characters outside the BMP
// dropped), a store that HTML-escapes what it saves (an anti-XSS filter on input), one that
// collapses runs of spaces. Each applies to every text field of the contact and its addresses.
import type { FaultName } from './faults.ts';

/** VARCHAR(255): the width, in characters, a truncating column keeps. */
export const COLUMN_WIDTH = 255;

const outsideLatin1 = /[^\u0000-\u00ff]/gu;
const outsideBmp = /[\u{10000}-\u{10FFFF}]/gu;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const SILENT: readonly FaultName[] = ['cu-drops-non-bmp', 'cu-mangles-non-ascii', 'cu-truncates-long-text', 'cu-html-escapes-text', 'cu-collapses-spaces'];

/** The text a faulty save stores for `text`. */
export function storedText(faults: ReadonlySet<FaultName>, text: string): string {
  let out = text;
  if (faults.has('cu-drops-non-bmp')) out = out.replace(outsideBmp, '');
  if (faults.has('cu-mangles-non-ascii')) out = out.replace(outsideLatin1, '?');
  if (faults.has('cu-html-escapes-text')) out = out.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
  if (faults.has('cu-collapses-spaces')) out = out.replace(/ {2,}/g, ' ');
  if (faults.has('cu-truncates-long-text')) out = [...out].slice(0, COLUMN_WIDTH).join('');
  return out;
}

/** `record` with each of its text values as a faulty save stores it (the same record when no fault is on). */
export function storedRecord<T extends object>(faults: ReadonlySet<FaultName>, record: T): T {
  if (!SILENT.some((f) => faults.has(f))) return record;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, typeof v === 'string' ? storedText(faults, v) : v])) as T;
}
