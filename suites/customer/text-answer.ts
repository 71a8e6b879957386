// The answer to one customer with unusual text (CU-13 records it): sent once; a server error is
// sent again, and only a server error that repeats for the same body is laid on the text (a
// gateway's passing 502 is not the customer's), under ENV-6 (SHOULD): the spec names no answer for
// such text. The finding names every unusual value in full detail.
import { describeText, noServerError } from '../../contract/checks/customer.ts';
import { joined, type CheckResult } from '../../contract/checks/finding.ts';
import type { Customer } from '../../contract/schemas/customer.ts';
import type { Exchange, Finding } from '../../core/types.ts';
import type { HostileCustomer } from '../../generators/hostile-customer.ts';

const serverError = (ex: Exchange) => (ex.response?.status ?? 0) >= 500;

export async function textAnswer(
  send: (body: Customer) => Promise<Exchange>,
  value: HostileCustomer,
  onPassing?: (ex: Exchange) => void,
  readBack?: (ex: Exchange) => Promise<Finding[]>,
): Promise<CheckResult> {
  const what = value.values.map((v) => `${v.field} = ${describeText(v.value)}`).join('; ') || 'no unusual value';
  const first = await send(value.body);
  // CU-15: a customer accepted is read back (within the read budget) and compared with what was sent.
  // The read-back's own evidence is its caller's to record: only its findings join here.
  if (!serverError(first))
    return joined([noServerError(first, { what }), { findings: first.response?.status === 200 && readBack ? await readBack(first) : [], evidence: [] }]);
  const again = await send(value.body);
  if (!serverError(again)) onPassing?.(first);
  return noServerError(again, { what, first });
}
