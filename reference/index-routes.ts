// Every operation of the spec's index (section 1) the reference serves, in one table: the routes
// of reference/routes/index-*.ts, and the run config's `operations` entry of each (what
// `serve --print-config` and `init` write). The three operations of section 4 and the two
// read-backs keep their own routes (router.ts); their entries here only describe them.
// Paths other than the spec's three are the production deployment's where its integrators
// published them, else the reference's own choice (section 4: "Paths, parameters and payloads of
// every operation other than the three below: not shown").
import type { OperationConfigInput } from '../config/operations.ts';
import { indexPath, listPathOf, totalKeyOf } from './index-style.ts';
import type { Profile } from './profiles/types.ts';
import { contactRoutes } from './routes/index-contact.ts';
import type { IndexRoute } from './routes/index-list.ts';
import { masterRoutes } from './routes/index-master.ts';
import { productRoutes } from './routes/index-product.ts';
import { reportRoutes } from './routes/index-report.ts';
import { salesRoutes } from './routes/index-sales.ts';

export const INDEX_ROUTES: readonly IndexRoute[] = [...masterRoutes, ...productRoutes, ...contactRoutes, ...salesRoutes, ...reportRoutes];

/** A path template's segments, ':' for its one {placeholder}. */
export function segmentsOf(path: string): string[] {
  return path
    .slice(1)
    .split('/')
    .map((s) => (/^\{\w+\}$/.test(s) ? ':' : s));
}

/** "/a/{x}?k={y}&m=n" -> its path and query template. */
function split(template: string): { path: string; query: Record<string, string> } {
  const [path, q = ''] = template.split('?') as [string, string?];
  return { path, query: Object.fromEntries(new URLSearchParams(q)) };
}

/** The `operations` entries of a reference of `profile`: the whole index. */
export function referenceOperations(profile: Profile): Record<string, OperationConfigInput> {
  const ops: Record<string, OperationConfigInput> = {};
  // The three of section 4 (their requests are built by the suites of their sections).
  ops['update-order-status'] = {
    method: 'POST',
    path: '/api/v1/sales/{salesId}/update-order-status',
    query: { branch_id: '{branchId}' },
    body: { orderStatus: 'Pending' },
    writes: true,
  };
  ops['contact-save'] = { method: 'POST', path: '/api/v1/customer/create', query: { branch_id: '{branchId}' }, writes: true };
  ops['consumption-production-report'] = {
    method: 'POST',
    path: '/api/v1/report/consumption-production-report',
    list: 'response.items',
    paged: true,
    body: { dateFrom: '{dateFrom}', dateTo: '{dateTo}', branchList: '{branchList}', limit: '{limit}', offset: '{offset}' },
  };
  // The two reads at the profile's paths (readBack), on a customer that exists before any run.
  const contact = split(profile.readBack.contact);
  ops['get-contact-by-id'] = { method: 'GET', path: contact.path, query: contact.query, params: { contactId: 1001, branchId: 1 } };
  const status = split(profile.readBack.orderStatus.path);
  ops['order-status'] = { method: 'GET', path: status.path, query: status.query };
  // The rest at the profile's paths and list keys (index-style.ts).
  const total = totalKeyOf(profile);
  for (const r of INDEX_ROUTES) {
    ops[r.name] = {
      method: r.method,
      path: indexPath(profile, r.name, r.path),
      ...(r.query ? { query: r.query } : {}),
      ...(r.body !== undefined ? { body: r.body } : {}),
      ...(r.list ? { list: listPathOf(profile, r.list) } : {}),
      ...(r.paged ? { paged: true } : {}),
      ...(r.paged && total !== 'totalCount' ? { totalCount: `response.${total}` } : {}),
      ...(r.writes ? { writes: true } : {}),
      ...(r.created ? { created: r.created } : {}),
      ...(r.params ? { params: r.params } : {}),
    };
  }
  return ops;
}
