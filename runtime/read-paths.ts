// The quota of an index request on one of the read-back paths (issue 16): a target counts a read of
// "Get Contact By Id" or "Order Status" against its read quota whichever test sends it, so a request
// of the index suite to such a path is paced as that read (contactRead, orderStatusRead), not as
// another operation that would learn the read quota from its 429s and slow every index request.
import type { RunConfig } from '../config/schema.ts';
import type { QuotaOperation } from '../core/quota.ts';

/** A path template's path part (its query aside), each placeholder one segment. */
const pattern = (template: string) =>
  new RegExp(
    `${template
      .split('?')[0]!
      .replace(/\/+$/, '')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\{\w+\}/g, '[^/]+')}/?$`,
  );

/** The read operation a path is one of (by config.readBack), or undefined. */
export function readPathQuota(config: RunConfig): (path: string) => QuotaOperation | undefined {
  const reads: Array<[RegExp, QuotaOperation]> = [];
  if (config.readBack?.getContactById) reads.push([pattern(config.readBack.getContactById), 'contactRead']);
  if (config.readBack?.orderStatus) reads.push([pattern(config.readBack.orderStatus.path), 'orderStatusRead']);
  return (path) => reads.find(([re]) => re.test(path.split('?')[0]!))?.[1];
}
