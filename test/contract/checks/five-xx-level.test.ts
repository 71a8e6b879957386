// A 5xx fails a MUST only where the spec names the answer for that request (the order status
// update's validation error: 400, 4.1 rule 2). Everywhere else it is ENV-6 (SHOULD) and only
// ENV-6, whatever was sent: a 500 to a long id filter, to a customer with long text, to a
// malformed index parameter, through the checks a run applies to each (the harness's envelope
// checks on every exchange of section 4, the customer text answer, the index's malformed test).
import { describe, expect, it } from 'vitest';
import { envelopeChecks, notServerError } from '../../../contract/checks/envelope.ts';
import { statusIs } from '../../../contract/checks/status.ts';
import type { CheckResult } from '../../../contract/checks/finding.ts';
import { requirement } from '../../../contract/requirements.ts';
import type { Exchange } from '../../../core/types.ts';
import { OVERLONG_DIGITS } from '../../../generators/filter-text.ts';
import { hostileCustomerExamples } from '../../../generators/hostile-customer.ts';
import { textAnswer } from '../../../suites/customer/text-answer.ts';
import { exchange } from '../report-exchanges.ts';

const SERVER_ERROR = { status: false, message: 'Internal Server Error', code: '500', response: null };

/** The requirement ids of the findings, and of those the MUSTs. */
function levels(results: CheckResult[]): { ids: string[]; musts: string[] } {
  const ids = results.flatMap((r) => r.findings.map((f) => f.requirementId));
  return { ids: [...new Set(ids)].sort(), musts: ids.filter((id) => requirement(id).level === 'MUST') };
}

/** What the harness applies to every exchange of the three operations of section 4. */
const harness = (ex: Exchange): CheckResult[] => envelopeChecks.map((check) => check(ex, undefined));

describe('a 5xx the spec names no answer for', () => {
  it.each([
    ['a number past what Python reads', OVERLONG_DIGITS],
    ['10,000 zeros', '0'.repeat(10_000)],
    ['a number past 2^63-1', '9223372036854775808'],
    ['a short id', '1'],
  ])('to a report id filter (%s) is ENV-6 and no MUST', (_, ids) => {
    const ex = exchange(500, SERVER_ERROR, {
      request: { method: 'POST', url: 'http://x/api/v1/report/consumption-production-report', headers: {}, body: JSON.stringify({ brandIds: ids }) },
    });
    expect(levels(harness(ex))).toEqual({ ids: ['ENV-6'], musts: [] });
  });

  it('to a customer with long text, repeated for the same body, is ENV-6 and no MUST', async () => {
    const c = { countriesCode: 'IN', cities: { MUM: '27' }, contactTypes: ['Wholesale'], dateFormat: 'YYYY-MM-DD' as const };
    const value = hostileCustomerExamples(c)[0]!;
    const sent: Exchange[] = [];
    const send = async () => {
      const ex = { ...exchange(500, SERVER_ERROR), operation: 'customer-create' as const };
      sent.push(ex);
      return ex;
    };
    const answer = await textAnswer(send, value);
    expect(sent).toHaveLength(2); // sent again to confirm
    expect(levels([answer, ...sent.flatMap(harness)])).toEqual({ ids: ['ENV-6'], musts: [] });
    expect(answer.findings[0]!.checkId).toBe('customer.text-no-5xx');
  });

  it("to a malformed index parameter is ENV-6 and no MUST (the index's test files it so)", () => {
    const ex = { ...exchange(500, 'Internal Server Error'), operation: 'index' as const };
    expect(levels([notServerError(ex, undefined)])).toEqual({ ids: ['ENV-6'], musts: [] });
  });

  it('is answered by no requirement but ENV-6: RP-16, CU-13 and IX-5 record the answers (INFO)', () => {
    for (const id of ['RP-16', 'CU-13', 'IX-5']) expect(requirement(id).level, id).toBe('INFO');
  });
});

describe('a 5xx where the spec names the answer', () => {
  it('to an order status update with an invalid orderStatus fails the MUST (4.1 rule 2: 400), and ENV-6', () => {
    const ex = { ...exchange(500, SERVER_ERROR), operation: 'order-status' as const };
    const rule = statusIs(ex, { oracle: 400, because: 'orderStatus "Shipped!" is not one of the six' }, { requirementId: 'OS-2' });
    expect(levels([rule, ...harness(ex)])).toEqual({ ids: ['ENV-6', 'OS-2'], musts: ['OS-2'] });
  });
});
