// 2.3, 2.4, 4.2 (CU-13): a customer valid under 2.3/2.4 whatever the text of its free-text fields
// (names, company, address lines, remark, place names; the amounts at their edges) is answered
// 200 or a 4xx, never a 5xx. Most requests change one field at a time (a refusal of one value
// cannot hide a server error of another); a few make every field unusual at once. A failure
// shrinks to the field and the value that cause it.
import type { Exchange } from '../../contract/types.ts';
import { hostileCustomer, oneHostileField } from '../../generators/hostile-customer.ts';
import { verifies, type Harness } from '../support/harness.ts';
import { customerConstraints } from './constraints.ts';
import { textAnswer } from './text-answer.ts';

const NO_WRITES = 'writes: false forbids creating customers';

function sender(h: Harness) {
  const passing: Exchange[] = [];
  const send = (body: unknown) => h.client.createCustomer({ branchId: h.config.fixtures.branchId, body });
  const done = () => {
    if (passing.length)
      h.observe(
        'serverErrorsNotRepeated',
        passing.map((ex) => `#${ex.seq} HTTP ${ex.response?.status}`),
      );
  };
  return { send, onPassing: (ex: Exchange) => void passing.push(ex), done };
}

verifies(
  ['CU-13'],
  'A valid customer with one field in an Indian script, with combining marks, emoji, right-to-left text, 255 to 10,000 characters, spaces around it or numeric-looking text is answered 200 or a 4xx',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    const s = sender(h);
    await h.property(oneHostileField(customerConstraints(h)), (v) => textAnswer(s.send, v, s.onPassing));
    s.done();
  },
);

verifies(
  ['CU-13'],
  'A valid customer whose every free-text field is unusual at once, or 255 to 10,000 characters long, is answered 200 or a 4xx',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    const s = sender(h);
    await h.property(hostileCustomer(customerConstraints(h)), (v) => textAnswer(s.send, v, s.onPassing), {
      numRuns: Math.max(5, Math.ceil(h.ctx.numRuns / 5)),
    });
    s.done();
  },
);
