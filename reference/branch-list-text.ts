// A branchList that is no list of ids (4.3 "branchList | string | yes | comma-separated branch
// ids"), as a vendor that builds its SQL from the text reads it:
//  - rp-branchlist-injection: "5 OR 5=5" lands in `WHERE branch_id IN (5 OR 5=5)` and selects
//    every branch's transactions (RP-26);
//  - rp-branchlist-500: any other character than digits, commas and spaces is an SQL syntax
//    error, answered 500 (ENV-6).
// Without either, such text never reaches here: the request schema refuses it (400). With one
// of them on, the schema takes any text (routes/report.ts reportSchema).
import type { FaultName } from './faults.ts';
import { HttpError } from './respond.ts';

const ID_LIST = /^[\d\s,]*$/;

/** The branches `text` selects: `listed` (its parts as numbers), or every branch under a fault. */
export function branchesOfText(faults: ReadonlySet<FaultName>, text: string, listed: number[], every: readonly number[]): number[] {
  if (ID_LIST.test(text)) return listed;
  if (faults.has('rp-branchlist-injection') && /\bOR\b/i.test(text)) return [...every];
  if (faults.has('rp-branchlist-500')) throw new HttpError(500, `You have an error in your SQL syntax; check the manual near '${text.slice(0, 40)}'`);
  return listed;
}
