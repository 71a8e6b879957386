// What a user reads of a server's answer in the reasons of the order-status suite: short,
// printable, never a control or bidi character a hostile server slipped in; and the updates in
// flight, counted in the run object (one worker may serve several runs).
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import { answered, overlappedAnother, printable, runState, said, sendStatus } from '../../../suites/order-status/vouchers.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import type { Harness } from '../../../runtime/harness.ts';
import { runShared } from '../../../runtime/run-state.ts';

function exchange(status: number | null, body: string, o: Partial<Exchange> = {}): Exchange {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return {
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: { method: 'POST', url: 'http://127.0.0.1:1/api/v1/sales/1/update-order-status?branch_id=1', headers: {}, body: '{}' },
    ...(status === null
      ? { failure: { kind: 'timeout', message: 'no answer in 100 ms' } }
      : { response: { status, headers: {}, body, bytes: body.length, truncated: false } }),
    ...(json !== undefined ? { json } : {}),
    startedAt: new Date(0).toISOString(),
    durationMs: 1,
    ...o,
  } as Exchange;
}

describe('said', () => {
  it('quotes the envelope message, or the body, with the status', () => {
    expect(said(exchange(400, JSON.stringify({ status: false, message: 'Cannot move order from Shipped to Confirmed', code: '400', response: null })))).toBe(
      'HTTP 400 "Cannot move order from Shipped to Confirmed"',
    );
    expect(said(exchange(400, 'bad transition'))).toBe('HTTP 400 "bad transition"');
    expect(said(exchange(200, ''))).toBe('HTTP 200');
    expect(said(exchange(null, ''))).toBe('no answer (timeout: no answer in 100 ms)');
  });

  it('blanks control and bidi characters and cuts long text', () => {
    expect(said(exchange(400, 'evil\u202e\u0007txt.exe\r\nSet-Cookie: x'))).toBe('HTTP 400 "evil txt.exe Set-Cookie: x"');
    const long = said(exchange(400, 'x'.repeat(5_000_000)));
    expect(long.length).toBeLessThan(100);
    expect(long.endsWith('..."')).toBe(true);
    expect(printable('\ud83d\ude00 ok')).toBe('\ud83d\ude00 ok');
  });

  it('takes a 429 or an exchange the run did not send as no usable answer', () => {
    expect(answered(exchange(400, ''))).toBe(true);
    expect(answered(exchange(429, ''))).toBe(false);
    expect(answered(exchange(null, ''))).toBe(false);
    expect(answered(exchange(200, '', { notSent: { reason: 'budget', message: 'the run budget is spent' } }))).toBe(false);
  });
});

describe('updates in flight', () => {
  let runs = 0;
  /** A harness of its own run whose updates answer when `release` is called. */
  function harness() {
    const waiting: (() => void)[] = [];
    const h = {
      run: runShared({ nonce: 'vouchers', deadline: ++runs, config: { target: { baseUrl: 'http://127.0.0.1:1' } } } as unknown as SuiteContext),
      config: { fixtures: { branchId: 1 } },
      client: {
        updateOrderStatus: () => new Promise<Exchange>((resolve) => waiting.push(() => resolve(exchange(200, '{}')))),
      },
    } as unknown as Harness;
    return { h, release: () => waiting.splice(0).forEach((r) => r()) };
  }

  it('are counted per run: another run of the same worker overlapping is not this run overlapping', async () => {
    const a = harness();
    const b = harness();
    const first = sendStatus(a.h, 'lifecycle', 1, 'Pending', 'Confirmed');
    const other = sendStatus(b.h, 'cancel', 2, 'Pending', 'Cancelled');
    a.release();
    b.release();
    const [exA, exB] = await Promise.all([first, other]);
    expect(overlappedAnother(a.h, exA)).toBe(false);
    expect(overlappedAnother(b.h, exB)).toBe(false);
    expect(runState(a.h).transitions).toHaveLength(1);
    expect(runState(b.h).transitions.map((t) => t.to)).toEqual(['Cancelled']);
  });

  it('marks two updates of one run sent side by side as overlapped', async () => {
    const a = harness();
    const one = sendStatus(a.h, 'lifecycle', 1, 'Pending', 'Confirmed');
    const two = sendStatus(a.h, 'parallel', 3, 'Pending', 'Confirmed');
    a.release();
    const [ex1, ex2] = await Promise.all([one, two]);
    expect(overlappedAnother(a.h, ex1)).toBe(true);
    expect(overlappedAnother(a.h, ex2)).toBe(true);
    const alone = sendStatus(a.h, 'lifecycle', 1, 'Confirmed', 'Processing');
    a.release();
    expect(overlappedAnother(a.h, await alone)).toBe(false);
  });
});
