// 4.2 "query | branch_id | integer | yes | branch in which the customer is created": a body that
// also carries a `branchId` (no field of 2.3) of another valid branch must not move the customer
// there. A refusal (4xx) or a save in the branch the query named, read back there, is right; only
// a customer that is not in the named branch and reads back, as it was sent, in the body's branch
// fails (lenient: a contactId per branch could name another customer there). One creation, two
// reads at most.
import fc from 'fast-check';
import { readBackFound } from '../../config/answer-shape.ts';
import { anyContactId, readBackMatches } from '../../contract/checks/customer.ts';
import type { Customer } from '../../contract/schemas/customer.ts';
import { customer } from '../../generators/customer.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { registerCreated } from './contact-ids.ts';
import { withContactSequence } from './contact-sequence.ts';
import { readBackSkipReason } from './real.ts';
import { suiteSays } from '../../core/words/suites.ts';

verifies('body-branch/CU-18', ['CU-18'], 'A customer lands in the branch the query names, whatever branchId its body carries', async (h, t) => {
  const skip = readBackSkipReason(h);
  if (skip) h.skip(skip, t);
  const { branchId, otherBranchId } = h.config.fixtures;
  const [sent] = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 3018, numRuns: 1 });
  const body = { ...sent!, branchId: otherBranchId } as Customer;
  const created = await h.client.createCustomer({ branchId, body });
  const status = created.response?.status;
  if (status !== undefined && status >= 400 && status < 500) return void h.note('CU-18'); // refused: nothing moved
  const contactId = anyContactId(created);
  if (status !== 200 || contactId === undefined) return h.inconclusive('CU-18', suiteSays('cuBodyBranchNotCreated', { status: status ?? 'no answer' }));
  registerCreated(h, contactId);
  const template = h.config.readBack!.getContactById!;
  const here = await h.client.readContact({ template, contactId, branchId });
  // Found: 200 and not the read-backs' refusal shape (readBack.refusal: 200 with status false is "not found").
  const found = (ex: typeof here) => readBackFound(h.config.readBack, ex.response?.status, ex.json);
  if (found(here)) return void h.note('CU-18');
  const there = await h.client.readContact({ template, contactId, branchId: otherBranchId });
  if (!found(there) || readBackMatches(there, sent!).findings.length > 0)
    return h.inconclusive(
      'CU-18',
      suiteSays('cuBodyBranchUnread', { contactId: String(contactId), branchId, status: here.response?.status ?? 'no answer', otherBranchId }),
    );
  h.note('CU-18');
  // Its curl lines: the creation ($CONTACT_ID), the read in the query's branch, then in the body's.
  const defect = h.finding(
    'CU-18',
    "A customer was created in the body's branchId, not in the branch the query named",
    `query branch_id ${branchId}, body branchId ${otherBranchId}: contactId ${String(contactId)} not found in branch ${branchId} (HTTP ${here.response?.status}), found as sent in branch ${otherBranchId}`,
    `the customer in branch ${branchId} (4.2: "branch in which the customer is created"), or a 4xx`,
    there,
  );
  h.add(withContactSequence(defect, created, [here, there]));
});
