// What a simulated target answers in the scheduler's tests: an answer with a status (and headers,
// a body), no answer at all, and a request the scheduler did not send.
import type { UnnumberedExchange } from '../../client/transport.ts';
import type { NotSentReason } from '../../core/types.ts';

export const answer = (status: number, headers: Record<string, string> = {}, body = ''): UnnumberedExchange => ({
  operation: 'report',
  tokenKind: 'valid',
  request: { method: 'POST', url: 'http://t/x', headers: {} },
  response: { status, headers, body, bytes: body.length, truncated: false },
  startedAt: '',
  durationMs: 1,
});

export const none = (kind: 'timeout' = 'timeout'): UnnumberedExchange => ({ ...answer(0), response: undefined, failure: { kind, message: 'no answer' } });

export const notSent = (reason: NotSentReason, message: string): UnnumberedExchange => ({ ...answer(0), response: undefined, notSent: { reason, message } });
