// Status-code oracles shared by every rule that names an HTTP status.
import type { Exchange } from '../../core/types.ts';
import { defineCheck, describeResponse, type Fact } from './finding.ts';

/** What an oracle accepts: exact codes, or any status of a class. */
export type StatusOracle = number | number[] | '2xx' | '4xx';

export function statusMatches(status: number, oracle: StatusOracle): boolean {
  if (oracle === '2xx') return status >= 200 && status < 300;
  if (oracle === '4xx') return status >= 400 && status < 500;
  return (Array.isArray(oracle) ? oracle : [oracle]).includes(status);
}

function describeOracle(oracle: StatusOracle): string {
  if (typeof oracle === 'string') return `HTTP ${oracle}`;
  return `HTTP ${(Array.isArray(oracle) ? oracle : [oracle]).join(' or ')}`;
}

export interface StatusParams {
  oracle: StatusOracle;
  /** Why this status is expected, quoted from the spec or the rule: "Delivered on an unpaid voucher". */
  because: string;
}

/** The answer's status is what the rule says (file it under the rule's requirement id). */
export const statusIs = defineCheck('status.is', 'ENV-6', (ex: Exchange, p: StatusParams): Fact[] => {
  const s = ex.response?.status;
  if (s !== undefined && statusMatches(s, p.oracle)) return [];
  return [
    {
      title: `${p.because}: ${s === undefined ? 'no response' : `answered ${s}`}`,
      received: describeResponse(ex),
      expected: `${describeOracle(p.oracle)} (${p.because})`,
    },
  ];
});
