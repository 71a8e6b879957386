// The run's own creations, counted as sent and as answered (runtime/writes-ledger.ts): what may
// create a customer or a voucher, and how far the run itself can have moved a count between two
// marks. IX-7's use of it against a list whose count counts every branch is the fault matrix's
// (ix-customer-count-all-branches).
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/load.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';
import { creationMatcher, markLedger, ownCreationsBetween, ownWhen, sendingCreation } from '../../runtime/writes-ledger.ts';
import type { RunShared } from '../../runtime/run-state.ts';

const config = loadConfig({ base: referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default'), env: {} });
const run = (): RunShared => ({ key: 'k', ctx: { config, nonce: 'c0ffee00', seed: 42 } as unknown as RunShared['ctx'], states: new Map() });

describe("the run's own creations", () => {
  it('names what may create a customer or a voucher, and nothing else', () => {
    const creationOf = creationMatcher(config);
    expect(creationOf('POST', 'createCustomer')).toBe('customer');
    expect(creationOf('POST', 'raw', '/api/v1/customer/create?branch_id=1')).toBe('customer');
    expect(creationOf('POST', 'index', '/api/v1/sales/order-create?branch_id=1')).toBe('voucher');
    expect(creationOf('GET', 'index', '/api/v1/customers?branch_id=1&limit=2&offset=0')).toBeNull();
    expect(creationOf('POST', 'report', '/api/v1/report/consumption-production-report')).toBeNull();
    expect(creationOf('POST', 'updateOrderStatus', '/api/v1/sales/1/update-order-status')).toBeNull();
  });

  it('bounds the creations that can have landed between two marks: sent before the second, not answered at the first', () => {
    const r = run();
    const early = sendingCreation(r, 'customer'); // in flight across the first mark
    const done = sendingCreation(r, 'customer');
    done(); // answered before the first mark: the first reading may already count it
    const before = markLedger(r);
    const between = sendingCreation(r, 'customer');
    between();
    early();
    const late = sendingCreation(r, 'customer'); // in flight at the second mark
    sendingCreation(r, 'voucher')();
    const after = markLedger(r);
    late();
    expect(ownCreationsBetween(before, after, 'customer')).toBe(3);
    expect(ownCreationsBetween(before, after, 'voucher')).toBe(1);
    // `late` was still in flight at `after`: it may land after it; once answered, nothing more can.
    const now = markLedger(r);
    expect(ownCreationsBetween(after, now, 'customer')).toBe(1);
    expect(ownCreationsBetween(now, markLedger(r), 'customer')).toBe(0);
  });

  it("tells each marked creation's marker as landed before a walk's first page, after it, or either, and counts those in flight", () => {
    const r = run();
    const body = (n: number) => ({ branchId: 1, body: { remark: `erpc-c0ffee00-s42-made${n}` } });
    sendingCreation(r, 'voucher', body(1))(); // answered before the page was asked: in its count
    const early = sendingCreation(r, 'voucher', body(2)); // in flight while the page was asked
    const asked = markLedger(r);
    early();
    const answered = markLedger(r);
    const late = sendingCreation(r, 'voucher', body(3)); // sent after the page was answered
    sendingCreation(r, 'voucher', { body: { remark: 'no marker' } })();
    sendingCreation(r, 'customer', { body: { remark: 'erpc-c0ffee00-s42-made9' } })();
    const end = markLedger(r);
    late();
    const { when, markedInFlight } = ownWhen(r, 'voucher', asked, answered, end);
    expect(Object.fromEntries(when)).toEqual({ 'erpc-c0ffee00-s42-made1': 'old', 'erpc-c0ffee00-s42-made2': 'either', 'erpc-c0ffee00-s42-made3': 'new' });
    expect(markedInFlight).toBe(2);
    // The one without a marker is in flight too: the walk cannot tell it.
    expect(ownCreationsBetween(asked, end, 'voucher')).toBe(3);
  });
});
