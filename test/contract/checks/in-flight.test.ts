// metInFlight / metAnother (contract/checks/in-flight.ts): requests count as sent together only when
// their exchanges' own times show them in flight at one instant (OS-7, OS-9 and CU-2 judge only those).
import { describe, expect, it } from 'vitest';
import { metAnother, metInFlight } from '../../../contract/checks/in-flight.ts';
import type { Exchange } from '../../../core/types.ts';

const at = (startMs: number, durationMs: number): Exchange =>
  ({
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://127.0.0.1:1/x', headers: {} },
    response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false },
    startedAt: new Date(startMs).toISOString(),
    durationMs,
  }) as Exchange;
const notSent = { ...at(1000, 0), notSent: { reason: 'budget' as const, message: 'spent' } };
/** With the sending clock's fine time (what the transport records). */
const fine = (sentAtMs: number, durationMs: number): Exchange => ({ ...at(Math.floor(sentAtMs), durationMs), sentAtMs });

describe('metInFlight', () => {
  it('holds when the last was sent before the first answer ended', () => {
    expect(metInFlight([fine(1000.2, 0.4), fine(1000.3, 0.4)])).toBe(true);
    expect(metInFlight([fine(1000.9, 0.3), fine(1001.1, 0.3)])).toBe(true);
    expect(metInFlight([fine(1004, 3), fine(1000, 5), fine(1002, 9)])).toBe(true);
  });
  it('fails when one was answered before the other was sent (sub-millisecond answers within one millisecond too)', () => {
    expect(metInFlight([fine(1000.1, 0.3), fine(1000.5, 0.3)])).toBe(false);
    expect(metInFlight([fine(1006, 5), fine(1000, 5)])).toBe(false);
  });
  it('from whole milliseconds alone, only where their rounding cannot join requests one after another', () => {
    expect(metInFlight([at(1000, 5), at(1000, 5)])).toBe(true);
    expect(metInFlight([at(1000, 5), at(1003, 1)])).toBe(true);
    // Sent at 1000.2 and answered at 1001.2, then sent at 1001.3: both read as 1000/1001 with 1 ms.
    expect(metInFlight([at(1000, 1), at(1001, 1)])).toBe(false);
    expect(metInFlight([at(1000, 5), fine(1000.5, 5)])).toBe(true);
  });
  it('fails when one was not sent', () => {
    expect(metInFlight([at(1000, 5), notSent])).toBe(false);
    expect(metInFlight([at(1000, 5)])).toBe(false);
  });
});

describe('metAnother', () => {
  it('names each exchange in flight with at least one other', () => {
    expect(metAnother([fine(1000, 5), fine(1003, 5), fine(1020, 5), fine(1022, 1), fine(1040, 5)])).toEqual([0, 1, 2, 3]);
    expect(metAnother([fine(1000.1, 0.2), fine(1000.4, 0.2), fine(1000.5, 0.2)])).toEqual([1, 2]);
    expect(metAnother([at(1000, 5), at(1010, 5), at(1020, 5)])).toEqual([]);
    expect(metAnother([at(1000, 5), notSent])).toEqual([]);
  });
});
