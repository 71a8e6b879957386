// Text a web form, a spreadsheet or an XML export carries, which a save may quietly rewrite (CU-15):
// the HTML/XML specials & < > " ', an entity written as text (&amp; itself) and a tag; and runs of
// spaces, tabs and no-break spaces inside a value (never at its ends, which a correct vendor may
// trim). Every value of `markupText` holds every special, the entity and a tag; every value of
// `spaceRunText` holds a run of ASCII spaces, a tab and a no-break space, each between two words.
import fc from 'fast-check';
import { latinText } from './latin-text.ts';
import type { TextKind } from './script-text.ts';

/** The HTML/XML specials, one at a time, each between words. */
export const SPECIALS = ['&', '<', '>', '"', "'"] as const;
/** An entity written as text: a store that escapes writes it &amp;amp;, one that unescapes writes &. */
export const ENTITIES = ['&amp;', '&lt;', '&quot;', '&#39;', '&nbsp;'] as const;
/** A tag and an XML-looking element: a store that strips markup drops them. */
export const TAGS = ['<b>', '</b>', '<br/>', '<i>x</i>', '<![CDATA[x]]>', '<script>alert(1)</script>'] as const;
/** Runs inside a value: two or more ASCII spaces, a tab (alone or among spaces), no-break spaces. */
export const SPACE_RUNS = { spaces: ['  ', '   ', '    '], tabs: ['\t', ' \t', '\t\t'], noBreak: ['\u00a0', '\u00a0\u00a0', ' \u00a0 '] } as const;

const word = (kind: TextKind) => latinText(kind).map((t) => t.trim().split(/\s+/)[0] || 'Shree');

/** Pieces joined between words, in a drawn order: the value starts and ends with a word. */
function joined(kind: TextKind, pieces: fc.Arbitrary<string[]>): fc.Arbitrary<string> {
  return pieces.chain((ps) =>
    fc.tuple(...Array.from({ length: ps.length + 1 }, () => word(kind))).map((ws) => ws.map((w, i) => (i < ps.length ? w + ps[i] : w)).join('')),
  );
}

const built = new Map<string, fc.Arbitrary<string>>();

/** A value holding each of & < > " ', an entity and a tag, between words ("Shah & Sons <b>'Ltd'</b> &amp; "Co">"). */
export function markupText(kind: TextKind): fc.Arbitrary<string> {
  const key = `markup:${kind}`;
  let arb = built.get(key);
  if (!arb) {
    const pieces = fc
      .tuple(fc.constantFrom(...ENTITIES), fc.constantFrom(...TAGS))
      .chain(([entity, tag]) => fc.shuffledSubarray([...SPECIALS.map((s) => ` ${s} `), ` ${entity} `, ` ${tag} `], { minLength: SPECIALS.length + 2 }));
    arb = joined(kind, pieces);
    built.set(key, arb);
  }
  return arb;
}

/** A value holding, between words, a run of ASCII spaces, a tab and a no-break space ("Plot  12\tMG\u00a0Road"). */
export function spaceRunText(kind: TextKind): fc.Arbitrary<string> {
  const key = `spaces:${kind}`;
  let arb = built.get(key);
  if (!arb) {
    const pieces = fc
      .tuple(fc.constantFrom(...SPACE_RUNS.spaces), fc.constantFrom(...SPACE_RUNS.tabs), fc.constantFrom(...SPACE_RUNS.noBreak))
      .chain((runs) => fc.shuffledSubarray(runs, { minLength: 3 }));
    arb = joined(kind, pieces);
    built.set(key, arb);
  }
  return arb;
}

/** Which of the classes above a value holds inside it (the generators' test counts them). */
export function markupClasses(value: string): string[] {
  const inner = value.trim();
  const has: [string, boolean][] = [
    ['&', /&(?![a-z]+;|#\d+;)/.test(inner)],
    ['<', inner.includes('<')],
    ['>', inner.includes('>')],
    ['"', inner.includes('"')],
    ["'", inner.includes("'")],
    ['entity', /&(?:[a-z]+|#\d+);/.test(inner)],
    ['tag', /<\/?[a-z][a-z0-9]*\s*\/?>|<!\[CDATA\[/i.test(inner)],
    ['spaces', / {2,}/.test(inner)],
    ['tab', inner.includes('\t')],
    ['no-break space', inner.includes('\u00a0')],
  ];
  return has.filter(([, yes]) => yes).map(([name]) => name);
}
