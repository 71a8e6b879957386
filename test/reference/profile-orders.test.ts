// The order status choices of each profile: which transitions it allows (3 "Transitions: not
// shown"; every profile refuses Delivered unless paid, 4.1 rule 3), and the read path of "Order
// Status" with its own field names and word for paid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAID_VOUCHERS, UNPAID_VOUCHERS } from '../../reference/constants.ts';
import { PROFILES, type Profile } from '../../reference/profiles/index.ts';
import { expectErrorShape, fill, profileClient, type ProfileClient } from './profile-kit.ts';

const clients = new Map<string, ProfileClient>();
beforeAll(async () => {
  for (const p of PROFILES) clients.set(p.name, await profileClient(p.name));
});
afterAll(() => Promise.all([...clients.values()].map((c) => c.close())));

/** The value at a dot path like "response.order.status". */
const at = (value: any, path: string) => path.split('.').reduce((v, k) => v?.[k], value);

/** Walks: [paid, [status, accepted]...] - each walk on a fresh voucher. */
type Walk = [boolean, Array<[string, boolean]>];
const WALKS: Record<Profile['transitions'], Walk[]> = {
  final: [
    [
      false,
      [
        ['Shipped', true],
        ['Pending', true],
        ['Confirmed', true],
        ['Confirmed', true],
        ['Cancelled', true],
        ['Cancelled', true],
        ['Confirmed', false],
        ['Pending', false],
      ],
    ],
    [
      true,
      [
        ['Processing', true],
        ['Delivered', true],
        ['Delivered', true],
        ['Shipped', false],
        ['Cancelled', false],
      ],
    ],
  ],
  forward: [
    [
      false,
      [
        ['Confirmed', true],
        ['Confirmed', false],
        ['Shipped', false],
        ['Pending', false],
        ['Processing', true],
        ['Cancelled', true],
        ['Pending', false],
        ['Cancelled', false],
      ],
    ],
    [
      false,
      [
        ['Cancelled', true],
        ['Confirmed', false],
      ],
    ],
    [
      false,
      [
        ['Confirmed', true],
        ['Processing', true],
        ['Shipped', true],
        ['Cancelled', false],
        ['Delivered', false],
      ],
    ],
    [
      true,
      [
        ['Delivered', false],
        ['Confirmed', true],
        ['Processing', true],
        ['Shipped', true],
        ['Delivered', true],
        ['Delivered', false],
        ['Pending', false],
      ],
    ],
  ],
  free: [
    [
      false,
      [
        ['Shipped', true],
        ['Pending', true],
        ['Cancelled', true],
        ['Pending', true],
        ['Shipped', true],
        ['Shipped', true],
        ['Delivered', false],
      ],
    ],
    [
      true,
      [
        ['Delivered', true],
        ['Pending', true],
        ['Cancelled', true],
        ['Delivered', true],
      ],
    ],
  ],
};

describe('transitions (3), with Delivered only when paid (4.1 rule 3) in every profile', () => {
  for (const p of PROFILES) {
    it(`${p.name}: ${p.transitions}; each step read back through the profile's Order Status path`, async () => {
      const c = clients.get(p.name)!;
      const unpaid = UNPAID_VOUCHERS.slice(40);
      const paid = PAID_VOUCHERS.slice(10);
      for (const [isPaid, steps] of WALKS[p.transitions]) {
        const voucher = (isPaid ? paid : unpaid).shift()!;
        let current = 'Pending';
        for (const [status, accepted] of steps) {
          const a = await c.orderStatus(voucher, { orderStatus: status });
          const what = `${voucher} ${current} -> ${status}`;
          if (accepted) {
            expect(a.status, `${what}: ${a.text}`).toBe(200);
            expect(a.json).toEqual({ status: true, message: p.messages.orderUpdated, code: '200', response: null });
            current = status;
          } else {
            expectErrorShape(p, a, 400);
          }
          const read = await c.readOrder(voucher);
          expect(at(read.json, p.readBack.orderStatus.orderStatus), what).toBe(current);
        }
      }
    });
  }

  it('gives every transition style to at least one profile', () => {
    expect(new Set(PROFILES.map((p) => p.transitions))).toEqual(new Set(['final', 'forward', 'free']));
  });
});

describe('the Order Status read path of each profile', () => {
  for (const p of PROFILES) {
    const shape = p.readBack.orderStatus;
    it(`${p.name}: ${shape.path} answers ${shape.orderStatus} and ${shape.paymentStatus} (paid: ${shape.paidValue})`, async () => {
      const c = clients.get(p.name)!;
      const [paid, unpaid] = [await c.readOrder(PAID_VOUCHERS[0]!), await c.readOrder(UNPAID_VOUCHERS[0]!)];
      expect(paid.json).toMatchObject({ status: true, code: '200', message: p.messages.orderStatus });
      expect(paid.headers['content-type']).toBe(p.http.jsonType);
      expect(at(paid.json, shape.paymentStatus)).toBe(shape.paidValue);
      expect(String(at(unpaid.json, shape.paymentStatus)).toLowerCase()).not.toBe(shape.paidValue.toLowerCase());
      expect(at(paid.json, shape.orderStatus)).toBe('Pending');
      expect(String(paid.json.response.salesId)).toBe(c.voucher(PAID_VOUCHERS[0]!));
      // A voucher read in another branch, or that exists nowhere, is refused like an update (OS-1b).
      expectErrorShape(p, await c.readOrder(PAID_VOUCHERS[0]!, 2), 400);
      expectErrorShape(p, await c.readOrder(999_999), 400);
      // No token, no answer (5: every operation).
      const path = fill(shape.path, { salesId: c.voucher(PAID_VOUCHERS[0]!), branchId: 1 });
      expectErrorShape(p, await c.call('GET', path, { token: null }), 403);
    });
  }

  it("writes the ledger's salesId past 2^53 as its exact digits", async () => {
    const c = clients.get('ledger')!;
    const a = await c.readOrder(PAID_VOUCHERS[1]!);
    expect(a.text).toContain(`"salesId":${c.voucher(PAID_VOUCHERS[1]!)},`);
    expect(a.json.response.salesId).toBe(2n ** 60n + BigInt(PAID_VOUCHERS[1]!));
  });
});
