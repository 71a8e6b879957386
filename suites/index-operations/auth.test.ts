// Section 5 on every configured operation of the index (section 1): "Every operation requires the
// header api-token ... A request without a valid token is rejected with HTTP 403". Per operation:
// the configured request with the valid token first (its scope, IX-4; its envelope, IX-6: the
// preflight's answer to it, when it sent it), then without a token, with an empty and an invalid
// one, and with three near misses (the third chosen by the seed): six requests.
import { refusalText, refusedByShape } from '../../config/answer-shape.ts';
import { rejectedUnauthorized } from '../../contract/checks/auth.ts';
import { sampledNearMisses } from '../../generators/token-variant.ts';
import { isRecord } from '../../contract/checks/envelope.ts';
import type { Exchange, TokenKind, TokenVariant } from '../../core/types.ts';
import { verifies } from '../../runtime/verifies.ts';
import { Cells, configured, notServed, scopeOf, send } from './configured.ts';

const AUTH_IDS = ['IX-1', 'IX-2', 'IX-3'] as const;

/** 2.1: the shape of an answer, as IX-6 records it. */
function envelopeOf(ex: Exchange): string {
  const j = ex.json;
  if (!ex.response) return 'no answer';
  if (!isRecord(j)) return ex.response.body.trim() === '' ? 'empty body' : Array.isArray(j) ? 'a JSON array' : 'not a JSON object';
  const ok = typeof j.status === 'boolean' && typeof j.message === 'string' && typeof j.code === 'string' && 'response' in j;
  return ok ? `envelope (status ${j.status}, code "${j.code}")` : `other JSON {${Object.keys(j).slice(0, 6).join(', ')}}`;
}

verifies(
  'auth/IX-1+IX-2+IX-3+IX-4+IX-6',
  ['IX-1', 'IX-2', 'IX-3', 'IX-4', 'IX-6'],
  'Every configured operation of the index rejects a missing, an invalid and a near-miss api-token with 403; its scope and envelope are recorded',
  async (h) => {
    const found = configured(h);
    const { list, left } = found;
    scopeOf(h, found, ['IX-1', 'IX-2', 'IX-3', 'IX-4', 'IX-6']);
    const cells = new Cells(h);
    cells.left(['IX-1', 'IX-2', 'IX-3', 'IX-4', 'IX-6'], left);
    const token = h.config.target.token;
    type Try = [(typeof AUTH_IDS)[number], TokenKind | TokenVariant, string];
    // The boundaries (no header, an empty one) go to every operation in every run.
    const tries: Try[] = [
      ['IX-1', 'none', 'without api-token'],
      ['IX-2', 'invalid', 'with an invalid token'],
      ['IX-2', { kind: 'empty' }, 'with an empty api-token header'],
      ['IX-3', { kind: 'suffix', text: 'x' }, 'with the token and a suffix'],
      ...(token.toUpperCase() !== token ? [['IX-3', { kind: 'case', to: 'upper' }, 'with the token in upper case'] as Try] : []),
    ];
    // One more near miss per operation, chosen by the seed.
    const more = sampledNearMisses(token, list.length, h.ctx.seed);
    await h.parallel(list, async (c, i) => {
      // The preflight sent this very request (engine/phases/preflight/served.ts): its answer, not a second request.
      const valid = h.ctx.preflightOperations?.[c.name] ?? (await send(h, c.request));
      const shaped = refusedByShape(c.op, valid.response?.status, valid.json) ? `, a refusal (${refusalText(c.op)})` : '';
      cells.set('IX-4', c.name, valid.response ? `HTTP ${valid.response.status}${shaped}` : `no answer (${valid.failure?.kind})`);
      cells.set('IX-6', c.name, envelopeOf(valid));
      const why = notServed(c.name, valid);
      if (why) {
        h.inconclusive([...AUTH_IDS], why);
        for (const id of AUTH_IDS) cells.set(id, c.name, `inconclusive: ${why}`);
        return;
      }
      const seen: Record<string, string[]> = {};
      for (const [id, t, what] of [...tries, ['IX-3', more[i]!, `with a near miss of the token (${more[i]!.kind})`] as Try]) {
        const ex = await send(h, c.request, t);
        const f = h.check(ex, rejectedUnauthorized, undefined, { requirementId: id });
        (seen[id] ??= []).push(f.length > 0 ? `FAILED ${what}: HTTP ${ex.response?.status ?? ex.failure?.kind}` : 'passed');
      }
      for (const id of AUTH_IDS) cells.set(id, c.name, [...new Set(seen[id])].join('; '));
    });
    cells.save();
  },
);
