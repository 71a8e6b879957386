// What a load run sends: one operation, or several by weight (`--mix report:8,status-refused:1`).
// Each is written once as the bytes that go on the wire (keep-alive HTTP/1.1), with the status an
// answer should have, so that the hot path only compares numbers (the operations: LOAD_OPERATIONS).
import type { RunConfig } from '../../config/schema.ts';
import { orderStatusPath } from '../../contract/endpoints.ts';
import type { Operation } from '../../core/types.ts';
import { repeatedRequest } from '../requests.ts';

// The operations:
//   report           4.3: a valid report of one record (reads only), answered 200.
//   customer-create  4.2: creates a customer per accepted request; only with config `writes: true`
//                    (with writes: false, alone, it goes to an invalid branch and is answered 400).
//   order-status     4.1: Pending on a voucher that is Pending already: "Only the order status
//                    changes" - and it does not.
//   status-refused   4.1 rule 2: "an unaccepted orderStatus yields a validation error (status 400)",
//                    so nothing changes whatever the load.
export const LOAD_OPERATIONS = ['report', 'customer-create', 'order-status', 'status-refused'] as const;
export type LoadOperation = (typeof LOAD_OPERATIONS)[number];

export function isLoadOperation(v: string): v is LoadOperation {
  return (LOAD_OPERATIONS as readonly string[]).includes(v);
}

/** The value sent by status-refused: not one of section 3's values. */
export const REFUSED_ORDER_STATUS = 'Dispatched';

export interface LoadRequest {
  name: LoadOperation;
  /** The Exchange operation of its records. */
  operation: Operation;
  weight: number;
  method: 'POST';
  /** Path and query relative to the origin (the base URL's path prefix included). */
  path: string;
  /** Headers without api-token. */
  headers: Record<string, string>;
  body: string;
  /** The status of an answer that is neither refused (429) nor an error. */
  expected: number;
  writes: boolean;
  description: string;
}

export interface Mix {
  requests: LoadRequest[];
  /** What was left out and why (customer creations without writes: true). */
  notes: string[];
}

/** "report:8,status-refused:1" -> [['report', 8], ['status-refused', 1]]; throws on a bad text. */
export function parseMix(text: string): Array<[LoadOperation, number]> {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) throw new Error('--mix needs OP:WEIGHT,... e.g. report:8,status-refused:1');
  const seen = new Set<string>();
  return parts.map((p) => {
    const m = /^([a-z-]+)(?::(\d+))?$/.exec(p);
    if (!m || !isLoadOperation(m[1]!)) throw new Error(`--mix: ${JSON.stringify(p)} is not OP[:WEIGHT] with OP one of ${LOAD_OPERATIONS.join(', ')}`);
    if (seen.has(m[1]!)) throw new Error(`--mix: ${m[1]} is listed twice`);
    seen.add(m[1]!);
    const weight = m[2] === undefined ? 1 : Number(m[2]);
    if (!(weight >= 1 && weight <= 1000)) throw new Error(`--mix: the weight of ${m[1]} must be 1..1000`);
    return [m[1] as LoadOperation, weight];
  });
}

function basePath(config: RunConfig): string {
  return new URL(config.target.baseUrl).pathname.replace(/\/+$/, '');
}

export function loadRequest(config: RunConfig, name: LoadOperation, weight = 1): LoadRequest {
  if (name === 'status-refused') {
    const f = config.fixtures;
    const salesId = f.sales.refusals[f.sales.refusals.length - 1]!;
    return {
      name,
      operation: 'order-status',
      weight,
      method: 'POST',
      path: `${basePath(config)}${orderStatusPath(String(salesId), String(f.branchId))}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderStatus: REFUSED_ORDER_STATUS }),
      expected: 400,
      writes: false,
      description: `orderStatus ${JSON.stringify(REFUSED_ORDER_STATUS)} (not an accepted value) on voucher ${salesId}: refused with 400, changes nothing`,
    };
  }
  const r = repeatedRequest(config, name);
  return {
    name,
    operation: r.operation,
    weight,
    method: r.method,
    path: r.path,
    headers: r.headers,
    body: r.body,
    expected: r.acceptedAs === 'success' ? 200 : 400,
    writes: r.writes,
    description: r.description,
  };
}

/** The requests of a run: customer creations in a mix only with writes: true. */
export function buildMix(config: RunConfig, entries: Array<[LoadOperation, number]>): Mix {
  const notes: string[] = [];
  const kept = entries.filter(([name]) => {
    if (name !== 'customer-create' || entries.length === 1 || config.writes) return true;
    notes.push('customer-create left out of the mix: the config says writes: false');
    return false;
  });
  if (kept.length === 0) throw new Error('nothing left to send in the mix');
  return { requests: kept.map(([name, w]) => loadRequest(config, name, w)), notes };
}

/**
 * The order in which requests are sent: a cycle of sum(weights) slots, each operation spread
 * evenly over it (smooth weighted round robin), so any stretch of the run has the mix's shares.
 */
export function mixCycle(requests: Pick<LoadRequest, 'weight'>[]): number[] {
  const total = requests.reduce((s, r) => s + r.weight, 0);
  const current = requests.map(() => 0);
  const cycle: number[] = [];
  for (let n = 0; n < total; n++) {
    let best = 0;
    for (let i = 0; i < requests.length; i++) {
      current[i]! += requests[i]!.weight;
      if (current[i]! > current[best]!) best = i;
    }
    current[best]! -= total;
    cycle.push(best);
  }
  return cycle;
}

/** The request as HTTP/1.1 bytes, keep-alive, with the token (never recorded: see records.ts). */
export function wireBytes(r: LoadRequest, origin: URL, token: string): Buffer {
  const body = Buffer.from(r.body, 'utf8');
  const lines = [
    `${r.method} ${r.path} HTTP/1.1`,
    `host: ${origin.host}`,
    ...Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`),
    `api-token: ${token}`,
    `content-length: ${body.length}`,
    'connection: keep-alive',
    '',
    '',
  ];
  return Buffer.concat([Buffer.from(lines.join('\r\n'), 'latin1'), body]);
}
