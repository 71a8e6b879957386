// The paths of the three operations (spec 4: "Paths are relative to {base_url}"; 9: "all described
// operations live under the prefix /api/v1/"), written once for the client, the probe, the load
// scenarios and the reference.
type Id = number | bigint | string;

export const PATHS = {
  /** 4.1: POST /api/v1/sales/{salesId}/update-order-status */
  orderStatus: ['api', 'v1', 'sales', ':salesId', 'update-order-status'],
  /** 4.2: POST /api/v1/customer/create */
  customerCreate: ['api', 'v1', 'customer', 'create'],
  /** 4.3: POST /api/v1/report/consumption-production-report */
  report: ['api', 'v1', 'report', 'consumption-production-report'],
} as const;

/** `?branch_id=` when given; a string is sent as is (percent-encoded) so suites can send junk. */
export function branchQuery(branchId: Id | null | undefined): string {
  return branchId === null || branchId === undefined ? '' : `?branch_id=${encodeURIComponent(String(branchId))}`;
}

const join = (segments: readonly string[], values: Record<string, Id> = {}) =>
  `/${segments.map((s) => (s.startsWith(':') ? encodeURIComponent(String(values[s.slice(1)])) : s)).join('/')}`;

/** 4.1: the path of the order status update of a voucher in a branch. */
export function orderStatusPath(salesId: Id, branchId?: Id | null): string {
  return `${join(PATHS.orderStatus, { salesId })}${branchQuery(branchId)}`;
}

/** 4.2: the path of contactSave in a branch. */
export function customerCreatePath(branchId?: Id | null): string {
  return `${join(PATHS.customerCreate)}${branchQuery(branchId)}`;
}

/** 4.3: the path of the consumption/production report. */
export function reportPath(): string {
  return join(PATHS.report);
}

/** A read path of the config (readBack): its {placeholders} filled in, percent-encoded. */
export function fillPath(template: string, values: Record<string, Id>): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? encodeURIComponent(String(values[k])) : m));
}
