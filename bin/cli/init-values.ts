// `init --discover`: the ids an operation's template names (a productId, a contactId, a mobile
// number, a voucher) are the target's, not the reference's: they come from the lists discover read
// (Get Product List, the variant list, the customer list, the transporter list, Get All Sales
// Data). A read is probed with a value found; a write keeps an id only when the target listed it,
// else takes one found; with none found, the id becomes a {placeholder} without a value and a
// "fill this" line, and the run's preflight stops naming that entry (engine/phases/preflight/writes.ts).
// A write's voucher (params.salesId) is never swapped for another: a listed one is kept, else filled by hand.
import { readList } from '../../client/index-lists.ts';
import { FIELDS, idText } from '../../contract/list-fields.ts';
import type { IndexSender } from '../../client/index-operation.ts';
import type { OperationConfigInput } from '../../config/operations.ts';
import type { RunConfig } from '../../config/schema.ts';

/** The values of the target's lists, by the placeholder name they fill (ids as text). */
export type FoundValues = Partial<Record<'productId' | 'variantId' | 'contactId' | 'mobNo' | 'transporterId' | 'salesId', string[]>>;

/** Where each kind of value was found, for the lines. */
const SOURCE: Record<keyof FoundValues, string> = {
  productId: 'Get Product List',
  variantId: 'the variant list',
  contactId: 'the customer list',
  mobNo: 'the customer list',
  transporterId: 'the transporter list',
  salesId: 'Get All Sales Data',
};

const texts = (rows: Record<string, unknown>[] | undefined, names: readonly string[]) =>
  (rows ?? []).map((r) => idText(r, names)).filter((x): x is string => x !== undefined);

/** Reads the lists that give the templates' ids (one request each, those configured); `vouchers`: what Get All Sales Data listed. */
export async function foundValues(client: IndexSender, config: RunConfig, vouchers: string[]): Promise<FoundValues> {
  const read = async (name: string) => (config.operations?.[name as keyof typeof config.operations] ? (await readList(client, config, name)).items : undefined);
  const [products, variants, customers, transporters] = await Promise.all(
    ['get-product-list', 'product-variant-list-id-name', 'get-customer-list-w-branch-id', 'transporter-contact-list'].map(read),
  );
  const nested = (products ?? []).flatMap((p) => (Array.isArray(p.variants) ? (p.variants as Record<string, unknown>[]) : []));
  const out: FoundValues = {
    productId: texts(products, FIELDS.product),
    variantId: [...texts(variants, ['variantId', 'variant_id', 'id']), ...texts(nested, ['variantId', 'variant_id', 'id'])],
    contactId: texts(customers, ['contactId', 'contact_id', 'customerId', 'id']),
    mobNo: texts(customers, ['mobNo', 'mobileNo', 'mobile', 'phone']),
    transporterId: texts(transporters, ['contactId', 'transporterId', 'id']),
    salesId: vouchers,
  };
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v.length > 0)) as FoundValues;
}

const KINDS = Object.keys(SOURCE) as (keyof FoundValues)[];
const kindOf = (key: string) => KINDS.find((k) => k === key);
const asValue = (text: string, like: unknown): string | number => (typeof like === 'number' && Number.isSafeInteger(Number(text)) ? Number(text) : text);

/** The entries with the target's values: what changed and what is left to fill, each a line. */
export function withFoundValues(
  operations: Record<string, OperationConfigInput>,
  found: FoundValues,
): { operations: Record<string, OperationConfigInput>; said: string[]; fill: string[]; changed: Record<string, string[]> } {
  const said: string[] = [];
  const changes: Record<string, string[]> = {};
  const fill: string[] = [];
  const out: Record<string, OperationConfigInput> = {};
  for (const [name, op] of Object.entries(operations)) {
    const writes = op.writes === true;
    const params: Record<string, string | number> = { ...(op.params ?? {}) };
    const changed: string[] = [];
    const unfilled: string[] = [];
    // A placeholder of the templates with no value, or a param the target's lists can give.
    const named = [...JSON.stringify([op.path, op.query ?? {}, op.body ?? null]).matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    for (const key of new Set([...named, ...Object.keys(params)])) {
      const kind = kindOf(key);
      if (!kind) continue;
      const have = params[key];
      // {salesId} without a param of the entry's own is the fixtures' (a refusals voucher).
      if (have === undefined && kind === 'salesId') continue;
      const list = found[kind] ?? [];
      if (have !== undefined && list.includes(String(have))) continue;
      if (list.length > 0 && !(writes && kind === 'salesId')) {
        params[key] = asValue(list[0]!, have ?? 0);
        changed.push(`${key} ${list[0]} from ${SOURCE[kind]}`);
      } else if (writes && (have !== undefined || kind !== 'salesId')) {
        delete params[key];
        unfilled.push(key);
      }
    }
    // A write's body: ids given as values (contactId, productId, transporterId ...) the target did not list.
    const body = writes ? fillBody(op.body, found, changed, unfilled) : op.body;
    out[name] = { ...op, ...(body !== undefined ? { body } : {}), ...(Object.keys(params).length ? { params } : {}) };
    if (!Object.keys(params).length) delete out[name]!.params;
    if (changed.length) changes[name] = changed;
    if (changed.length) said.push(`${name}: ${writes ? 'written' : 'probed'} with ${changed.join(', ')}`);
    if (unfilled.length)
      fill.push(
        `${name}: fill this: {${[...new Set(unfilled)].join('}, {')}} (the target listed no such id; put one it holds in operations["${name}"].params; the run's preflight stops until then)`,
      );
  }
  return { operations: out, said, fill, changed: changes };
}

function fillBody(body: unknown, found: FoundValues, changed: string[], unfilled: string[]): unknown {
  if (Array.isArray(body)) return body.map((x) => fillBody(x, found, changed, unfilled));
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, v]) => {
      const kind = kindOf(key);
      if (!kind || kind === 'salesId' || (typeof v !== 'number' && !(typeof v === 'string' && /^\d+$/.test(v))))
        return [key, fillBody(v, found, changed, unfilled)];
      const list = found[kind] ?? [];
      if (list.includes(String(v))) return [key, v];
      if (list.length > 0) {
        changed.push(`${key} ${list[0]} from ${SOURCE[kind]}`);
        return [key, asValue(list[0]!, v)];
      }
      unfilled.push(key);
      return [key, `{${key}}`];
    }),
  );
}
