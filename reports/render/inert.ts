// Text a server can influence (finding titles and messages, bodies, headers, observation keys and
// values, reasons, the target's name) is shown, never acted on: in a terminal no escape sequence
// (ESC/CSI/OSC, BEL, 8-bit C1 controls) reaches it, and nowhere does a bidi override reorder what
// the reader sees. Each such character is shown as its \uXXXX escape instead.

/** Bidi embeddings, overrides, isolates and marks (Trojan Source, CVE-2021-42574). */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

/** C0 controls but tab and newline, DEL, C1 controls, bidi: for a terminal (a CR would overwrite the line). */
// eslint-disable-next-line no-control-regex
const TERMINAL = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');

/** The same, with CR kept (a browser shows it as a line break, and CRLF bodies stay readable). */
// eslint-disable-next-line no-control-regex
const DOCUMENT = new RegExp(`[\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f${BIDI}]`, 'g');

export const visibleEscape = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** For a terminal: every control character but newline and tab, and every bidi control, as \uXXXX. */
export function inertTerminalText(text: string): string {
  return text.replace(TERMINAL, visibleEscape);
}

/** For a document (HTML, an Allure text): the same, CR kept. */
export function inertDocumentText(text: string): string {
  return text.replace(DOCUMENT, visibleEscape);
}

/** For XML 1.0, which cannot hold C0 controls even escaped: those are removed, bidi controls shown as \uXXXX. */
export function inertXmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g, '')
      .replace(new RegExp(`[${BIDI}]`, 'g'), visibleEscape)
      // A lone surrogate is not a character XML can hold either.
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
  );
}
