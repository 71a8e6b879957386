// 4.3 request fields: a request without a required field or with a date that is no ISO 8601
// instant is refused (RP-12); what the target does with inputs 4.3 leaves to it is recorded
// (RP-15); identical requests sent at the same time agree (RP-21).
import { answersAgree } from '../../contract/checks/report-sets.ts';
import { pageItems, pageTotal } from '../../contract/checks/report.ts';
import type { Exchange } from '../../core/types.ts';
import { verifies } from '../../runtime/verifies.ts';
import { fixtureQuery, needsTransactions, send, walkLimit } from './query.ts';
import { onStill } from './still.ts';
import { suiteSays } from '../../core/words/suites.ts';

const outcome = (ex: Exchange) => ({
  status: ex.response?.status ?? ex.failure?.kind ?? ex.notSent?.reason,
  items: pageItems(ex).length,
  totalCount: pageTotal(ex),
});

verifies(
  'requests/RP-12+RP-15',
  ['RP-12', 'RP-15'],
  'A report request missing a required field, or with a date that is no ISO 8601 instant, is rejected with a 4xx; the readings 4.3 leaves open are recorded',
  async (h) => {
    const q = { ...fixtureQuery(h), limit: 10, offset: 0 };
    // RP-12 (see its ambiguity): only what "Required: yes" and "ISO 8601" leave no reading for.
    const bad: [string, Record<string, unknown>][] = [
      ['dateFrom missing', { ...q, dateFrom: undefined }],
      ['dateTo missing', { ...q, dateTo: undefined }],
      ['branchList missing', { ...q, branchList: undefined }],
      ['limit missing', { ...q, limit: undefined }],
      ['offset missing', { ...q, offset: undefined }],
      ['dateFrom dd/mm/yyyy', { ...q, dateFrom: '01/01/2026' }],
      ['dateTo not a date', { ...q, dateTo: 'yesterday' }],
      ['dateTo empty', { ...q, dateTo: '' }],
      ['month 13', { ...q, dateFrom: '2026-13-01T00:00:00Z' }],
    ];
    for (const [what, body] of await Promise.all(bad.map(async ([what, body]) => [what, await send(h, body)] as const)))
      h.expectStatus(body, '4xx', 'RP-12', what);
    // RP-15: a Z-less date (8 rule 3 reads every date in UTC), numbers written as text or with a
    // fraction, a negative offset: coercing, clamping or refusing is the vendor's choice.
    const open: [string, Record<string, unknown>][] = [
      ['dateFrom without Z', { ...q, dateFrom: q.dateFrom.replace(/Z$/, '') }],
      ['dateTo without Z', { ...q, dateTo: q.dateTo.replace(/Z$/, '') }],
      ['limit "10"', { ...q, limit: '10' }],
      ['limit 2.5', { ...q, limit: 2.5 }],
      ['offset -1', { ...q, offset: -1 }],
    ];
    const seen = await Promise.all(open.map(async ([what, body]) => [what, outcome(await send(h, body))] as const));
    h.observe('reportInputReadings', Object.fromEntries(seen));
  },
);

verifies('requests/RP-21', ['RP-21'], 'Identical report requests sent in parallel agree', async (h) => {
  if (!(await needsTransactions(h, ['RP-21']))) return;
  if (h.ctx.concurrency < 2) {
    h.inconclusive('RP-21', suiteSays('rpConcurrencyOne'));
    return;
  }
  const q = fixtureQuery(h);
  // Below the vendor's own cap (8 rule 2: "the maximum value of limit: not shown").
  const limit = Math.min(50, await walkLimit(h));
  const copies = Math.min(8, h.ctx.concurrency);
  // Fields in another order than every other request of the suites: these copies are meant to
  // meet each other in flight, not the requests of other tests (and are never shared with them).
  const body = (offset: number) => ({ offset, limit, branchList: q.branchList, dateTo: q.dateTo, dateFrom: q.dateFrom });
  const offsets = [0, limit, 2 * limit];
  // Copies sent at once may still straddle another client's write: judged on data that stayed still.
  await onStill(h, ['RP-21'], async (h) => {
    const groups = await h.atOnce(offsets, (offset) =>
      h.parallel(
        Array.from({ length: copies }, () => body(offset)),
        (b) => h.client.report({ body: b }),
      ),
    );
    groups.forEach((answers, i) =>
      h.add(
        h.applied(
          answersAgree(
            {
              checkId: 'report.parallel-agree',
              requirementId: 'RP-21',
              title: 'Identical report requests sent at the same time answered differently',
              expected: 'the same status, totalCount and transactions for every copy',
            },
            `limit ${limit}, offset ${offsets[i]}, ${copies} at once`,
            answers,
          ),
        ),
      ),
    );
  });
});
