// Words a page breaks inside, measured in the browser: run by `page.evaluate(brokenWords)`, so it
// is self-contained (no import, no closure). A word is a run of letters and digits (a hyphen or a
// slash is a break between words, as a person reads "not-run" or "update-order-status"); it is
// broken when its characters lie on more than one line (Range.getClientRects). A word wider than
// its cell's content may break (a long id, a digest): it cannot fit on one line there.
// Headers and cells of every table, and the headings; text inside <pre> and <code> (requests,
// curl lines, bodies: tokens laid out as sent) wraps as it must and is left out.

interface Rect {
  top: number;
  bottom: number;
  width: number;
}
interface Node {
  nodeValue: string | null;
  parentElement: Element | null;
}
interface Element {
  tagName: string;
  parentElement: Element | null;
  clientWidth: number;
  matches(selector: string): boolean;
  closest(selector: string): Element | null;
}
interface Doc {
  querySelectorAll(selector: string): Iterable<Element>;
  createTreeWalker(root: Element, what: number): { nextNode(): Node | null };
  createRange(): { setStart(n: Node, i: number): void; setEnd(n: Node, i: number): void; getClientRects(): Iterable<Rect> };
}

export interface BrokenWord {
  word: string;
  /** The tag of the cell or heading, and its text's start: where to look. */
  where: string;
  lines: number;
  /** The content width of the block it is laid out in, px. */
  room: number;
}

/** The words broken inside although they fit their cell (run in the page). */
export function brokenWords(): BrokenWord[] {
  const g = globalThis as unknown as { document: Doc; getComputedStyle(e: Element): { paddingLeft: string; paddingRight: string; display: string } };
  const doc = g.document;
  const out: BrokenWord[] = [];
  const SHOW_TEXT = 4;
  // A long token or an id may break where it is wider than its line: a URL, a path, a config key,
  // a camelCase field, a digest, a control character shown as \uXXXX (over 20 characters,
  // punctuation between its letters, a lower-case letter before a capital, 6 digits). A word or a
  // header ("Evidence", "SHOULD", "Suite version") never: its column must hold it.
  const ID_LIKE = /^\S{21,}$|[\p{L}\p{N}][/._:=?&@#\\][\p{L}\p{N}]|\p{Ll}\p{Lu}|\p{N}{6}/u;
  const BOXES = 'th, td, h1, h2, h4, h5, caption, summary, .verdict, .lead li';
  for (const box of doc.querySelectorAll(BOXES)) {
    // A cell inside a cell is measured as its own: its text is not counted twice.
    const walker = doc.createTreeWalker(box, SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('pre, code')) continue;
      if (parent.closest(BOXES) !== box) continue;
      const text = node.nodeValue ?? '';
      const where = node;
      // The room of its line: the content width of the nearest block around it (a blockquote in a
      // cell has less than the cell; an inline-block badge is laid out within its cell).
      let block: Element = parent;
      while (block !== box && g.getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const style = g.getComputedStyle(block);
      const room = block.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      // No function is declared in here (a bundler would wrap a named one in a helper the page lacks).
      const range = doc.createRange();
      // A long token wider than its line must break somewhere: its words may break.
      for (const token of text.matchAll(/\S+/g)) {
        const at = token.index!;
        range.setStart(where, at);
        range.setEnd(where, at + token[0].length);
        if (ID_LIKE.test(token[0]) && [...range.getClientRects()].reduce((n, r) => n + r.width, 0) > room) continue;
        for (const m of token[0].matchAll(/[\p{L}\p{N}]+/gu)) {
          range.setStart(where, at + m.index!);
          range.setEnd(where, at + m.index! + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          // Rectangles of one line overlap vertically; a new line starts below the last one's middle.
          const lines: Rect[] = [];
          for (const r of rects) if (!lines.some((l) => r.top < (l.top + l.bottom) / 2)) lines.push(r);
          if (lines.length > 1) out.push({ word: m[0], where: `${box.tagName.toLowerCase()}: ${text.trim().slice(0, 40)}`, lines: lines.length, room });
        }
      }
    }
  }
  return out;
}
