// `init --discover`: the fixtures of a new config read from the target's own lists (section 1:
// Branch List, Get All Sales Data, Get Country / State / City List) instead of copied by hand, and
// the report's branches from one report page per branch (4.3). One request per list, the largest
// page. What could not be found keeps the template's value and is said: the config's "$comment"
// and the console list both what was found and what was not.
import { readCities, readList } from '../../client/index-lists.ts';
import { FIELDS, idText } from '../../contract/list-fields.ts';
import type { Client } from '../../client/operations.ts';
import type { RunConfig } from '../../config/schema.ts';
import { pageTotal } from '../../contract/checks/report.ts';
import { discoverSays } from '../../core/words/discover.ts';

/** At most this many branches get a report page each (4.3 is the scarcest quota). */
const MAX_REPORT_BRANCHES = 6;
/** At most this many state lists are read for cities, and this many cities kept. */
const MAX_STATES = 3;
const MAX_CITIES = 4;

export interface Discovery {
  /** The fixtures as found (the template's where nothing was found). */
  fixtures: Record<string, unknown>;
  found: string[];
  notFound: string[];
  /** The vouchers Get All Sales Data listed in branchId (for the index's templates: bin/cli/init-values.ts). */
  listed: string[];
}

const idValue = (s: string): number | string => (Number.isSafeInteger(Number(s)) ? Number(s) : s);
const big = (s: string) => (/^\d+$/.test(s) ? BigInt(s) : 0n);

/** Pools from the vouchers of one branch: Pending unpaid ones for lifecycle, cancel, refusals and parallel; Pending paid ones for deliver. */
export function voucherPools(rows: Record<string, unknown>[], avoid: Set<string>, paidValue = 'paid') {
  const pending = rows.filter((r) => String(idText(r, FIELDS.orderStatus) ?? '').toLowerCase() === 'pending');
  const ids = (xs: Record<string, unknown>[]) =>
    xs
      .map((r) => idText(r, FIELDS.sales))
      .filter((x): x is string => x !== undefined && /^\d+$/.test(x) && !avoid.has(x))
      .sort((a, b) => (big(a) < big(b) ? -1 : big(a) > big(b) ? 1 : 0));
  const isPaid = (r: Record<string, unknown>) => String(idText(r, FIELDS.paymentStatus) ?? '').toLowerCase() === paidValue.toLowerCase();
  const unpaid = ids(pending.filter((r) => !isPaid(r)));
  const paid = ids(pending.filter(isPaid));
  // Two refusals; then N lifecycle and N cancel with 4 x ceil(N/3) parallel (docs/configuration.md: one pool per concurrent job).
  const refusals = unpaid.slice(0, 2);
  const rest = unpaid.slice(2);
  let n = Math.floor(rest.length / 2);
  while (n > 0 && 2 * n + 4 * Math.ceil(n / 3) > rest.length) n--;
  const parallel = n > 0 ? rest.slice(2 * n, 2 * n + 4 * Math.ceil(n / 3)) : [];
  if (n === 0) n = Math.floor(rest.length / 2);
  return { lifecycle: rest.slice(0, n), cancel: rest.slice(n, 2 * n), refusals, parallel, deliver: paid };
}

/**
 * `only`: the vouchers the vendor handed over (init --vouchers): the pools take those of them the
 * target lists, no other.
 */
export async function discover(client: Client, config: RunConfig, template: Record<string, unknown>, only?: Set<string>): Promise<Discovery> {
  const fixtures = structuredClone(template) as Record<string, any>;
  const found: string[] = [];
  const notFound: string[] = [];

  // Branch List: the fixtures' two branches, and an id it does not list.
  const branches = await readList(client, config, 'branch-list');
  const branchIds = (branches.items ?? []).map((b) => idText(b, FIELDS.branch)).filter((x): x is string => x !== undefined && /^\d+$/.test(x));
  if (branchIds.length >= 2) {
    fixtures.branchId = Number(branchIds[0]);
    fixtures.otherBranchId = Number(branchIds[1]);
    let invalid = 999;
    while (branchIds.includes(String(invalid))) invalid = invalid * 10 + 9;
    fixtures.invalidBranchId = invalid;
    found.push(
      `branches: ${branchIds.length} in Branch List; branchId ${branchIds[0]}, otherBranchId ${branchIds[1]}, invalidBranchId ${invalid} (not listed)`,
    );
  } else notFound.push(branches.why ? discoverSays('branches', { why: branches.why }) : discoverSays('fewBranches', { count: branchIds.length }));

  // The report's branches: one page of limit 1 per listed branch over the template's range.
  const r = fixtures.report;
  const totals = await Promise.all(
    branchIds.slice(0, MAX_REPORT_BRANCHES).map(async (b) => ({
      b,
      n: pageTotal(await client.report({ body: { dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: b, limit: 1, offset: 0 } })),
    })),
  );
  const holding = totals.filter((t) => t.n !== undefined && t.n > 0).map((t) => t.b);
  const empty = totals.find((t) => t.n === 0)?.b;
  if (holding.length > 0) {
    r.branchList = holding.slice(0, 2).join(',');
    found.push(`report.branchList ${r.branchList}: branches holding transactions in ${r.dateFrom} .. ${r.dateTo}`);
  } else notFound.push(discoverSays('reportBranches', { from: r.dateFrom, to: r.dateTo }));
  if (empty !== undefined) {
    r.emptyBranchId = Number(empty);
    found.push(`report.emptyBranchId ${empty}: a listed branch without transactions in the range`);
  } else notFound.push(discoverSays('emptyBranch'));
  delete r.filterIds;
  notFound.push(discoverSays('filterIds'));

  // Get All Sales Data of both branches: the voucher pools.
  const avoid = new Set(Object.values(config.operations ?? {}).flatMap((op) => (op?.params?.salesId !== undefined ? [String(op.params.salesId)] : [])));
  const sales = await Promise.all(
    [fixtures.branchId, fixtures.otherBranchId].map((b: number) => readList(client, config, 'get-all-sales-data', { branchId: b, otherBranchId: b })),
  );
  const handed = (rows: Record<string, unknown>[] | undefined) => (rows ?? []).filter((x) => !only || only.has(idText(x, FIELDS.sales) ?? ''));
  const listed = (sales[0]!.items ?? []).map((x) => idText(x, FIELDS.sales)).filter((x): x is string => x !== undefined);
  if (only) found.push(`sales: the pools take only the ${only.size} voucher(s) given with --vouchers that the target lists`);
  if (handed(sales[0]!.items).length > 0) {
    const pools = voucherPools(handed(sales[0]!.items), avoid, config.readBack?.orderStatus?.paidValue);
    const others = handed(sales[1]!.items)
      .map((x) => idText(x, FIELDS.sales))
      .filter((x): x is string => x !== undefined && /^\d+$/.test(x));
    const s = fixtures.sales;
    for (const [role, ids] of Object.entries({ ...pools, otherBranch: others.slice(0, 3) })) {
      if (ids.length >= (role === 'parallel' ? 2 : 1)) {
        s[role] = ids.map(idValue);
        found.push(`sales.${role}: ${ids.length} voucher(s) from Get All Sales Data`);
      } else {
        if (role === 'parallel') delete s.parallel;
        const branch = role === 'otherBranch' ? fixtures.otherBranchId : fixtures.branchId;
        notFound.push(role === 'parallel' ? discoverSays('salesParallel', { branch }) : discoverSays('salesRole', { role, branch }));
      }
    }
    const all = [...(sales[0]!.items ?? []), ...(sales[1]!.items ?? [])].map((x) => big(idText(x, FIELDS.sales) ?? '0'));
    const max = all.reduce((a, b) => (a > b ? a : b), 0n);
    s.missing = idValue(String(max + 1_000_000n));
    found.push(`sales.missing ${s.missing}: above every listed voucher`);
  } else notFound.push(sales[0]!.why ? discoverSays('sales', { why: sales[0]!.why }) : discoverSays('noSales'));

  await masterData(client, config, fixtures, found, notFound);
  return { fixtures, found, notFound, listed };
}

/** Country, states and cities for the customers (2.4: "code of a city from the city list", "code of a state from the state list"). */
async function masterData(client: Client, config: RunConfig, fixtures: Record<string, any>, found: string[], notFound: string[]) {
  const c = fixtures.customer;
  const countries = await readList(client, config, 'get-country-list');
  const codes = (countries.items ?? []).map((x) => idText(x, FIELDS.country)).filter((x): x is string => x !== undefined);
  if (codes.length > 0) {
    if (!codes.includes(c.countriesCode)) c.countriesCode = codes[0];
    found.push(`customer.countriesCode ${c.countriesCode} (${codes.length} in the country list)`);
  } else notFound.push(countries.why ? discoverSays('country', { why: countries.why }) : discoverSays('noCountry'));
  const read = await readCities(client, config, c.countriesCode, [], MAX_STATES);
  const cities = Object.fromEntries(Object.entries(read.cities).slice(0, MAX_CITIES));
  const why = read.why;
  const asks = read.asked;
  const perState = asks.length > 0;
  if (Object.keys(cities).length > 0) {
    c.cities = cities;
    found.push(`customer.cities ${JSON.stringify(cities)} from the city list${perState ? ` of state(s) ${asks.join(', ')}` : ''}`);
  } else notFound.push(why ? discoverSays('cities', { why }) : discoverSays('noCities'));
  notFound.push(discoverSays('unlisted'));
}
