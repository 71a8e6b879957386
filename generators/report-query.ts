// 4.3 request body: a valid report query inside the fixture's range and branches.
import fc from 'fast-check';
import type { ReportRequest } from '../contract/schemas/report.ts';
import { dateRange, type DateRange } from './date-range.ts';
import { pageRequest } from './page-request.ts';

export interface ReportQueryConstraints extends DateRange {
  branchList: string;
  maxLimit?: number;
  maxOffset?: number;
}

export function reportQuery(c: ReportQueryConstraints): fc.Arbitrary<ReportRequest> {
  return fc
    .record({
      range: dateRange(c),
      page: pageRequest(c),
      modules: fc.option(fc.subarray(['bom', 'mc'] as ('bom' | 'mc')[], { minLength: 1 }), { nil: undefined }),
    })
    .map(({ range, page, modules }) => ({
      dateFrom: range.dateFrom,
      dateTo: range.dateTo,
      branchList: c.branchList,
      limit: page.limit,
      offset: page.offset,
      ...(modules ? { moduleName: modules } : {}),
    }));
}
