// 4.2 contactSave as an upsert, model-based (CU-14): sequences of saves on one contact (create;
// add an address; update one in place by its addressId; drop one through deletedAddressIds;
// change the default), each read back (config readBack) and compared with the model. A failing
// sequence shrinks, replays from its seed and path, and is shown as its curl lines.
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { harnessReal, readBackSkipReason } from './real.ts';
import { runSequence, upsertSequence } from './upsert-commands.ts';

verifies(
  'upsert/CU-14',
  ['CU-14'],
  'Saving a contact again updates addresses in place, adds, drops and changes the default as the model says, or is refused with 400 and changes nothing',
  async (h, t) => {
    const skip = readBackSkipReason(h);
    if (skip) h.skip(skip, t);
    let saves = 0;
    let refused = 0;
    // Each run is 2 requests per save (the save and its read-back): a few runs of up to 6 saves.
    // A run saves its own new contact, so runs go side by side (run.concurrency); the saves of one
    // run keep their order.
    await h.property(
      upsertSequence(customerConstraints(h)),
      async (run) => {
        const real = harnessReal(h);
        const findings = await runSequence(real, [run.create, ...run.commands], (reason) => h.inconclusive('CU-14', reason));
        saves += real.steps.length;
        refused += real.refused;
        return findings;
      },
      { numRuns: Math.max(3, Math.ceil(h.ctx.numRuns / 10)) },
    );
    h.observe('upsertSaves', { saves, refusedWith400: refused });
  },
  { sequential: true },
);
