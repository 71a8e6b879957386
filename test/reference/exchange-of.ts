// One probe request and its answer as the kit's own Exchange (core/types.ts), the record every
// check reads: the operation and the token kind are told by the path and the options it was sent
// with, as the run's client records them (client/); the token itself is never recorded.
import { decodeJson } from '../../core/json.ts';
import type { Exchange, Operation, TokenKind, TokenVariant } from '../../core/types.ts';
import { DEFAULT_TOKENS } from '../../reference/constants.ts';
import { TOKEN, type Answer, type CallOptions } from './helpers.ts';

export interface SentRequest {
  seq: number;
  base: string;
  method: string;
  path: string;
  opts: CallOptions;
  startedAt: Date;
}

/** The operation a path of the reference belongs to. */
export function operationOf(path: string): Operation {
  const bare = path.split('?')[0]!;
  if (bare.endsWith('/update-order-status')) return 'order-status';
  if (bare === '/api/v1/customer/create') return 'customer-create';
  if (bare === '/api/v1/report/consumption-production-report') return 'report';
  if (/^\/api\/v1\/contact\/\d+$/.test(bare)) return 'contact-read';
  return 'index';
}

/** How the request carried its token (TokenKind, and the variant of a valid token sent amiss). */
export function tokenOf(path: string, opts: CallOptions): { tokenKind: TokenKind; tokenVariant?: TokenVariant } {
  const variant = (v: TokenVariant) => ({ tokenKind: 'variant' as const, tokenVariant: v });
  if (opts.tokens) return variant({ kind: 'twice', first: 'invalid', second: 'invalid' });
  if (opts.token === undefined) return { tokenKind: 'valid' };
  if (opts.token === null) {
    if (path.includes('api-token=')) return variant({ kind: 'query', name: 'api-token' });
    const auth = opts.headers?.authorization;
    if (auth) return variant({ kind: 'header', name: 'authorization', scheme: auth.split(' ')[0] });
    if (typeof opts.body === 'object' && opts.body !== null && 'api-token' in opts.body) return variant({ kind: 'body', name: 'api-token' });
    return { tokenKind: 'none' };
  }
  if (opts.token === '') return variant({ kind: 'empty' });
  if (opts.token === DEFAULT_TOKENS[1]) return { tokenKind: 'second' };
  if (opts.token.startsWith(TOKEN) && opts.token !== TOKEN) return variant({ kind: 'suffix', text: opts.token.slice(TOKEN.length) });
  if (opts.token !== TOKEN && opts.token.toLowerCase() === TOKEN.toLowerCase()) return variant({ kind: 'case', to: 'upper' });
  if (opts.token === TOKEN || opts.token.startsWith('rl-token-')) return { tokenKind: 'valid' };
  return { tokenKind: 'invalid' };
}

/** The request and its answer as an Exchange. */
export function exchangeOf(req: SentRequest, answer: Answer): Exchange {
  const { opts } = req;
  const body = opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  if (opts.tokens || opts.token !== null) headers['api-token'] = '***';
  if (body !== undefined && opts.contentType !== null) headers['content-type'] = opts.contentType ?? 'application/json';
  return {
    seq: req.seq,
    operation: operationOf(req.path),
    ...tokenOf(req.path, opts),
    request: { method: req.method, url: req.base + req.path.replace(/api-token=[^&]*/, 'api-token=***'), headers, ...(body === undefined ? {} : { body }) },
    response: { status: answer.status, headers: answer.headers, body: answer.text, bytes: Buffer.byteLength(answer.text), truncated: false },
    // Decoded as the run's client decodes a body (integers past 2^53 exact).
    ...decodeJson(answer.text),
    startedAt: req.startedAt.toISOString(),
    durationMs: Date.now() - req.startedAt.getTime(),
  };
}
