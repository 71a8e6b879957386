// Tokens never reach a record, a report, a log or the console: the configured tokens (spec 5: "a
// token provided by the service operator") are replaced by *** in everything the kit records or
// writes, including an answer that echoes them. One redactor for the whole kit (client, reports,
// probe, load): every spelling a server or an output format can give a token (redactorOf).

export const REDACTED = '***';

/** Replaces the secrets in text; `cut`: the text may end inside a secret (a body cut short). */
export type Redactor = (text: string, cut?: boolean) => string;

/** The shortest part of a secret that is redacted on its own. */
export function minPart(secret: string): number {
  return secret.length < 8 ? secret.length : Math.max(8, Math.ceil(secret.length * 0.6));
}

const NAMED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const SHORT_JSON: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/' };

/** The spellings of one character: raw, JSON escapes (once and twice), percent-encoded, HTML entities. */
export function charSpellings(c: string): string[] {
  const code = c.charCodeAt(0);
  const hex2 = code.toString(16).padStart(2, '0');
  const hex4 = code.toString(16).padStart(4, '0');
  const json = [`\\u${hex4}`, ...(SHORT_JSON[c] ? [SHORT_JSON[c]!] : [])];
  const html = [`&#${code};`, `&#x${hex2};`, ...(NAMED[c] ? [NAMED[c]!] : [])];
  const twice = json.map((j) => JSON.stringify(j).slice(1, -1));
  const htmlOfJson = json.flatMap((j) => ([...j].some((x) => NAMED[x]) ? [[...j].map((x) => NAMED[x] ?? x).join('')] : []));
  // Percent-encoding writes the UTF-8 bytes of the character (é is %C3%A9), any ASCII one may be encoded.
  const percent = code < 0x80 ? [`%${hex2}`] : [encodeURIComponent(c)];
  return [
    ...new Set([c, ...json, ...twice, ...htmlOfJson, ...percent, ...(c === ' ' ? ['+'] : []), ...html, ...html.map((h) => h.replace('&', '&amp;'))]),
  ].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern matching a secret written with any mix of its characters' spellings. */
function secretPattern(secret: string): string {
  return [...secret].map((c) => `(?:${charSpellings(c).map(escapeRegExp).join('|')})`).join('');
}

/** Redactors made so far, by their secrets: a client, a test's scrubber and the reports of one run share one. */
const made = new Map<string, Redactor>();

// The spellings:
//   - the raw token, in any letter case (a server may echo it upper-cased);
//   - each character in any of its spellings, mixed: URL-encoded (%XX either case, + for a
//     space), JSON-escaped once or twice (\" \/ \uXXXX, a JSON body echoed inside a JSON string),
//     HTML/XML-escaped (&amp; &lt; &quot; &#39; &#x27; ...);
//   - a part of a token: any run of at least max(8, 60% of its length) of its characters (a server
//     echoing a cut or a prefix); a very short token only whole;
//   - the tail of a text cut short that ends inside a token.
/** A redactor of the given secrets, in every spelling above (made once per set of secrets). */
export function redactorOf(secrets: Iterable<string | undefined>): Redactor {
  const list = [...new Set([...secrets].filter((s): s is string => !!s))].sort((a, b) => b.length - a.length);
  if (list.length === 0) return (text) => text;
  const key = JSON.stringify(list);
  let redactor = made.get(key);
  if (!redactor) {
    // Its patterns cost ~2 ms to build and compile: a run asks for it per client and per test.
    if (made.size >= 16) made.clear();
    made.set(key, (redactor = makeRedactor(list)));
  }
  return redactor;
}

function makeRedactor(list: string[]): Redactor {
  // Whole secrets, any case, any mix of spellings; then raw parts of them (runs of minPart characters).
  const whole = new RegExp(list.map(secretPattern).join('|'), 'gi');
  const parts = list.flatMap((s) => {
    const k = minPart(s);
    if (k >= s.length) return [];
    return Array.from({ length: s.length - k + 1 }, (_, i) => s.slice(i, i + k));
  });
  const partial = parts.length ? new RegExp(`(?:${[...new Set(parts)].map(escapeRegExp).join('|')})`, 'gi') : undefined;
  const tails = list.flatMap((s) => [s, encodeURIComponent(s), JSON.stringify(s).slice(1, -1)]);
  // Every spelling of a secret, and every part redacted alone, is at least minPart characters long:
  // a shorter text (most header values) holds none of them.
  const shortest = Math.min(...list.map(minPart));
  const mayHold = mayHoldTest(list);
  return (text, cut = false) => {
    if (!cut && text.length < shortest) return text;
    let out = text;
    if (mayHold(text)) {
      out = text.replace(whole, REDACTED);
      if (partial) out = redactParts(out, partial, list);
    }
    if (cut) out = redactTail(out, tails);
    return out;
  };
}

/**
 * A cheap test that is true for every text `whole` or `partial` matches (false: neither can, the text holds no spelling).
 * A match of `whole` is one spelling per character of a secret: either all raw (the secret itself, in some letter case)
 * or with one spelling that is not the raw character, all of which start with an escape character (\\ % & +). A match of
 * `partial` is a run of minPart characters of a secret. Every such run, and the secret itself, holds the secret's core:
 * its characters from L - minPart to minPart (all runs of minPart of L characters overlap there, as minPart > L / 2).
 * Both tests run with the same flag as the redactor's own patterns (i), so a letter matches in the same cases.
 */
export function mayHoldTest(list: string[]): (text: string) => boolean {
  const cores = list.map((s) => {
    const k = Math.min(minPart(s), s.length);
    return s.slice(s.length - k, k);
  });
  const starts = new Set(
    list.flatMap((s) =>
      [...s].flatMap((c) =>
        charSpellings(c)
          .filter((sp) => sp !== c)
          .map((sp) => sp[0]!),
      ),
    ),
  );
  const core = new RegExp([...new Set(cores)].map(escapeRegExp).join('|'), 'i');
  const escapes = [...starts];
  // Characters without letter case are looked for as they are (includes: faster than a class); a cased one (none today) by a pattern.
  const uncased = escapes.every((c) => c.toLowerCase() === c && c.toUpperCase() === c);
  const cased = new RegExp(`[${escapes.map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}]`, 'i');
  const escaped = uncased ? (text: string) => escapes.some((c) => text.includes(c)) : (text: string) => cased.test(text);
  return (text) => core.test(text) || escaped(text);
}

/** Every run of a secret's characters that holds a part of minPart characters, extended as far as it goes. */
function redactParts(text: string, partial: RegExp, secrets: string[]): string {
  if (!partial.test(text)) return text;
  partial.lastIndex = 0;
  const lower = secrets.map((s) => s.toLowerCase());
  let out = '';
  let from = 0;
  for (const m of text.matchAll(partial)) {
    const start = m.index!;
    if (start < from) continue;
    // extend the match while the text goes on with the secret's next characters
    let end = start + m[0].length;
    const piece = m[0].toLowerCase();
    for (const s of lower) {
      const at = s.indexOf(piece);
      if (at < 0) continue;
      let e = end;
      for (let j = at + piece.length; j < s.length && e < text.length && text[e]!.toLowerCase() === s[j]; j++) e++;
      end = Math.max(end, e);
    }
    out += text.slice(from, start) + REDACTED;
    from = end;
  }
  return out + text.slice(from);
}

/** A text cut short may end with the start of a secret: that tail is redacted too. */
function redactTail(text: string, forms: string[]): string {
  const lowerText = text.toLowerCase();
  for (const f of forms) {
    const lf = f.toLowerCase();
    for (let n = Math.min(f.length - 1, text.length); n >= Math.min(4, f.length - 1) && n > 0; n--) {
      if (lowerText.endsWith(lf.slice(0, n))) return text.slice(0, text.length - n) + REDACTED;
    }
  }
  return text;
}

export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = redact(v);
  return out;
}
