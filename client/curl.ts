// A copy-pasteable curl line reproducing a recorded request. Valid tokens are written as
// "$ERP_API_TOKEN" / "$ERP_API_TOKEN_2" (expanded by the shell, never the value); the
// deliberately invalid token is written as sent; tokenKind 'none' sends no api-token.
import type { Exchange, TokenKind, TokenVariant } from '../core/types.ts';

/** Single-quotes a word for POSIX shells: ' becomes '\''. */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(text)) return `'${text}'`;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const TOKEN_VARIABLE: Partial<Record<TokenKind, string>> = {
  valid: 'ERP_API_TOKEN',
  second: 'ERP_API_TOKEN_2',
};

/** Text inside a double-quoted shell word: ", $, ` and \ escaped. */
const dq = (text: string) => text.replace(/["$`\\]/g, '\\$&');

/** The valid token as a variant sends it, as a shell expansion of $ERP_API_TOKEN (never its value). */
function variantWord(v: TokenVariant): string | undefined {
  switch (v.kind) {
    case 'suffix':
      return `"\${ERP_API_TOKEN}${dq(v.text)}"`;
    case 'prefix':
      return `"${dq(v.text)}\${ERP_API_TOKEN}"`;
    case 'cut':
      return `"\${ERP_API_TOKEN%${'?'.repeat(v.chars)}}"`;
    case 'case':
      return `"$(printf %s "$ERP_API_TOKEN" | tr '[:${v.to === 'upper' ? 'lower' : 'upper'}:]' '[:${v.to}:]')"`;
    case 'pad':
      return `"${dq(v.left)}\${ERP_API_TOKEN}${dq(v.right)}"`;
    default:
      return undefined;
  }
}

/** The -H (and query) arguments that send the token the way the exchange sent it. */
function tokenArgs(exchange: Exchange): { headers: string[]; query: string[] } {
  const { tokenKind, tokenVariant: v, request } = exchange;
  const variable = TOKEN_VARIABLE[tokenKind];
  if (variable) return { headers: ['-H', `"api-token: $${variable}"`], query: [] };
  if (tokenKind === 'invalid') return { headers: ['-H', shellQuote(`api-token: ${request.headers['api-token']}`)], query: [] };
  if (tokenKind !== 'variant' || !v) return { headers: [], query: [] };
  if (v.kind === 'empty') return { headers: ['-H', shellQuote('api-token;')], query: [] };
  if (v.kind === 'twice') {
    const invalid = (request.headers['api-token'] ?? '').split(', ').filter((x) => x.startsWith('invalid-token-'));
    const word = (w: 'valid' | 'invalid', i: number) =>
      w === 'valid' ? '"api-token: $ERP_API_TOKEN"' : shellQuote(`api-token: ${invalid[i] ?? invalid[0] ?? 'invalid-token'}`);
    return { headers: ['-H', word(v.first, 0), '-H', word(v.second, v.first === 'invalid' ? 1 : 0)], query: [] };
  }
  // The body keeps the token redacted (***): put $ERP_API_TOKEN there by hand to replay it.
  if (v.kind === 'body') return { headers: [], query: [] };
  if (v.kind === 'query') return { headers: [], query: ['--url-query', `"${dq(v.name)}=\${ERP_API_TOKEN}"`] };
  if (v.kind === 'header') return { headers: ['-H', `"${dq(v.name)}: ${v.scheme ? `${dq(v.scheme)} ` : ''}\${ERP_API_TOKEN}"`], query: [] };
  return { headers: ['-H', `"api-token: "${variantWord(v)}`], query: [] };
}

export function toCurl(exchange: Exchange): string {
  const { request, tokenVariant } = exchange;
  // A token sent in the query string is added by --url-query, not written into the URL.
  const url =
    tokenVariant?.kind === 'query' ? request.url.replace(new RegExp(`[?&]${tokenVariant.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}=[^&]*`), '') : request.url;
  const token = tokenArgs(exchange);
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(url), ...token.headers];
  const tokenHeader = tokenVariant?.kind === 'header' ? tokenVariant.name.toLowerCase() : 'api-token';
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === tokenHeader || name === 'api-token') continue; // written above (none: not sent)
    // curl drops a header given as "name:" with an empty value; "name;" sends it empty.
    parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  }
  if (request.body !== undefined) {
    // Without a Content-Type of its own, curl would label --data-raw as a form; "name:" removes it.
    if (!('content-type' in request.headers)) parts.push('-H', shellQuote('content-type:'));
    parts.push('--data-raw', shellQuote(request.body));
  }
  // --url-query (curl 7.87) adds the token, URL-encoded, to the query string of the URL.
  parts.push(...token.query);
  return parts.join(' ');
}
