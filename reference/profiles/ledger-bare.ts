// "ledger-bare": the ledger vendor (ledger.ts) through its newer gateway, in every form a real
// target's config needs beyond the reference's: the index's other operations answer without the
// 2.1 envelope (2.1 is stated for the three of section 4), lists that are not paged as bare arrays,
// paged ones as {"content": [...], "total": N} by page number and size from page 1 (three by an
// opaque cursor, the next under "next"), a refusal as HTTP 200 with {"status": false}, and reports
// that allow a date window of at most 31 days (each such config entry gives its own in `params`).
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import { ledgerDifference } from './ledger.ts';
import type { Profile } from './types.ts';

/** What ledger-bare chooses otherwise than the default vendor: ledger's choices, and its index's wire. */
export const ledgerBareDifference: ProfileDifference = {
  ...ledgerDifference,
  name: 'ledger-bare',
  summary: `${ledgerDifference.summary}; index answers without the envelope (bare arrays, {content, total}), paged by page/size from page 1 (three by cursor), refusals as HTTP 200 with status false, report windows of at most 31 days`,
  index: {
    ...ledgerDifference.index,
    envelope: false,
    bareLists: true,
    paging: { style: 'page', firstPage: 1 },
    cursorLists: ['get-customer-list-w-branch-id', 'products-with-inventory', 'get-all-recipe'],
    refusal200: true,
    windowDays: 31,
  },
};

export const ledgerBareProfile: Profile = derive(defaultProfile, ledgerBareDifference);
