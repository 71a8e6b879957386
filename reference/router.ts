// The paths of the reference (4: "Paths are relative to {base_url}"; 9: "all described
// operations live under the prefix /api/v1/").
import type { Ctx, Reply, Req } from './context.ts';
import type { RouteName } from './guard.ts';
import { readContact } from './routes/contact-read.ts';
import { createCustomer } from './routes/customer-create.ts';
import { updateOrderStatus } from './routes/order-status.ts';
import { report } from './routes/report.ts';

export interface Route {
  name: RouteName;
  method: 'GET' | 'POST';
  /** 7: the operations a 429 applies to. */
  limited: boolean;
  handle(ctx: Ctx, req: Req, param: string): Reply;
}

const ROUTES: Array<{ pattern: string[]; route: Route }> = [
  {
    pattern: ['api', 'v1', 'sales', ':', 'update-order-status'],
    route: { name: 'order-status', method: 'POST', limited: false, handle: updateOrderStatus },
  },
  {
    pattern: ['api', 'v1', 'customer', 'create'],
    route: { name: 'customer-create', method: 'POST', limited: true, handle: (ctx, req) => createCustomer(ctx, req) },
  },
  {
    pattern: ['api', 'v1', 'report', 'consumption-production-report'],
    route: { name: 'report', method: 'POST', limited: true, handle: (ctx, req) => report(ctx, req) },
  },
  {
    pattern: ['api', 'v1', 'contact', ':'],
    route: { name: 'contact-read', method: 'GET', limited: false, handle: readContact },
  },
];

export type Match =
  | { kind: 'route'; route: Route; param: string }
  | { kind: 'wrong-method'; allow: string }
  | { kind: 'not-found' };

/** Matches the undecoded path segments; ':' matches any one segment (validated by the route). */
export function matchRoute(method: string, segments: string[]): Match {
  for (const { pattern, route } of ROUTES) {
    if (pattern.length !== segments.length) continue;
    let param = '';
    let same = true;
    for (let i = 0; i < pattern.length && same; i++) {
      if (pattern[i] === ':') param = segments[i]!;
      else same = pattern[i] === segments[i];
    }
    if (!same) continue;
    if (method !== route.method) return { kind: 'wrong-method', allow: route.method };
    return { kind: 'route', route, param };
  }
  return { kind: 'not-found' };
}
