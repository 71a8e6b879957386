// A copy-pasteable curl line reproducing a recorded request. Valid tokens are written as
// "$ERP_API_TOKEN" / "$ERP_API_TOKEN_2" (expanded by the shell, never the value); the
// deliberately invalid token is written as sent; tokenKind 'none' sends no api-token.
import type { Exchange, TokenKind } from '../contract/types.ts';

/** Single-quotes a word for POSIX shells: ' becomes '\''. */
export function shellQuote(text: string): string {
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(text)) return `'${text}'`;
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

const TOKEN_VARIABLE: Partial<Record<TokenKind, string>> = {
  valid: 'ERP_API_TOKEN',
  second: 'ERP_API_TOKEN_2',
};

export function toCurl(exchange: Exchange): string {
  const { request, tokenKind } = exchange;
  const parts = ['curl', '-sS', '-X', request.method, shellQuote(request.url)];
  const variable = TOKEN_VARIABLE[tokenKind];
  if (variable) parts.push('-H', `"api-token: $${variable}"`);
  for (const [name, value] of Object.entries(request.headers)) {
    if (name === 'api-token') {
      if (tokenKind === 'invalid') parts.push('-H', shellQuote(`api-token: ${value}`));
      continue; // valid/second: written above; none: not sent
    }
    // curl drops a header given as "name:" with an empty value; "name;" sends it empty.
    parts.push('-H', shellQuote(value === '' ? `${name};` : `${name}: ${value}`));
  }
  if (request.body !== undefined) {
    // Without a Content-Type of its own, curl would label --data-raw as a form; "name:" removes it.
    if (!('content-type' in request.headers)) parts.push('-H', shellQuote('content-type:'));
    parts.push('--data-raw', shellQuote(request.body));
  }
  return parts.join(' ');
}
