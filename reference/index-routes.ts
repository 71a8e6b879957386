// Every operation of the spec's index (section 1) the reference serves, in one table: the routes
// of reference/routes/index-*.ts, and the run config's `operations` entry of each (what `serve
// --print-config` and `init --whole-index` write). The three operations of section 4 and the two
// read-backs keep their own routes (router.ts) and have no entry. Paths other than the spec's three
// are the production deployment's where its integrators published them, else the reference's own.
import type { OperationConfigInput } from '../config/operations.ts';
import { answerPathOf, configListPath, indexPath, pagedByCursor, pageTemplate, totalKeyOf, windowParams } from './index-style.ts';
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

/** The index routes a reference of `profile` serves (profile.index.served; absent: all of them). */
export function servedRoutes(profile: Profile): readonly IndexRoute[] {
  const served = profile.index?.served;
  return served ? INDEX_ROUTES.filter((r) => served.includes(r.name)) : INDEX_ROUTES;
}

/** How `profile` pages list `name`, as its config entry says it. */
function pagingOf(profile: Profile, name: string): Pick<OperationConfigInput, 'paged' | 'paging'> {
  if (pagedByCursor(profile, name)) return { paging: { style: 'cursor', next: answerPathOf(profile, 'response.next') } };
  return profile.index?.paging ? { paging: { ...profile.index.paging } } : { paged: true };
}

/** A route's params with its voucher as the profile numbers it (ids.base added; digits past 2^53 as a string). */
function ownIds(profile: Profile, params: Record<string, string | number>): Record<string, string | number> {
  const n = params.salesId;
  if (typeof n !== 'number' || profile.ids.base === 0n) return params;
  const id = profile.ids.base + BigInt(n);
  return { ...params, salesId: id <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(id) : String(id) };
}

/** The `operations` entries of a reference of `profile`: the index but the three of section 4 (the
 *  spec's paths) and the two read-backs (configured under readBack, reference/run-config.ts). */
export function referenceOperations(profile: Profile): Record<string, OperationConfigInput> {
  const ops: Record<string, OperationConfigInput> = {};
  // The rest at the profile's paths and list keys (index-style.ts).
  const total = totalKeyOf(profile);
  const style = profile.index;
  for (const r of servedRoutes(profile)) {
    const window = windowParams(profile, [r.query, r.body]);
    const params = r.params || window ? { ...ownIds(profile, r.params ?? {}), ...(window ?? {}) } : undefined;
    ops[r.name] = {
      method: r.method,
      path: indexPath(profile, r.name, r.path),
      ...(r.query ? { query: pageTemplate(profile, r.query, r.name) } : {}),
      ...(r.body !== undefined ? { body: pageTemplate(profile, r.body, r.name) } : {}),
      ...(r.list ? { list: configListPath(profile, r.list, r.paged === true) } : {}),
      ...(r.paged ? pagingOf(profile, r.name) : {}),
      ...(r.paged && (total !== 'totalCount' || style?.envelope === false) ? { totalCount: answerPathOf(profile, `response.${total}`) } : {}),
      ...(r.paged && style?.cursorCount === false && pagedByCursor(profile, r.name) ? { totalCount: null } : {}),
      ...(r.writes ? { writes: true } : {}),
      ...(r.created ? { created: answerPathOf(profile, r.created) } : {}),
      ...(style?.refusal200 ? { refusal: { status: false } } : {}),
      ...(params ? { params } : {}),
    };
  }
  return ops;
}
