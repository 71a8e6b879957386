// 4.2, 10.5 (CU-2): customers created at the same time each get their own contactId ("contactId
// (integer, id of the created contact)"): an id taken from a counter read before the insert is
// handed out twice when creations overlap.
import fc from 'fast-check';
import { anyContactId } from '../../contract/checks/customer.ts';
import { metAnother } from '../../contract/checks/in-flight.ts';
import { customer } from '../../generators/customer.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { registerCreated, repeatedIds, seqs } from './contact-ids.ts';
import { suiteSays } from '../../core/words/suites.ts';

const PARALLEL_CREATIONS = 16;

verifies('parallel/CU-2', ['CU-2'], `${PARALLEL_CREATIONS} customers created at once each get a distinct contactId`, async (h, t) => {
  if (h.config.writes === false) h.skip(suiteSays('cuNoWrites'), t);
  const bodies = fc.sample(customer({ ...customerConstraints(h, { min: 1, max: 1 }), empties: false }), { seed: h.ctx.seed + 16, numRuns: PARALLEL_CREATIONS });
  const branchId = h.config.fixtures.branchId;
  const exchanges = await h.atOnce(bodies, (body) => h.client.createCustomer({ branchId, body }));
  const created = exchanges.flatMap((ex, index) => {
    const id = anyContactId(ex);
    return id === undefined ? [] : [{ id, index }];
  });
  for (const c of created) registerCreated(h, c.id);
  if (created.length < 2) {
    h.inconclusive('CU-2', suiteSays('cuFewParallelCreated', { created: created.length, asked: PARALLEL_CREATIONS }));
    return;
  }
  // Only creations that met another in flight are evidence of creations at once.
  const met = new Set(metAnother(exchanges));
  const together = created.filter((c) => met.has(c.index)).length;
  if (together < 2) h.inconclusive('CU-2', suiteSays('cuNotTogether', { created: created.length }));
  else h.note('CU-2', together);
  for (const r of repeatedIds(created)) {
    h.fail(
      'CU-2',
      `${r.indices.length} creations sent at once got the same contactId`,
      `contactId ${r.id} for the creations sent as requests ${seqs(exchanges, r.indices)}`,
      'a distinct contactId for each creation',
      exchanges[r.indices[1]!],
    );
  }
});
