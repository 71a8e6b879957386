// A copy-pasteable curl line reproducing a recorded request. Valid tokens are written as the
// variable they came from: the config's env:NAME as "$NAME", else "$ERP_API_TOKEN" /
// "$ERP_API_TOKEN_2" (expanded by the shell, never the value); the deliberately invalid token is
// written as sent; tokenKind 'none' sends no api-token.
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

/** The variable the exchange's valid token is written as (the one it came from). */
const variableOf = (exchange: Exchange, kind: TokenKind): string | undefined =>
  TOKEN_VARIABLE[kind] === undefined ? undefined : (exchange.tokenEnv ?? TOKEN_VARIABLE[kind]);

/** Text inside a double-quoted shell word: ", $, ` and \ escaped. */
const dq = (text: string) => text.replace(/["$`\\]/g, '\\$&');

/** The valid token as a variant sends it, as a shell expansion of its variable (never its value). */
function variantWord(v: TokenVariant, name: string): string | undefined {
  switch (v.kind) {
    case 'suffix':
      return `"\${${name}}${dq(v.text)}"`;
    case 'prefix':
      return `"${dq(v.text)}\${${name}}"`;
    case 'cut':
      return `"\${${name}%${'?'.repeat(v.chars)}}"`;
    case 'case':
      return `"$(printf %s "$${name}" | tr '[:${v.to === 'upper' ? 'lower' : 'upper'}:]' '[:${v.to}:]')"`;
    case 'pad':
      return `"${dq(v.left)}\${${name}}${dq(v.right)}"`;
    default:
      return undefined;
  }
}

/** The -H (and query) arguments that send the token the way the exchange sent it. */
function tokenArgs(exchange: Exchange): { headers: string[]; query: string[] } {
  const { tokenKind, tokenVariant: v, request } = exchange;
  const variable = variableOf(exchange, tokenKind);
  const name = exchange.tokenEnv ?? 'ERP_API_TOKEN';
  if (variable) return { headers: ['-H', `"api-token: $${variable}"`], query: [] };
  if (tokenKind === 'invalid') return { headers: ['-H', shellQuote(`api-token: ${request.headers['api-token']}`)], query: [] };
  if (tokenKind !== 'variant' || !v) return { headers: [], query: [] };
  if (v.kind === 'empty') return { headers: ['-H', shellQuote('api-token;')], query: [] };
  if (v.kind === 'twice') {
    const invalid = (request.headers['api-token'] ?? '').split(', ').filter((x) => x.startsWith('invalid-token-'));
    const word = (w: 'valid' | 'invalid', i: number) =>
      w === 'valid' ? `"api-token: $${name}"` : shellQuote(`api-token: ${invalid[i] ?? invalid[0] ?? 'invalid-token'}`);
    return { headers: ['-H', word(v.first, 0), '-H', word(v.second, v.first === 'invalid' ? 1 : 0)], query: [] };
  }
  // The body keeps the token redacted (***): put the token variable there by hand to replay it.
  if (v.kind === 'body') return { headers: [], query: [] };
  if (v.kind === 'query') return { headers: [], query: ['--url-query', `"${dq(v.name)}=\${${name}}"`] };
  if (v.kind === 'header') return { headers: ['-H', `"${dq(v.name)}: ${v.scheme ? `${dq(v.scheme)} ` : ''}\${${name}}"`], query: [] };
  return { headers: ['-H', `"api-token: "${variantWord(v, name)}`], query: [] };
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
