// The voucher diff (suites/order-status/voucher-data.ts) of OS-6 and AUTH-11: which fields of a
// whole voucher changed between two reads, audit fields and the given names left out.
import { describe, expect, it } from 'vitest';
import { voucherDiff } from '../../../suites/order-status/voucher-data.ts';

const voucher = (o: Record<string, unknown>) => ({
  status: true,
  message: 'Sales data',
  response: { salesId: 9007199254740993n, dueDate: '', items: [{ qty: '1' }], orderStatus: 'Pending', modifiedAt: 't1', viewCount: 1, ...o },
});

describe('the voucher diff', () => {
  it('names each field that changed, with its path, and counts those compared', () => {
    const d = voucherDiff(voucher({}), voucher({ dueDate: '2026-06-30', items: [{ qty: '2' }], extra: 1 }));
    expect(d.changed).toEqual(['response.dueDate: "" -> "2026-06-30"', 'response.items.0.qty: "1" -> "2"', 'response.extra: added']);
    expect(d.names).toEqual(['dueDate', 'qty', 'extra']);
    // status, salesId, dueDate, items.0.qty, orderStatus, viewCount: the message and modifiedAt are left out.
    expect(d.compared).toBe(6);
  });

  it('leaves out audit fields, the given names and a value the request was meant to set', () => {
    const d = voucherDiff(voucher({}), voucher({ modifiedAt: 't2', viewCount: 2, orderStatus: 'Confirmed' }), ['viewCount'], (w) => w === 'Confirmed');
    expect(d.changed).toEqual([]);
    // A control read shows what changes by itself: its names are left out of the next diff.
    const control = voucherDiff(voucher({}), voucher({ viewCount: 2 }));
    expect(control.names).toEqual(['viewCount']);
    expect(voucherDiff(voucher({ viewCount: 2 }), voucher({ viewCount: 3, dueDate: 'x' }), control.names).changed).toEqual(['response.dueDate: "" -> "x"']);
  });
});
