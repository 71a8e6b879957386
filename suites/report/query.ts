// Report requests of the suites: the fixture's branches and range, one page or every page.
import type { Exchange } from '../../contract/types.ts';
import { pageItems, pageTotal } from '../../contract/checks/report.ts';
import type { Harness } from '../support/harness.ts';

export interface Query {
  dateFrom: string;
  dateTo: string;
  branchList: string;
  moduleName?: string[];
}

export function fixtureQuery(h: Harness): Query {
  const r = h.config.fixtures.report;
  return { dateFrom: r.dateFrom, dateTo: r.dateTo, branchList: r.branchList };
}

export function page(h: Harness, q: Query, limit: number, offset: number): Promise<Exchange> {
  return h.client.report({ body: { ...q, limit, offset } });
}

/** The totalCount of a query (one request, limit 1). */
export async function total(h: Harness, q: Query): Promise<{ ex: Exchange; total: number | undefined }> {
  const ex = await page(h, q, 1, 0);
  return { ex, total: pageTotal(ex) };
}

/** Pages a query from offset 0, advancing by what the server returned (it may cap limit). */
export async function allPages(h: Harness, q: Query, limit: number, maxPages: number): Promise<{ pages: Exchange[]; complete: boolean }> {
  const pages: Exchange[] = [];
  let offset = 0;
  while (pages.length < maxPages) {
    const ex = await page(h, q, limit, offset);
    pages.push(ex);
    const n = pageItems(ex).length;
    const t = pageTotal(ex);
    if (n === 0 || t === undefined) return { pages, complete: t !== undefined && offset >= t };
    offset += n;
    if (offset >= t) return { pages, complete: true };
  }
  return { pages, complete: false };
}
