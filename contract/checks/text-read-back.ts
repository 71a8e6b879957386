// CU-15: text a customer was saved with reads back as it was sent (the relation "read-back =
// sent", for every text the generators make). What correct vendors do on save is no difference:
// surrounding whitespace trimmed (by any trim: ASCII, Unicode, zero-width, BOM) and Unicode
// normalised (NFC or NFD). A silent change is named by its kind: cut to a column's width, re-encoded
// through Latin-1 (characters outside it stored as "?", or UTF-8 bytes read as Latin-1), characters
// outside the BMP dropped, HTML-escaped (or unescaped, or its markup stripped), runs of spaces
// collapsed; any other difference is "changed". Inside a value every character counts: runs of
// spaces, tabs and no-break spaces, and markup, read back as sent.
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
  if (g === comparableText(escapeHtml(sent))) return 'HTML-escaped (& < > " \' stored as entities)';
  if (g === comparableText(unescapeHtml(sent))) return 'HTML-unescaped (an entity written as text stored as its character)';
  if (g === comparableText(sent.replace(TAG, ''))) return 'its markup (tags) stripped';
  if (g === comparableText(sent.replace(/ {2,}/g, ' '))) return 'runs of spaces collapsed to one';
  if (g === comparableText(sent.replace(/[\s\u00a0]+/gu, ' '))) return 'runs of spaces, tabs or no-break spaces collapsed to one space';
  if (g.length < s.length && s.startsWith(g)) return `cut to ${[...got].length} of its ${[...sent].length} characters (a column's width?)`;
  return 'changed';
}

const TAG = /<\/?[a-z][^<>]*>|<!\[CDATA\[|\]\]>/gi;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (t: string) => t.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const unescapeHtml = (t: string) =>
  t.replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: '\u00a0' })[e]!);

/**
 * What a correct vendor did to `sent` on save when `got` reads back the same as CU-15 compares
 * them but not character for character: its ends trimmed, its Unicode normalised (for the
 * certificate to say, never a failure). Empty when `got` is `sent` exactly.
 */
export function allowedNormalisation(got: string, sent: string): string[] {
  if (got === sent || !sameText(got, sent)) return [];
  const out: string[] = [];
  if (got.normalize('NFC') !== sent.normalize('NFC')) out.push('ends trimmed');
  if (got.replace(EDGE, '') !== sent.replace(EDGE, '')) out.push('Unicode normalised');
  return out;
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
