// CU-15: text a customer was saved with reads back as it was sent (the relation "read-back =
// sent", for every text the generators make). What correct vendors do on save is no difference:
// surrounding whitespace trimmed (by any trim: ASCII, Unicode, zero-width, BOM) and Unicode
// normalised (NFC or NFD). A silent change is named by its kind: cut to a column's width, re-encoded
// through Latin-1 (characters outside it stored as "?", or UTF-8 bytes read as Latin-1), characters
// outside the BMP dropped; any other difference is "changed".
import type { Exchange } from '../../core/types.ts';
import { describeText, readBackPayload } from './customer.ts';
import { defineCheck, type Fact } from './finding.ts';

/** Characters a trimming vendor may drop at either end: JS \s (Unicode spaces, NBSP, BOM) and zero-width ones. */
const EDGE = /^[\s\u200b-\u200d\u2060\ufeff]+|[\s\u200b-\u200d\u2060\ufeff]+$/gu;

/** A text as CU-15 compares it: NFC, without what any trim drops at its ends. */
export function comparableText(text: string): string {
  return text.normalize('NFC').replace(EDGE, '');
}

/** Whether `got` is what a correct vendor may store for `sent`. */
export function sameText(got: string, sent: string): boolean {
  return comparableText(got) === comparableText(sent);
}

const outsideBmp = /[\u{10000}-\u{10FFFF}]/gu;
const outsideLatin1 = /[^\u0000-\u00ff]/gu;

/** What kind of silent change turns `sent` into `got` (both differ as CU-15 compares them). */
export function silentChange(got: string, sent: string): string {
  const g = comparableText(got);
  const s = comparableText(sent);
  if (g === comparableText(sent.replace(outsideBmp, ''))) return 'its characters outside the BMP (emoji ...) dropped';
  if ([sent, sent.normalize('NFC')].some((x) => g === comparableText(x.replace(outsideLatin1, '?'))))
    return 'stored through Latin-1: characters outside it became "?"';
  if (g === comparableText(Buffer.from(sent, 'utf8').toString('latin1'))) return 'its UTF-8 bytes read back as Latin-1 (a wrong charset)';
  if (g.length < s.length && s.startsWith(g)) return `cut to ${[...got].length} of its ${[...sent].length} characters (a column's width?)`;
  return 'changed';
}

export interface SentText {
  /** "remark", "contactAddressDTO[0].addressLine1" ... */
  field: string;
  value: string;
  /** The value read back for that field, or undefined when the read does not hold it. */
  got: unknown;
}

/**
 * CU-15 over one read-back: each text sent against the value read back for its field. A field the
 * read does not hold is not judged (the read's shape is the vendor's; CU-8 judges missing fields);
 * a read that failed is CU-8's too.
 */
export const textReadBack = defineCheck(
  'customer.text-read-back',
  'CU-15',
  (ex: Exchange, texts: SentText[]): Fact[] | null => {
    if (ex.response?.status !== 200 || !readBackPayload(ex) || judged(texts).length === 0) return null;
    return judged(texts)
      .filter((t) => !sameText(t.got as string, t.value))
      .map((t) => ({
        title: `Saved ${t.field} reads back changed: ${silentChange(t.got as string, t.value)}`,
        received: describeText(t.got as string),
        expected: `${describeText(t.value)} (as sent; surrounding whitespace and Unicode normalisation aside)`,
      }));
  },
  (_ex, texts) => judged(texts).length,
);

function judged(texts: SentText[]): SentText[] {
  return texts.filter((t) => typeof t.got === 'string');
}
