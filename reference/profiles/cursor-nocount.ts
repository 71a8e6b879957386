// "cursor-nocount": a vendor whose paged lists are all asked by an opaque cursor and a size, and
// state no count (as many cursor APIs do): each answer gives the next page's cursor under "next"
// (none on the last page) and no totalCount. Its run config declares each such list with
// `totalCount: null`, so IX-7 is judged by walking each list at two page sizes (cursor-walk.ts).
// Everything else is the default vendor's.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** The paged lists of the reference's index (reference/routes/index-*.ts, `paged: true`). */
const PAGED_LISTS = [
  'get-product-list',
  'products-with-inventory',
  'get-all-recipe',
  'get-customer-list-w-branch-id',
  'get-all-sales-data',
  'get-sales-item-register-data',
  'purchase-item-register-report',
  'stock-summary-report',
  'stock-transfer-item-register-report',
];

/** What cursor-nocount chooses otherwise than the default vendor. */
export const cursorNoCountDifference: ProfileDifference = {
  name: 'cursor-nocount',
  summary: 'every paged list of the index by an opaque cursor and a size (the next cursor under "next"), with no count',
  index: { cursorLists: PAGED_LISTS, cursorCount: false },
};

export const cursorNoCountProfile: Profile = derive(defaultProfile, cursorNoCountDifference);
