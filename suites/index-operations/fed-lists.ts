// The lists of the index the run's own creations feed: a customer contactSave made (4.2, or the
// index's contact-save) is listed by Get Customer List W Branch Id; a voucher Order Create made,
// by the sales lists. Declared here, from the index's names (section 1), not read from any answer.
import type { CreationKind } from '../../runtime/writes-ledger.ts';

export const FED_BY: Readonly<Record<string, CreationKind>> = {
  'get-customer-list-w-branch-id': 'customer',
  'get-all-sales-data': 'voucher',
  'get-sales-item-register-data': 'voucher',
};
