// 2.3, 2.4 (CU-12, INFO): how strictly the target validates what the spec leaves open: gstType
// outside the values seen ("values seen: UnRegistered, Registered" is no closed list), GSTIN shape
// and check character, PAN case, pin code length, date format, openingType. Each variant of one
// valid customer is sent once; accepted or refused is recorded, never failed.
import fc from 'fast-check';
import { strictnessProbes } from '../../generators/strictness-probes.ts';
import { verifies } from '../../runtime/verifies.ts';
import { customerConstraints } from './constraints.ts';
import { suiteSays } from '../../core/words/suites.ts';

function answerOf(status: number | undefined): string {
  if (status === undefined) return 'no answer';
  if (status >= 200 && status < 300) return `accepted (HTTP ${status})`;
  if (status >= 400 && status < 500) return `refused (HTTP ${status})`;
  return `HTTP ${status}`;
}

verifies('strictness/CU-12', ['CU-12'], 'How strictly master data and optional formats are validated is recorded', async (h, t) => {
  if (h.config.writes === false) h.skip(suiteSays('cuNoWrites'), t);
  const [probes] = fc.sample(strictnessProbes(customerConstraints(h)), { seed: h.ctx.seed + 12, numRuns: 1 });
  const answers: Record<string, string> = {};
  await h.parallel(probes!, async (p) => {
    const ex = await h.client.createCustomer({ branchId: h.config.fixtures.branchId, body: p.body });
    if (ex.notSent || ex.response?.status === 429) return; // no answer about the value (the harness records why)
    answers[p.variant] = answerOf(ex.response?.status);
  });
  const ordered = Object.fromEntries(probes!.filter((p) => p.variant in answers).map((p) => [p.variant, answers[p.variant]!]));
  if (Object.keys(ordered).length > 0) h.observe('validationStrictness', ordered);
});
