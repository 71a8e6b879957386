// A customer carrying a marker (runtime/marker.ts) in the field the config names
// (marker["customer-create"], config/marker.ts): the run's own customers, and each customer sent
// without a valid token with its own, are told from another client's by it on a shared server.
import type { CustomerMarkerField } from '../../config/marker.ts';
import type { Customer } from '../../contract/schemas/customer.ts';

/** `body` with `marker` in `field` (an e-mail keeps its domain, the marker its local part); no field: as it is. */
export function markedCustomer(body: Customer, field: CustomerMarkerField | null | undefined, marker: string): Customer {
  if (!field) return body;
  if (field === 'email') {
    const at = body.email.lastIndexOf('@');
    return { ...body, email: `${marker}@${at > 0 ? body.email.slice(at + 1) : 'example.com'}` };
  }
  return { ...body, [field]: marker };
}
