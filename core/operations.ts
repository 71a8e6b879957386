// The operations of the spec's index (section 1) under stable names: quotas (core/quota.ts), the
// run config's `operations` (config/operations.ts) and the index suite all key on these names.

/** The index of section 1, one stable name per operation (its name there, lower-case, dashed). */
export const INDEX_OPERATIONS = [
  'branch-list',
  'department',
  'category',
  'sub-category',
  'brand',
  'sub-brand',
  'transporter-contact-list',
  'get-customer-list-w-branch-id',
  'get-contact-by-id',
  'get-contact-by-mobile-no',
  'contact-save',
  'supplier-party',
  'verify-gst',
  'get-country-list',
  'get-state-list',
  'get-city-list',
  'get-tax-list',
  'get-additional-charge-list',
  'get-product-list',
  'get-product-by-id',
  'products-with-inventory',
  'product-details-with-inventory-by-product-id',
  'product-variant-list-id-name',
  'variant-details-by-variant-id',
  'get-all-recipe',
  'created-by',
  'get-sales-item-register-data',
  'purchase-item-register-report',
  'stock-summary-report',
  'stock-transfer-item-register-report',
  'consumption-production-report',
  'update-shipping-detail',
  'update-payment-status',
  'update-order-status',
  'get-all-sales-data',
  'get-sales-data-by-id',
  'order-create',
  'order-status',
  'shipping-details',
  'update-due-date',
] as const;
export type IndexOperationName = (typeof INDEX_OPERATIONS)[number];

/** The three operations section 4 details: their own suites build their requests. */
export const SPEC_DETAILED: ReadonlySet<string> = new Set(['update-order-status', 'contact-save', 'consumption-production-report']);

/** The two reads the index lists and the spec gives no path ("Get Contact By Id", "Order Status"):
 *  their one place in the run config is `readBack` (readBack.getContactById, readBack.orderStatus),
 *  never `operations`, where an entry of theirs is ignored with a note (config/operations.ts). */
export const READ_BACKS: ReadonlySet<string> = new Set(['get-contact-by-id', 'order-status']);
