// 2.3, 2.4, 4.2 (CU-13): what a customer valid under 2.3/2.4 is answered whatever the text of its
// free-text fields (names, company, address lines, remark, place names; the amounts at their edges)
// is recorded; a 5xx that repeats for the same body is ENV-6 (SHOULD), the spec naming no answer
// for such text. Most requests change one field at a time (a refusal of one value cannot hide a
// server error of another); a few make every field unusual at once. A server error shrinks to the
// field and the value that cause it. With readBack.getContactById, the customers accepted are read
// back (CU-15: read-back = sent; suites/customer/text-read-back.ts says which).
import type { Exchange } from '../../core/types.ts';
import { hostileCustomer, hostileCustomerExamples, oneHostileField, oneHostileFieldExamples, type HostileCustomer } from '../../generators/hostile-customer.ts';
import type { Harness } from '../../runtime/harness.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { textAnswer } from './text-answer.ts';
import { textReadBacks } from './text-read-back.ts';
import { suiteSays } from '../../core/words/suites.ts';

const NO_WRITES = suiteSays('cuNoWrites');

function sender(h: Harness) {
  const passing: Exchange[] = [];
  const answers: Record<string, number> = {};
  const send = async (body: unknown) => {
    const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body });
    const said = String(ex.response?.status ?? ex.failure?.kind ?? 'not sent');
    answers[said] = (answers[said] ?? 0) + 1;
    return ex;
  };
  const reads = textReadBacks(h);
  const answer = async (v: HostileCustomer) =>
    h.applied(
      await textAnswer(
        send,
        v,
        (ex) => void passing.push(ex),
        (ex) => reads.after(v.values, v.body, ex),
      ),
    );
  const done = () => {
    reads.done();
    h.observe('customerTextAnswers', answers);
    if (passing.length)
      h.observe(
        'serverErrorsNotRepeated',
        passing.map((ex) => `#${ex.seq} HTTP ${ex.response?.status}`),
      );
  };
  return { answer, done };
}

verifies(
  'text/CU-13+CU-15/one-field',
  ['CU-13', 'CU-15'],
  'What a valid customer with one field in an Indian script, with combining marks, emoji, right-to-left text, 255 to 10,000 characters, spaces around it or numeric-looking text is answered is recorded, and an accepted one reads back as sent',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    const s = sender(h);
    const c = customerConstraints(h);
    await h.property(oneHostileField(c), s.answer, { examples: oneHostileFieldExamples(c) });
    s.done();
  },
);

verifies(
  'text/CU-13+CU-15/every-field',
  ['CU-13', 'CU-15'],
  'What a valid customer whose every free-text field is unusual at once, or 255 to 10,000 characters long, is answered is recorded, and an accepted one reads back as sent',
  async (h, t) => {
    if (h.config.writes === false) h.skip(NO_WRITES, t);
    const s = sender(h);
    const c = customerConstraints(h);
    await h.property(hostileCustomer(c), s.answer, {
      numRuns: Math.max(5, Math.ceil(h.ctx.numRuns / 5)),
      examples: hostileCustomerExamples(c),
    });
    s.done();
  },
);
