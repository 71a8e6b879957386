// The console's layout: lines that stay readable at 100 columns (prose wrapped at word
// boundaries, a word longer than a line cut; the commands a user copies, curl and replay lines,
// kept whole on one line, but for values too long to read: cutCurl), and the one line per spec
// section with its title beside its number.
import type { RequirementResult } from '../model.ts';
import { SECTION_HEADINGS } from './spec-sections.ts';

export const WIDTH = 100;

/** Lines a user copies and pastes: never wrapped (a sequence's curl lines, `NAME=$(curl ...)` included). */
export const COPY_LINE = /^\s*((reproduce|replay|last step): |(\w+=\$\()?curl )/;

/** A value longer than this (a run of characters between quotes: a JSON string, a header, a URL) is cut in a console curl line. */
export const CURL_VALUE_MAX = 200;
/** What a cut value keeps, and the most a cut curl line keeps in all (many long values). */
const CURL_VALUE_KEEP = 120;
const CURL_LINE_MAX = 1000;
const cutNote = (n: number) => `…(${n} more characters; the whole request is in certification.json)`;
/** The label of a cut curl line: it no longer sends the request, so it is not for pasting. */
export const CUT_CURL_LABEL = 'reproduce (cut, not for pasting: the whole request is in certification.json):';

/** `text` cut to `keep` code points (never half a surrogate pair) with the note of what is left out. */
function cutTo(text: string, keep: number): string {
  const chars = [...text];
  return `${chars.slice(0, keep).join('')}${cutNote(chars.length - keep)}`;
}

/**
 * A curl line readable in a console: each value longer
 * than CURL_VALUE_MAX shows its first part and how much is left out, and the line stops at
 * CURL_LINE_MAX. The JSON and HTML reports keep the whole request; `cut` says the line was cut
 * (then it is no command to paste: the caller labels it so).
 */
export function cutCurl(line: string): { line: string; cut: boolean } {
  let cut = false;
  // Runs without quotes: the values of the shell words and of the JSON body, not the curl options.
  let out = line.replace(new RegExp(`[^"']{${CURL_VALUE_MAX + 1},}`, 'gu'), (run) => {
    if ([...run].length <= CURL_VALUE_MAX) return run;
    cut = true;
    return cutTo(run, CURL_VALUE_KEEP);
  });
  if ([...out].length > CURL_LINE_MAX) {
    cut = true;
    out = cutTo(out, CURL_LINE_MAX);
  }
  return { line: out, cut };
}

/** `text` wrapped to `width` columns; each line after the first indented by `indent` (+ the first's own indentation). */
export function wrap(text: string, width = WIDTH, hanging = 2): string[] {
  if (text.length <= width || COPY_LINE.test(text)) return [text];
  const lead = /^\s*/.exec(text)![0];
  const next = `${lead}${' '.repeat(hanging)}`;
  const out: string[] = [];
  let line = lead;
  for (const word of text.slice(lead.length).split(/ +/)) {
    const room = width - (line.trim() ? line.length + 1 : line.length);
    if (word.length <= room) {
      line = line.trim() ? `${line} ${word}` : `${line}${word}`;
      continue;
    }
    if (line.trim()) out.push(line);
    line = out.length ? next : lead;
    let rest = word;
    while (line.length + rest.length > width) {
      const cut = width - line.length;
      out.push(`${line}${rest.slice(0, cut)}`);
      rest = rest.slice(cut);
      line = next;
    }
    line = `${line}${rest}`;
  }
  if (line.trim()) out.push(line);
  return out;
}

/** Every line of `lines` wrapped (copy lines kept whole). */
export function wrapAll(lines: string[], width = WIDTH): string[] {
  return lines.flatMap((l) => l.split('\n')).flatMap((l) => wrap(l, width));
}

/** The spec's heading of a section, its parenthesis dropped when long: "Response envelope". */
export function shortHeading(section: string): string {
  const h = SECTION_HEADINGS[section] ?? '';
  return h.length > 30 ? h.replace(/\s*\(.*\)$/, '') : h;
}

const TITLE_WIDTH = Math.max(...Object.keys(SECTION_HEADINGS).map((s) => shortHeading(s).length));

/** "  section 4.1  Update Order Status                 10 passed, 1 skipped  (OS-7 failed)". */
export function sectionLine(section: string, counts: string, flagged: string[]): string {
  return `  section ${section.padEnd(4)} ${shortHeading(section).padEnd(TITLE_WIDTH)}  ${counts}${flagged.length ? `  (${flagged.join(', ')})` : ''}`;
}

const LEVEL_ORDER = { MUST: 0, SHOULD: 1, INFO: 2 } as const;

/** MUST failures first, then SHOULD, in catalogue order within a level. */
export function byLevel(list: RequirementResult[]): RequirementResult[] {
  return list
    .map((r, i) => [r, i] as const)
    .sort(([a, i], [b, j]) => LEVEL_ORDER[a.level] - LEVEL_ORDER[b.level] || i - j)
    .map(([r]) => r);
}
