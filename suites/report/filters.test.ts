// 4.3 filters and 8 rule 3, as metamorphic properties: relations between the totals of
// related queries must hold whatever the data.
import fc from 'fast-check';
import { totalsRelation } from '../../contract/checks/report-relations.ts';
import { itemModules, itemsInRange, pageItems } from '../../contract/checks/report.ts';
import { dateRange, oneDay, shortRange } from '../../generators/date-range.ts';
import { verifies } from '../support/harness.ts';
import { fixtureQuery, page, total, type Query } from './query.ts';

const side = async (h: Parameters<typeof total>[0], label: string, q: Query) => ({ label, exchanges: [(await total(h, q)).ex] });

verifies(['RP-8'], 'The bom and mc module filters return only their module, and together the whole', async (h) => {
  const q = fixtureQuery(h);
  await h.property(dateRange(q), async (range) => {
    const all = { ...q, ...range };
    const bom = await page(h, { ...all, moduleName: ['bom'] }, 50, 0);
    const mc = await page(h, { ...all, moduleName: ['mc'] }, 50, 0);
    const both = await side(h, 'no module filter', all);
    const wrongModule = [bom, mc].flatMap((ex, i) => {
      const want = i === 0 ? 'bom' : 'mc';
      const bad = pageItems(ex).filter((it) => (it as { module?: unknown }).module !== want).length;
      return bad ? h.finding('RP-8', `The ${want} filter returned other modules`, `${bad} item(s) not ${want}`, `only ${want} transactions`, ex) : [];
    });
    return [
      ...wrongModule,
      ...itemModules(bom, undefined),
      ...totalsRelation({ checkId: 'report.module-filter-additive', requirementId: 'RP-8', title: 'bom plus mc is not the whole', expected: 'totalCount(bom) + totalCount(mc) = totalCount(no filter)' },
        [{ label: 'bom', exchanges: [bom] }, { label: 'mc', exchanges: [mc] }, both], ([b, m, a]) => b! + m! === a!),
    ];
  }, { numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 4)) });
});

verifies(['RP-9', 'RP-9b'], 'A report over branches a,b holds the transactions of a plus those of b', async (h, t) => {
  const q = fixtureQuery(h);
  const branches = q.branchList.split(',');
  if (branches.length < 2) h.skip('fixtures.report.branchList names one branch: no pair to compare', t);
  await h.property(fc.tuple(dateRange(q), fc.integer({ min: 1, max: branches.length - 1 })), async ([range, cut]) => {
    const a = branches.slice(0, cut).join(',');
    const b = branches.slice(cut).join(',');
    const sides = [await side(h, `branchList ${a}`, { ...q, ...range, branchList: a }), await side(h, `branchList ${b}`, { ...q, ...range, branchList: b }), await side(h, `branchList ${q.branchList}`, { ...q, ...range })];
    const monotone = totalsRelation({ checkId: 'report.branch-monotone', requirementId: 'RP-9', title: 'More branches gave fewer transactions', expected: 'totalCount(a,b) >= totalCount(a) and >= totalCount(b)' }, sides, ([x, y, xy]) => xy! >= x! && xy! >= y!);
    if (monotone.length) return monotone;
    return totalsRelation({ checkId: 'report.branch-additive', requirementId: 'RP-9b', title: 'Branches a,b is not a plus b', expected: 'totalCount(a,b) = totalCount(a) + totalCount(b)' }, sides, ([x, y, xy]) => xy === x! + y!);
  }, { numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 4)) });
});

verifies(['RP-10'], 'A narrower date range never holds more transactions than the range around it', async (h) => {
  const q = fixtureQuery(h);
  // Inner ranges are often a single day or a few hours: short ranges are where paging and
  // de-duplication bugs hide.
  const nested = dateRange(q).chain((outer) => fc.oneof(dateRange(outer), shortRange(outer)).map((inner) => [outer, inner] as const));
  await h.property(nested, async ([outer, inner]) => {
    const sides = [await side(h, `${outer.dateFrom} .. ${outer.dateTo}`, { ...q, ...outer }), await side(h, `${inner.dateFrom} .. ${inner.dateTo}`, { ...q, ...inner })];
    return totalsRelation({ checkId: 'report.narrower-not-more', requirementId: 'RP-10', title: 'A narrower range holds more transactions', expected: 'totalCount(inner range) <= totalCount(outer range)' }, sides, ([o, i]) => i! <= o!);
  });
});

verifies(['RP-10'], 'Two adjacent date ranges together never hold more transactions than the range they make up', async (h) => {
  const q = fixtureQuery(h);
  // [from, split] and [split + 1 s, to] are disjoint parts of [from, to] (4.3 rule 1).
  const split = dateRange(q).chain((whole) => shortRange(whole).map((part) => ({ whole, split: part.dateTo })))
    .filter(({ whole, split }) => split < whole.dateTo);
  await h.property(split, async ({ whole, split }) => {
    const after = new Date(Date.parse(split) + 1000).toISOString().replace('.000Z', 'Z');
    const sides = [
      await side(h, `${whole.dateFrom} .. ${split}`, { ...q, dateFrom: whole.dateFrom, dateTo: split }),
      await side(h, `${after} .. ${whole.dateTo}`, { ...q, dateFrom: after, dateTo: whole.dateTo }),
      await side(h, `${whole.dateFrom} .. ${whole.dateTo}`, { ...q, ...whole }),
    ];
    return totalsRelation({ checkId: 'report.parts-not-more', requirementId: 'RP-10', title: 'Two adjacent ranges hold more than their union', expected: 'totalCount(first part) + totalCount(second part) <= totalCount(whole range)' }, sides, ([a, b, w]) => a! + b! <= w!);
  }, { numRuns: Math.max(5, Math.floor(h.ctx.numRuns / 2)) });
});

verifies(['RP-11', 'RP-1'], 'A one-day range in UTC returns only transactions of that UTC day', async (h) => {
  const q = fixtureQuery(h);
  await h.property(oneDay(q), async (day) => {
    const ex = await page(h, { ...q, ...day }, 200, 0);
    return itemsInRange(ex, day, { requirementId: 'RP-11' });
  });
});

verifies(['RP-12'], 'A report request missing a required field, or with dates that are not ISO 8601 UTC, is rejected with a 4xx', async (h) => {
  const q = { ...fixtureQuery(h), limit: 10, offset: 0 };
  const bad: [string, unknown][] = [
    ['dateFrom missing', { ...q, dateFrom: undefined }],
    ['dateTo missing', { ...q, dateTo: undefined }],
    ['branchList missing', { ...q, branchList: undefined }],
    ['limit missing', { ...q, limit: undefined }],
    ['offset missing', { ...q, offset: undefined }],
    ['dateFrom without Z', { ...q, dateFrom: q.dateFrom.replace('Z', '') }],
    ['dateFrom dd/mm/yyyy', { ...q, dateFrom: '01/01/2026' }],
    ['dateTo not a date', { ...q, dateTo: 'yesterday' }],
    ['month 13', { ...q, dateFrom: '2026-13-01T00:00:00Z' }],
    ['limit a string', { ...q, limit: '10' }],
    ['offset negative', { ...q, offset: -1 }],
  ];
  for (const [what, body] of bad) h.expectStatus(await h.client.report({ body }), '4xx', 'RP-12', what);
});

verifies(['RP-14'], 'Whether the id filters take comma-separated ids is recorded', async (h) => {
  const q = fixtureQuery(h);
  const observed: Record<string, unknown> = {};
  for (const [field, value] of [['productIds', ''], ['productIds', '1'], ['productIds', '1,2'], ['productIds', '1, 2'], ['categoryIds', '1,2'], ['recipeIds', '1,2']] as const) {
    const ex = await page(h, { ...q, [field]: value } as Query, 1, 0);
    observed[`${field}=${JSON.stringify(value)}`] = { status: ex.response?.status ?? ex.failure?.kind, totalCount: (ex.json as { response?: { totalCount?: unknown } } | undefined)?.response?.totalCount };
  }
  h.observe('idFilterFormats', observed);
});
