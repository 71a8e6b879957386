// The paths of the reference (4: "Paths are relative to {base_url}"; 9: "all described
// operations live under the prefix /api/v1/"). The three operations of section 4 have the spec's
// paths; the two read operations the spec lists without a path ("Get Contact By Id", "Order
// Status") have the paths of the profile (profile.readBack), which its run config gives.
import type { Ctx, Handler, Req } from './context.ts';
import type { RouteName } from './guard.ts';
import type { Profile } from './profiles/types.ts';
import { createCustomer } from './routes/customer-create.ts';
import { readContact, readOrderStatus } from './routes/reads.ts';
import { updateOrderStatus } from './routes/order-status.ts';
import { report } from './routes/report.ts';
import { segmentsOf, servedRoutes } from './index-routes.ts';
import { wiredHandler } from './index-wire.ts';
import { indexPath } from './index-style.ts';

export interface Route {
  name: RouteName;
  method: 'GET' | 'POST';
  /** 7: the operations a 429 applies to (the profile may limit every operation). */
  limited: boolean;
  /** The query parameter naming the branch, when the operation takes one. */
  branchQuery?: string;
  handle: Handler;
  /** The index operation's stable name (section 1), for the index routes. */
  operation?: string;
}

type Table = Array<{ pattern: string[]; route: Route }>;

/** A read path template: its segments (':' for the id) or the query parameter holding the id. */
export function parseTemplate(template: string, id: string): { segments: string[]; idQuery?: string; branchQuery: string } {
  const [path, query = ''] = template.split('?') as [string, string?];
  const segments = path
    .slice(1)
    .split('/')
    .map((s) => (s === `{${id}}` ? ':' : s));
  let idQuery: string | undefined;
  let branchQuery = 'branch_id';
  for (const pair of query.split('&').filter(Boolean)) {
    const [name = '', value = ''] = pair.split('=');
    if (value === `{${id}}`) idQuery = name;
    if (value === '{branchId}') branchQuery = name;
  }
  return { segments, idQuery, branchQuery };
}

type Read = (ctx: Ctx, req: Req, idText: string, branchQuery: string) => ReturnType<Handler>;

function readRoute(name: RouteName, template: string, id: string, read: Read): { pattern: string[]; route: Route } {
  const t = parseTemplate(template, id);
  const idQuery = t.idQuery;
  const handle: Handler = idQuery
    ? (ctx, req) => read(ctx, req, req.query.get(idQuery) ?? '', t.branchQuery)
    : (ctx, req, param) => read(ctx, req, param, t.branchQuery);
  return { pattern: t.segments, route: { name, method: 'GET', limited: false, branchQuery: t.branchQuery, handle } };
}

function tableOf(profile: Profile): Table {
  return [
    {
      pattern: ['api', 'v1', 'sales', ':', 'update-order-status'],
      route: { name: 'order-status', method: 'POST', limited: false, branchQuery: 'branch_id', handle: updateOrderStatus },
    },
    {
      pattern: ['api', 'v1', 'customer', 'create'],
      route: { name: 'customer-create', method: 'POST', limited: true, branchQuery: 'branch_id', handle: (ctx, req) => createCustomer(ctx, req) },
    },
    {
      pattern: ['api', 'v1', 'report', 'consumption-production-report'],
      route: { name: 'report', method: 'POST', limited: true, handle: (ctx, req) => report(ctx, req) },
    },
    // Section 1: the rest of the index (index-routes.ts): literal paths first, then the profile's
    // read paths (which win over an index path they equal), then the index paths with an id.
    ...indexTable(profile).filter((e) => !e.pattern.includes(':')),
    readRoute('contact-read', profile.readBack.contact, 'contactId', readContact),
    readRoute('order-status-read', profile.readBack.orderStatus.path, 'salesId', readOrderStatus),
    ...indexTable(profile).filter((e) => e.pattern.includes(':')),
  ];
}

/** The index routes at the profile's paths (index-style.ts). */
const indexTable = (profile: Profile): Table =>
  servedRoutes(profile).map((r) => ({
    pattern: segmentsOf(indexPath(profile, r.name, r.path)),
    route: { name: 'index', operation: r.name, method: r.method, limited: false, handle: wiredHandler(profile, r) },
  }));

const tables = new WeakMap<Profile, Table>();

export type Match = { kind: 'route'; route: Route; param: string } | { kind: 'wrong-method'; allow: string } | { kind: 'not-found' };

/** Matches the undecoded path segments; ':' matches any one segment (validated by the route). */
export function matchRoute(profile: Profile, method: string, segments: string[]): Match {
  let table = tables.get(profile);
  if (!table) tables.set(profile, (table = tableOf(profile)));
  let allow: string | undefined;
  for (const { pattern, route } of table) {
    if (pattern.length !== segments.length) continue;
    let param = '';
    let same = true;
    for (let i = 0; i < pattern.length && same; i++) {
      if (pattern[i] === ':') param = segments[i]!;
      else same = pattern[i] === segments[i];
    }
    if (!same) continue;
    // Another route may have the same pattern with the other method (the index has GET and POST under /api/v1/sales/...).
    if (method !== route.method) {
      allow ??= route.method;
      continue;
    }
    return { kind: 'route', route, param };
  }
  return allow ? { kind: 'wrong-method', allow } : { kind: 'not-found' };
}
