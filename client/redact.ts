// Tokens never reach a record: the configured tokens (spec 5: "a token provided by the
// service operator") are replaced by *** in everything the client records, including a
// response that echoes them. The deliberately invalid token is a generated non-secret.

export const REDACTED = '***';

/** Replaces the secrets in text; `cut`: the text may end inside a secret (a body cut short). */
export type Redactor = (text: string, cut?: boolean) => string;

/** A redactor of the given secrets, also in their URL-encoded and JSON-escaped spellings. */
export function redactorOf(secrets: Iterable<string | undefined>): Redactor {
  const forms = new Set<string>();
  for (const s of secrets) {
    if (!s) continue;
    forms.add(s);
    forms.add(encodeURIComponent(s));
    forms.add(JSON.stringify(s).slice(1, -1));
    forms.add(JSON.stringify(s).slice(1, -1).replaceAll('/', '\\/'));
  }
  // Longest first, so a form that contains another is replaced whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  if (ordered.length === 0) return (text) => text;
  return (text, cut = false) => {
    let out = text;
    for (const f of ordered) if (out.includes(f)) out = out.split(f).join(REDACTED);
    if (cut) out = redactTail(out, ordered);
    return out;
  };
}

/** A text cut short may end with the start of a secret: that tail is redacted too. */
function redactTail(text: string, forms: string[]): string {
  for (const f of forms) {
    for (let n = Math.min(f.length - 1, text.length); n >= Math.min(4, f.length - 1) && n > 0; n--) {
      if (text.endsWith(f.slice(0, n))) return text.slice(0, text.length - n) + REDACTED;
    }
  }
  return text;
}

export function redactHeaders(headers: Record<string, string>, redact: Redactor): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = redact(v);
  return out;
}
