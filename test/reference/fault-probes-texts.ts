// Probes of the faults of issue 40's texts, offsets and walks (judged by fault-judges-more.ts TEXT_JUDGES): a
// save that HTML-escapes text or collapses runs of spaces (CU-15, text-read-back.test.ts), a
// report that counts a negative offset from the end (RP-20, edges.test.ts), and a cursor that
// skips the item at each page boundary (IX-7, lists.test.ts, on ledger-bare's cursor lists).
import { expect } from 'vitest';
import { validAddress, validCustomer } from './helpers.ts';
import { customer, P, readBack, report, type Probe, type Seen } from './probe-kit.ts';

const saved = (s: Seen[]) => s[1]!.body.response;
const MARKUP = `Shah & Sons <b>"Ltd"</b> O'Neil &amp; Co`;
const SPACED = 'Plot  12\tMG\u00a0Road   Fort';

/** ledger-bare's customer list (reference/profiles/ledger-bare.ts): bare {content, total, next}, by cursor and size. */
const CUSTOMERS = '/api/v1/erp/customers?branch_id=1&size=2';
const listed = (s: Seen[]) => s.flatMap((x) => x.body.content as unknown[]);

export const TEXT_PROBES: Probe[] = [
  P(
    'ix-cursor-skips-boundary',
    'index',
    async (s) => {
      const pages = [await s(CUSTOMERS, {}, 'GET')];
      for (let next = pages[0]!.json?.next; typeof next === 'string' && pages.length < 40; next = pages.at(-1)!.json?.next)
        pages.push(await s(`${CUSTOMERS}&cursor=${encodeURIComponent(next)}`, {}, 'GET'));
      return pages;
    },
    (c, f) => {
      const total = c[0]!.body.total as number;
      expect(c.length).toBeGreaterThanOrEqual(3);
      expect(listed(c)).toHaveLength(total);
      // One item fewer at each page boundary (and the last, where the page before ended one short of it).
      expect(listed(f).length).toBeLessThanOrEqual(total - (f.length - 1));
      expect(listed(f).length).toBeGreaterThanOrEqual(total - f.length);
      expect(new Set(listed(f).map((x) => JSON.stringify(x))).size).toBe(listed(f).length);
    },
  ),
  P(
    'cu-html-escapes-text',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ lastName: MARKUP, contactAddressDTO: [validAddress({ addressLine2: MARKUP })] }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect([saved(c).lastName, saved(c).contactAddressDTO[0].addressLine2]).toEqual([MARKUP, MARKUP]);
      const escaped = 'Shah &amp; Sons &lt;b&gt;&quot;Ltd&quot;&lt;/b&gt; O&#39;Neil &amp;amp; Co';
      expect([saved(f).lastName, saved(f).contactAddressDTO[0].addressLine2]).toEqual([escaped, escaped]);
    },
  ),
  P(
    'cu-collapses-spaces',
    'customer',
    async (s) => {
      const a = await customer(s, validCustomer({ companyName: SPACED, contactAddressDTO: [validAddress({ addressLine2: SPACED })] }));
      return [a, await readBack(s, a)];
    },
    (c, f) => {
      expect([saved(c).companyName, saved(c).contactAddressDTO[0].addressLine2]).toEqual([SPACED, SPACED]);
      const collapsed = 'Plot 12\tMG\u00a0Road Fort';
      expect([saved(f).companyName, saved(f).contactAddressDTO[0].addressLine2]).toEqual([collapsed, collapsed]);
    },
  ),
  // The default profile refuses a negative offset (RP-15); the fault answers the last item.
  P(
    'rp-negative-offset-from-end',
    'report',
    async (s) => {
      const first = await report(s, { limit: 1, offset: 0 });
      const last = await report(s, { limit: 1, offset: Number(first.json?.response?.totalCount) - 1 });
      return [await report(s, { limit: 1, offset: -1 }), first, last];
    },
    (c, f) => {
      expect(c[0]!.status).toBe(400);
      expect(f[0]!.status).toBe(200);
      expect(c[1]!.body.response.totalCount).toBeGreaterThanOrEqual(2);
      expect(f[0]!.body.response.items).toEqual(c[2]!.body.response.items);
      expect(f[0]!.body.response.items).not.toEqual(c[1]!.body.response.items);
    },
  ),
];
