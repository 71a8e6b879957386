// CU-15's sure case (the text properties of text.test.ts read back what they draw, within a read
// budget): one customer holding long text, an Indian script, an emoji outside the BMP, markup and
// runs of spaces, created and read back once. A target that refuses the long values (its right:
// CU-13) is given the customer without them, and one that refuses that too, without the markup.
import fc from 'fast-check';
import { savedTexts } from '../../generators/saved-texts.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { readBackSkipReason } from './real.ts';
import { textReadBacks } from './text-read-back.ts';

const refused = (s: number | undefined) => s !== undefined && s >= 400 && s < 500 && s !== 429;

verifies(
  'text-read-back/CU-15',
  ['CU-15'],
  'A customer holding 256 to 1,000 characters, Indian script, emoji outside the BMP, markup and runs of spaces reads back as it was sent',
  async (h, t) => {
    const skip = readBackSkipReason(h);
    if (skip) h.skip(skip, t);
    const branchId = h.config.fixtures.branchId;
    const c = customerConstraints(h, { min: 1, max: 1 });
    const [full] = fc.sample(savedTexts(c), { seed: h.ctx.seed + 31, numRuns: 1 });
    let value = full!;
    let created = await h.client.createCustomer({ branchId, body: value.body });
    // A length (then markup) the target does not take, refused: its right. The other kinds of text still count.
    for (const [less, seed] of [
      [{ short: true }, 32],
      [{ plain: true }, 33],
    ] as const) {
      if (!refused(created.response?.status)) break;
      const [fewer] = fc.sample(savedTexts(customerConstraints(h, { min: 1, max: 1 }), less), { seed: h.ctx.seed + seed, numRuns: 1 });
      value = fewer!;
      created = await h.client.createCustomer({ branchId, body: value.body });
    }
    const reads = textReadBacks(h);
    h.add(await reads.after(value.values, value.body, created));
    reads.done();
  },
);
