// 4.3 filters whose rule holds a filtered report to what it must hold: a module filter returns only
// its module (RP-8); an id filter sent as "" is no filter (RP-22); a moduleName outside bom/mc
// never widens the report (RP-24); a branchList that is no list of ids answers no transaction
// beyond those of the branch it names (RP-26). Findings only: the suite notes what it judged and tells
// missing answers apart.
import type { Exchange, Finding } from '../../core/types.ts';
import { describeResponse, toFinding } from './finding.ts';
import { pageItems, pageTotal } from './report.ts';

/** A report answered 200 with an integer totalCount. */
export const usablePage = (ex: Exchange) => ex.response?.status === 200 && pageTotal(ex) !== undefined;

/** RP-8: the pages of the `want` module filter hold only `want` transactions. */
export function moduleFilterStrays(want: string, pages: Exchange[]): Finding[] {
  const stray = (it: unknown) => (it as { module?: unknown }).module !== want;
  const bad = pages.filter((ex) => pageItems(ex).some(stray));
  const n = bad.reduce((sum, ex) => sum + pageItems(ex).filter(stray).length, 0);
  if (!n) return [];
  return [
    toFinding(
      'suite.assertion',
      'RP-8',
      { title: `The ${want} filter returned other modules`, received: `${n} item(s) not ${want}`, expected: `only ${want} transactions` },
      bad[0],
    ),
  ];
}

/** RP-22: the report with `key` "" (`ex`) counts `whole`, the count of the same query without it. */
export function emptyFilterIsNoFilter(key: string, ex: Exchange, whole: number): Finding[] {
  const t = pageTotal(ex);
  if (ex.response?.status === 200 && t === whole) return [];
  return [
    toFinding(
      'suite.assertion',
      'RP-22',
      {
        title: `${key} "" was not taken as no filter`,
        received: ex.response?.status === 200 ? `totalCount ${t} (without ${key}: ${whole})` : describeResponse(ex),
        expected: `HTTP 200 with totalCount ${whole}, as without ${key} (4.3: "an empty string meaning no filter")`,
      },
      ex,
    ),
  ];
}

/** RP-24: moduleName ["xyz"] (`unknown`) is refused or reports no transaction. */
export function unknownModuleReported(unknown: Exchange): Finding[] {
  if (!usablePage(unknown) || pageTotal(unknown)! <= 0) return [];
  return [
    toFinding(
      'suite.assertion',
      'RP-24',
      {
        title: 'moduleName ["xyz"] reported transactions',
        received: `totalCount ${pageTotal(unknown)}`,
        expected: 'a 4xx, or no transaction (no module is called xyz)',
      },
      unknown,
    ),
  ];
}

/**
 * RP-26: the report with branchList `text` (`ex`, answered 200) holds no more transactions than
 * `own`, those of branch `named` alone (none when it is the fixtures' empty branch: `empty`).
 */
export function branchTextLeaked(o: { text: string; named: string; own: number; empty: boolean }, ex: Exchange): Finding[] {
  const got = pageTotal(ex) ?? pageItems(ex).length;
  if (got <= o.own) return [];
  return [
    toFinding(
      'suite.assertion',
      'RP-26',
      {
        title: 'A branchList that is no list of ids answered the transactions of other branches',
        received: `branchList ${JSON.stringify(o.text)}: HTTP 200 with ${got} transaction(s)`,
        expected: `a 4xx, or at most the ${o.own} transaction(s) of branch ${o.named}${o.empty ? ' (fixtures.report.emptyBranchId: none in the range)' : ''}`,
      },
      ex,
    ),
  ];
}
