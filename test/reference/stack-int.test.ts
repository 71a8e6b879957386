// The stack-shaped profiles keep their parser's limits (reference/stack-int.ts): python's int()
// refuses more than 4300 digits, leading zeros counted; java's Long.parseLong a value past 2^63-1;
// js's Number() takes any length and rounds. At the limit the vendor answers 500, in the report's
// id filters and the index's limit and offset; where the spec names a 400 (salesId, branch_id of
// section 4) it still answers 400. The default vendor refuses more than 15 digits with 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PYTHON_INT_MAX_DIGITS, stackId, stackInt } from '../../reference/stack-int.ts';
import { profileClient, type ProfileClient } from './profile-kit.ts';

describe('each stack parser', () => {
  it('python: int() reads up to 4300 digits, leading zeros counted, and raises past them (a 500)', () => {
    expect(PYTHON_INT_MAX_DIGITS).toBe(4300);
    expect(stackInt('python', '0'.repeat(4300))).toBe(0);
    expect(stackInt('python', `-${'1'.repeat(4300)}`)).toBe(BigInt(`-${'1'.repeat(4300)}`));
    expect(() => stackInt('python', '0'.repeat(4301))).toThrow(expect.objectContaining({ status: 500 }));
    expect(() => stackInt('python', '0'.repeat(10_000))).toThrow(expect.objectContaining({ status: 500 }));
    expect(stackInt('python', '9223372036854775808')).toBe(2n ** 63n);
  });

  it('java: Long.parseLong reads up to 2^63-1 (leading zeros or not) and throws past it (a 500)', () => {
    expect(stackInt('java', '9223372036854775807')).toBe(2n ** 63n - 1n);
    expect(stackInt('java', '-9223372036854775808')).toBe(-(2n ** 63n));
    expect(stackInt('java', `${'0'.repeat(30)}7`)).toBe(7);
    expect(() => stackInt('java', '9223372036854775808')).toThrow(expect.objectContaining({ status: 500 }));
    expect(() => stackInt('java', '-9223372036854775809')).toThrow(expect.objectContaining({ status: 500 }));
    expect(() => stackInt('java', '1'.repeat(20))).toThrow(expect.objectContaining({ status: 500 }));
  });

  it('js: Number() takes any length, rounds past 2^53, never throws', () => {
    expect(stackInt('js', '9007199254740993')).toBe(9007199254740992);
    expect(stackInt('js', '7'.repeat(4301))).toBe(Infinity);
    expect(stackInt('js', '0'.repeat(10_000))).toBe(0);
  });

  it('an id past 2^53 read exactly matches none of the reference ids', () => {
    expect(stackId('python', '9007199254740993')).toBeNaN();
    expect(stackId('java', '42')).toBe(42);
  });
});

const clients = new Map<string, ProfileClient>();
beforeAll(async () => {
  for (const name of ['default', 'python', 'java', 'js']) clients.set(name, await profileClient(name));
});
afterAll(() => Promise.all([...clients.values()].map((c) => c.close())));

/** The status of a report whose brandIds is `ids`, and of the products list asked with `limit`. */
async function statuses(name: string, ids: string): Promise<[number, number]> {
  const c = clients.get(name)!;
  const report = await c.report({ brandIds: ids });
  const list = await c.call('GET', `/api/v1/products?limit=${ids}&offset=0`);
  return [report.status, list.status];
}

describe('the stack profiles answer at their parser limits', () => {
  const zeros4301 = '0'.repeat(4301);
  const past63 = '9223372036854775808';
  it.each([
    // profile, text, [report, index limit]: a 500 where the parser throws; 200 or 400 elsewhere.
    ['default', zeros4301, [400, 400]],
    ['default', past63, [400, 400]],
    ['python', '0'.repeat(4300), [200, 200]],
    ['python', zeros4301, [500, 500]],
    ['python', past63, [200, 400]],
    ['java', `${'0'.repeat(40)}1`, [200, 200]],
    ['java', past63, [500, 500]],
    ['java', zeros4301, [200, 200]],
    ['js', zeros4301, [200, 200]],
    ['js', '7'.repeat(4301), [200, 400]],
  ] as const)('%s: %#', async (name, text, expected) => {
    expect(await statuses(name, text)).toEqual(expected);
  });

  it('python: an id past 64 bits selects nothing (200 with no items), one that exists selects its transactions', async () => {
    const c = clients.get('python')!;
    const none = await c.report({ brandIds: '1'.repeat(30) });
    expect(none.status).toBe(200);
    expect(none.json.response.totalCount).toBe(0);
  });

  it("keeps the spec's 400 where section 4 names it: a salesId or branch_id past the parser's limit", async () => {
    for (const name of ['python', 'java']) {
      const c = clients.get(name)!;
      expect((await c.orderStatus('9'.repeat(5000), { orderStatus: 'Pending' })).status).toBe(400);
      expect((await c.orderStatus(1, { orderStatus: 'Pending' }, '9'.repeat(5000))).status).toBe(400);
      expect((await c.save(c.customer(), '9'.repeat(5000))).status).toBe(400);
    }
  });
});
