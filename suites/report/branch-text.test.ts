// 4.3 "branchList | string | yes | comma-separated branch ids": a branchList that is no such list,
// the classic "5 OR 5=5", names one branch only whichever way a lenient reader takes it (its
// leading digits, or every number in it: 5), so a correct vendor refuses it (a 4xx) or answers no
// transaction beyond that branch's. A 5xx is ENV-6's, not this requirement's. With
// fixtures.report.emptyBranchId the branch named holds no transaction in the range: one request;
// without it, the fixture list's first branch's totalCount, read on still data (still.ts), bounds it.
import { branchTextLeaked } from '../../contract/checks/report-filter-rules.ts';
import { pageTotal } from '../../contract/checks/report.ts';
import { verifies } from '../../runtime/verifies.ts';
import { fixtureQuery, needsTransactions, page } from './query.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

/** The text sent as branchList: it names branch `b` alone, as SQL it selects every row. */
export const injectionText = (b: number | string) => `${b} OR ${b}=${b}`;

verifies('branch-text/RP-26', ['RP-26'], 'A branchList that is no list of ids ("5 OR 5=5") never answers the transactions of other branches', async (h, t) => {
  const q = fixtureQuery(h);
  const empty = h.config.fixtures.report.emptyBranchId;
  const named = empty ?? q.branchList.split(',')[0]!.trim();
  if (!/^\d+$/.test(String(named))) h.skip(suiteSays('rpBranchListNoId', { branchList: q.branchList }), t);
  const text = injectionText(named);
  // A range without transactions has none to leak: no verdict on it (the fixture page is the walks' own, shared).
  if (!(await needsTransactions(h, ['RP-26']))) return;
  await onStill(h, ['RP-26'], async (h) => {
    const ex = await page(h, { ...q, branchList: text }, 10, 0);
    const s = ex.response?.status;
    if (s === undefined) return h.inconclusive('RP-26', suiteSays('rpBranchTextUnanswered', { text: JSON.stringify(text) }));
    h.note('RP-26');
    if (s !== 200) return; // a refusal (4xx) is right; a 5xx is ENV-6's
    // The branch named alone: none with the empty branch, else its own report's count.
    const own = empty !== undefined ? 0 : pageTotal(await page(h, { ...q, branchList: String(named) }, 10, 0));
    if (own === undefined) return h.inconclusive('RP-26', suiteSays('rpBranchNoTotal', { named }));
    return branchTextLeaked({ text, named: String(named), own, empty: empty !== undefined }, ex);
  });
});
