// Only what the target answered fails a requirement: a finding about a request the run did not
// send (its breaker, its limits) is not kept; it is the reason the requirement saw nothing.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../core/types.ts';
import { offlineHarness } from './offline-harness.ts';

const exchange = (more: Partial<Exchange>): Exchange =>
  ({
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://t/x', headers: {} },
    startedAt: '',
    durationMs: 1,
    ...more,
  }) as Exchange;

describe('a finding the harness keeps', () => {
  it('rests on an answer: one about a request the breaker did not send is a reason, not a finding', () => {
    const h = offlineHarness(['OS-2'], { file: 'suites/order-status/validation.test.ts', test: 't', id: 'validation/OS-2' });
    const unsent = exchange({ notSent: { reason: 'breaker', message: 'the previous 5 requests got no answer (timeout: 10 s)' } });
    const answered = exchange({ response: { status: 200, headers: {}, body: '{}', bytes: 2, truncated: false } });
    h.fail('OS-2', 'the update was not refused', 'no answer', 'HTTP 400', unsent);
    h.fail('OS-2', 'the update was not refused', 'HTTP 200', 'HTTP 400', answered);
    h.finish();
    expect(h.record.findings.map((f) => f.received)).toEqual(['HTTP 200']);
    expect(h.record.inconclusive['OS-2']).toEqual([
      'a finding rested on a request the run did not send (the previous 5 requests got no answer (timeout: 10 s))',
    ]);
  });
});
