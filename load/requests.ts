// The request the probe and the load scenario repeat, per operation: the same paths and bodies
// as client/operations.ts, chosen to change as little as possible on the target.
import fc from 'fast-check';
import type { RunConfig } from '../config/schema.ts';
import { customer } from '../generators/customer.ts';

export const PROBE_OPERATIONS = ['report', 'customer-create', 'order-status'] as const;
export type ProbeOperation = (typeof PROBE_OPERATIONS)[number];

export function isProbeOperation(v: string): v is ProbeOperation {
  return (PROBE_OPERATIONS as readonly string[]).includes(v);
}

export interface RepeatedRequest {
  operation: ProbeOperation;
  method: 'POST';
  /** Path and query relative to the origin, the base URL's path prefix included. */
  path: string;
  /** Headers without the api-token (the sender adds it). */
  headers: Record<string, string>;
  body: string;
  /** What is sent and what it does to the target, for the output. */
  description: string;
  /** True when an accepted request writes data on the target. */
  writes: boolean;
  /** The answer status of an accepted request (under the limit). */
  acceptedAs: 'success' | 'validation-error';
}

/** Spec 4: "request bodies are JSON with header Content-Type: application/json". */
const JSON_HEADERS = { 'content-type': 'application/json' };

function basePath(config: RunConfig): string {
  return new URL(config.target.baseUrl).pathname.replace(/\/+$/, '');
}

/** A valid customer of the target's master data (2.3, 2.4), the same one every time. */
function minimalCustomer(config: RunConfig): unknown {
  const arb = customer({ ...config.fixtures.customer, gstType: 'UnRegistered', minAddresses: 1, maxAddresses: 1 });
  return fc.sample(arb, { seed: 7, numRuns: 1 })[0];
}

export function repeatedRequest(config: RunConfig, operation: ProbeOperation): RepeatedRequest {
  const prefix = basePath(config);
  const f = config.fixtures;
  switch (operation) {
    case 'report': {
      // 4.3: a valid request of one record; reads only.
      const body = { dateFrom: f.report.dateFrom, dateTo: f.report.dateTo, branchList: f.report.branchList, limit: 1, offset: 0 };
      return {
        operation,
        method: 'POST',
        path: `${prefix}/api/v1/report/consumption-production-report`,
        headers: JSON_HEADERS,
        body: JSON.stringify(body),
        description: 'a valid report request with limit 1 (reads only)',
        writes: false,
        acceptedAs: 'success',
      };
    }
    case 'customer-create': {
      const body = JSON.stringify(minimalCustomer(config));
      if (config.writes === false) {
        // 4.2: branch_id "must be valid" - an invalid branch creates nothing (400), and the
        // limiter usually counts the request before validating it.
        return {
          operation,
          method: 'POST',
          path: `${prefix}/api/v1/customer/create?branch_id=${f.invalidBranchId}`,
          headers: JSON_HEADERS,
          body,
          description:
            `a valid customer sent to the invalid branch_id ${f.invalidBranchId}, so that nothing is created (writes: false); ` +
            'answered 400 under the limit. This measures the limit only if the target counts invalid requests, as limiters usually do (the reference does)',
          writes: false,
          acceptedAs: 'validation-error',
        };
      }
      return {
        operation,
        method: 'POST',
        path: `${prefix}/api/v1/customer/create?branch_id=${f.branchId}`,
        headers: JSON_HEADERS,
        body,
        description: `a valid customer created in branch ${f.branchId}: every accepted request CREATES a customer (writes: true)`,
        writes: true,
        acceptedAs: 'success',
      };
    }
    case 'order-status': {
      // 4.1: sets the last unpaid voucher (Pending) to Pending: "Only the order status changes" - and it does not.
      const salesId = f.sales.refusals[f.sales.refusals.length - 1]!;
      return {
        operation,
        method: 'POST',
        path: `${prefix}/api/v1/sales/${salesId}/update-order-status?branch_id=${f.branchId}`,
        headers: JSON_HEADERS,
        body: JSON.stringify({ orderStatus: 'Pending' }),
        description: `orderStatus Pending on voucher ${salesId} of branch ${f.branchId}, which is Pending already (changes nothing)`,
        writes: false,
        acceptedAs: 'success',
      };
    }
  }
}
