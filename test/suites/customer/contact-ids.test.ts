// CU-2's oracles: contactIds answered to more than one creation are named with the creations that
// got them (the parallel test), and anyContactId reads an id as the target wrote it (a numeric
// string, past 2^53), leaving the answer's shape to CU-1.
import { describe, expect, it } from 'vitest';
import { anyContactId } from '../../../contract/checks/customer.ts';
import type { Exchange } from '../../../core/types.ts';
import { repeatedIds } from '../../../suites/customer/contact-ids.ts';

const answer = (status: number, json: unknown) => ({ response: { status }, json }) as Exchange;

/** A target that reads its counter, waits for the database, then stores: parallel creations collide. */
function racyTarget() {
  let next = 5001;
  return async () => {
    const id = next;
    await new Promise((r) => setTimeout(r, 5));
    next = id + 1;
    return answer(200, { status: true, message: 'ok', code: '200', response: { contactId: id } });
  };
}

describe('CU-2 oracles', () => {
  it('name the creations that share a contactId', () => {
    expect(
      repeatedIds([
        { id: 1, index: 0 },
        { id: 2, index: 1 },
        { id: 1n, index: 2 },
        { id: 3, index: 3 },
        { id: 2, index: 4 },
      ]),
    ).toEqual([
      { id: '1', indices: [0, 2] },
      { id: '2', indices: [1, 4] },
    ]);
    expect(
      repeatedIds([
        { id: 1, index: 0 },
        { id: 2, index: 1 },
      ]),
    ).toEqual([]);
  });

  it('find the collisions of 16 creations sent at once to a racy target, and none sent one by one', async () => {
    const send = racyTarget();
    const parallel = await Promise.all(Array.from({ length: 16 }, () => send()));
    expect(repeatedIds(parallel.map((ex, index) => ({ id: anyContactId(ex)!, index }))).length).toBeGreaterThan(0);
    const one = racyTarget();
    const serial: Exchange[] = [];
    for (let i = 0; i < 16; i++) serial.push(await one());
    expect(repeatedIds(serial.map((ex, index) => ({ id: anyContactId(ex)!, index })))).toEqual([]);
  });

  it('read a contactId as the target wrote it', () => {
    const ok = (contactId: unknown) => anyContactId(answer(200, { status: true, response: { contactId } }));
    expect(ok(5001)).toBe(5001);
    expect(ok('5001')).toBe(5001);
    expect(ok(1152921504606846977n)).toBe(1152921504606846977n);
    expect(ok('1152921504606846977')).toBe(1152921504606846977n);
    expect(ok(1.5)).toBeUndefined();
    expect(ok('abc')).toBeUndefined();
    expect(anyContactId(answer(400, { status: false, response: { contactId: 1 } }))).toBeUndefined();
  });
});
