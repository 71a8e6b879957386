// A requirement's findings count distinct exchanges: two checks that find the same answer (ENV-6
// from the envelope check and from a status check) make one finding, kept and counted once.
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../core/types.ts';
import { FindingKeeper } from '../../runtime/keep.ts';

const exchange = (seq: number): Exchange => ({
  seq,
  operation: 'order-status',
  tokenKind: 'valid',
  request: { method: 'POST', url: `http://erp.test/api/v1/sales/${seq}/update-order-status`, headers: {}, body: '{}' },
  response: { status: 500, headers: {}, body: 'oops', bytes: 4, truncated: false },
  startedAt: '2026-05-01T10:00:00.000Z',
  durationMs: 1,
});
const finding = (checkId: string, requirementId: string, ex?: Exchange): Finding => ({
  checkId,
  requirementId,
  title: `${checkId} found it`,
  received: 'HTTP 500',
  expected: 'no 5xx',
  ...(ex ? { exchange: ex } : {}),
});

describe('the findings a test keeps', () => {
  it('count one exchange found by two checks of one requirement once', () => {
    const k = new FindingKeeper();
    const a = exchange(1);
    const b = exchange(2);
    k.add(finding('envelope.not-server-error', 'ENV-6', a));
    k.add(finding('status.is', 'ENV-6', a));
    k.add(finding('envelope.not-server-error', 'ENV-6', b));
    expect(k.counts['ENV-6']).toBe(2);
    expect(k.findings().map((f) => f.exchange?.seq)).toEqual([1, 2]);
  });

  it('count the same exchange once per requirement, and each finding without an exchange', () => {
    const k = new FindingKeeper();
    const a = exchange(1);
    k.add(finding('status.is', 'ENV-6', a));
    k.add(finding('status.is', 'OS-4', a));
    k.add(finding('relation.totals', 'RP-1'));
    k.add(finding('relation.totals', 'RP-1'));
    expect(k.counts).toEqual({ 'ENV-6': 1, 'OS-4': 1, 'RP-1': 2 });
  });

  it('count two exchanges of the same sequence number (two clients) apart', () => {
    const k = new FindingKeeper();
    k.add(finding('status.is', 'ENV-6', exchange(1)));
    k.add(finding('status.is', 'ENV-6', exchange(1)));
    expect(k.counts['ENV-6']).toBe(2);
  });
});
