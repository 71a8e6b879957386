// The operations the probe can measure (`probe --operation NAME`): the three of section 4
// (load/requests.ts), the two read paths of readBack ("order-status-read", "contact-read"), and
// every index operation the config's `operations` describes, by its stable name. Each is one
// request repeated as it is, chosen to change nothing on the target (writes only where
// load/requests.ts says so), and the quota operation it counts against, for the run that reads
// the probe's rate-limit.json as a stated limit (engine/phases/plan/limits.ts).
import type { RunConfig } from '../../config/schema.ts';
import { fillPath } from '../../contract/endpoints.ts';
import { quotaOfIndexOperation, type QuotaOperation } from '../../core/quota.ts';
import type { Operation } from '../../core/types.ts';
import { sendableOperations } from '../../client/index-operation.ts';
import { stringifyJson } from '../../core/json.ts';
import { isProbeOperation, PROBE_OPERATIONS, repeatedRequest, type RepeatedRequest } from '../requests.ts';

/** One request the probe repeats: a section 4 request, or a GET of a read path or a configured index operation. */
export interface ProbedRequest extends Omit<RepeatedRequest, 'operation' | 'method' | 'body'> {
  /** The name it was probed by (rate-limit.json's `operation`). */
  operation: string;
  /** The operation its exchanges are recorded as. */
  exchangeOperation: Operation;
  method: 'GET' | 'POST';
  body?: string;
}

/** The read paths of readBack the probe knows by name. */
export const READ_PATHS = ['order-status-read', 'contact-read'] as const;

// The quota operation a probed name counts against: core/quota.ts (the run's certificate and plan use it without loading the probe's requests).
export { quotaOfProbed } from '../../core/quota.ts';

/** Every name the probe takes with this config, for the usage message. */
export function probeOperationNames(config: RunConfig): string[] {
  return [
    ...PROBE_OPERATIONS,
    ...(config.readBack?.orderStatus ? ['order-status-read'] : []),
    ...(config.readBack?.getContactById ? ['contact-read'] : []),
    ...sendableOperations(config).list.map((s) => s.name),
  ];
}

function readPath(config: RunConfig, name: string): ProbedRequest | null {
  const prefix = new URL(config.target.baseUrl).pathname.replace(/\/+$/, '');
  const f = config.fixtures;
  const common = { exchangeOperation: 'contact-read' as const, method: 'GET' as const, headers: {}, writes: false };
  if (name === 'order-status-read' && config.readBack?.orderStatus) {
    // A voucher only refused requests touch (client/index-operation.ts fixtureValues): reading it changes nothing.
    const salesId = f.sales.refusals[f.sales.refusals.length - 1]!;
    return {
      ...common,
      operation: name,
      exchangeOperation: 'index',
      path: prefix + fillPath(config.readBack.orderStatus.path, { salesId, branchId: f.branchId }),
      description: `the order status of voucher ${salesId} in branch ${f.branchId} (reads only)`,
      acceptedAs: 'success',
    };
  }
  if (name === 'contact-read' && config.readBack?.getContactById) {
    // No fixture names a contact: contact 1 may not exist, and a 404 under the limit counts as a limiter counts it, before the read.
    return {
      ...common,
      operation: name,
      path: prefix + fillPath(config.readBack.getContactById, { contactId: 1, branchId: f.branchId }),
      description: `contact 1 of branch ${f.branchId} (reads only; a 404 for a contact that does not exist counts as answered)`,
      acceptedAs: 'validation-error',
    };
  }
  return null;
}

/** The request the probe repeats for `name`, or why it cannot (a name this config does not describe). */
export function probedRequest(config: RunConfig, name: string): ProbedRequest | { problem: string } {
  if (isProbeOperation(name)) return { ...repeatedRequest(config, name), exchangeOperation: name };
  const read = readPath(config, name);
  if (read) return read;
  const sendable = sendableOperations(config);
  const entry = sendable.list.find((s) => s.name === name);
  if (entry) {
    const prefix = new URL(config.target.baseUrl).pathname.replace(/\/+$/, '');
    const post = entry.request.method === 'POST';
    return {
      operation: name,
      exchangeOperation: 'index',
      method: post ? 'POST' : 'GET',
      path: prefix + entry.request.path,
      headers: post ? { 'content-type': 'application/json' } : {},
      ...(post ? { body: stringifyJson(entry.request.body ?? {}) } : {}),
      description: `${name} as config operations.${name} describes it (${entry.op.writes ? 'writes' : 'reads only'})`,
      writes: entry.op.writes === true,
      acceptedAs: 'success',
    };
  }
  const why = sendable.left[name];
  if (why) return { problem: `--operation ${name}: ${why}` };
  return { problem: `--operation must be one of ${probeOperationNames(config).join(', ')}, received ${JSON.stringify(name)}` };
}
