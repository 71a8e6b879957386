// 4.1 Purpose: "Only the order status changes; all other voucher data stays unchanged" (OS-6).
// Needs two operations of the index the config describes (section 1): Order Create (a fresh
// voucher per run, so no pool runs dry and no other run's voucher is touched) and Get Sales Data
// By Id (the whole voucher, read before and after Pending -> Confirmed). Lenient MUST oracle:
// every field may keep its value or, for the order status field, take the new status; fields
// named like audit data (modified dates, versions, histories) and the config's `volatile` names
// are left out. Four requests.
import { atPath, fixtureValues, operationRequest, sendOperation } from '../../client/index-operation.ts';
import type { Exchange } from '../../contract/types.ts';
import { verifies } from '../support/harness.ts';
import { said, writesForbidden } from './vouchers.ts';

/** Field names an update may change on a correct vendor: when and by whom it was changed. */
const AUDIT = /modif|updat|audit|version|history|lastchang|etag|timestamp|changedby|changedon/i;

/** Every leaf of a JSON value with its dot path. */
function leaves(v: unknown, at = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (v !== null && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
    if (entries.length === 0) out.set(at, Array.isArray(v) ? '[]' : '{}');
    for (const [k, x] of entries) leaves(x, at ? `${at}.${k}` : k, out);
  } else out.set(at, v);
  return out;
}

/** A leaf as text (ids past 2^53 are bigint). */
const text = (v: unknown) => (typeof v === 'bigint' ? v.toString() : JSON.stringify(v));

const ok = (ex: Exchange) => ex.response !== undefined && ex.response.status >= 200 && ex.response.status < 300;

verifies(
  ['OS-6'],
  "An order status update changes the voucher's order status and nothing else, read with Get Sales Data By Id before and after",
  async (h, t) => {
    const ops = h.config.operations ?? {};
    const create = ops['order-create'];
    const read = ops['get-sales-data-by-id'];
    if (writesForbidden(h)) h.skip('writes is false: no voucher is created or changed', t);
    if (!create || !read)
      h.skip('needs operations["order-create"] and operations["get-sales-data-by-id"] in the config (the spec gives no path to read a whole voucher)', t);
    const values = fixtureValues(h.config);
    const made = await sendOperation(h.client, operationRequest(create!, values));
    const salesId = atPath(made.json, create!.created ?? 'response.salesId');
    if (!ok(made) || (typeof salesId !== 'number' && typeof salesId !== 'string' && typeof salesId !== 'bigint'))
      return void h.inconclusive(
        'OS-6',
        `Order Create gave no salesId at ${create!.created ?? 'response.salesId'} (${said(made)}; check operations["order-create"])`,
      );
    const readIt = () => sendOperation(h.client, operationRequest(read!, values, { salesId: salesId as string | number | bigint }));
    const before = await readIt();
    if (!ok(before)) return void h.inconclusive('OS-6', `Get Sales Data By Id did not read the new voucher ${salesId} (${said(before)})`);
    const update = await h.client.updateOrderStatus({
      salesId: salesId as string | number | bigint,
      branchId: h.config.fixtures.branchId,
      body: { orderStatus: 'Confirmed' },
    });
    if (!ok(update)) return void h.inconclusive('OS-6', `Confirmed was not accepted on the new voucher ${salesId} (${said(update)})`);
    const after = await readIt();
    if (!ok(after)) return void h.inconclusive('OS-6', `Get Sales Data By Id did not read voucher ${salesId} after the update (${said(after)})`);
    const volatile = new Set(read!.volatile ?? []);
    const was = leaves(before.json);
    const now = leaves(after.json);
    const changed: string[] = [];
    for (const [path, v] of was) {
      const names = path.split('.');
      if (names.some((n) => AUDIT.test(n) || volatile.has(n)) || path === 'message') continue;
      h.note('OS-6');
      const w = now.get(path);
      if (text(w) === text(v)) continue;
      if (typeof w === 'string' && w.toLowerCase() === 'confirmed') continue; // the order status itself
      changed.push(`${path}: ${text(v)} -> ${text(w)}`);
    }
    for (const path of now.keys()) if (!was.has(path) && !path.split('.').some((n) => AUDIT.test(n) || volatile.has(n))) changed.push(`${path}: added`);
    if (changed.length > 0)
      h.fail(
        'OS-6',
        `Setting Confirmed on voucher ${salesId} changed other voucher data`,
        changed.slice(0, 10).join('; '),
        'only the order status changes (4.1)',
        after,
      );
  },
);
