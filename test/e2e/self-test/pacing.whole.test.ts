// The run sized for real targets: requests in flight at once give the same certificate as one at
// a time for the same seed, and a target that limits every route is paced: the run ends with no
// functional check failed because of 429s.
import { limitPerOperation } from '../../../reports/limits.ts';
import { describe, expect, it } from 'vitest';
import type { Certification } from '../../../reports/model.ts';
import { defaultProfile } from '../../../reference/profiles/index.ts';
import { runAgainstReference } from './run-reference.ts';
import { WHOLE_FILE, itWhole } from '../../tiers.ts';
import { findingText } from '../../../reports/render/finding.ts';

/** Ids the server hands out depend on the order requests arrive in, not on the run. */
const serverIds = (text: string | undefined) => text?.replace(/(contactId|addressId)(\\*"?:\s*)\d+/g, '$1$2N');

/**
 * What must not depend on timing: each requirement's verdict and findings. (How many exchanges
 * were evidence, and how many requests were sent, may: runs started while an earlier one was
 * failing, and a request two tests need at once, are sent twice when in flight together.)
 */
function essence(c: Certification) {
  // Requirements about requests in flight together cannot be observed one at a time (inconclusive then).
  const PARALLEL = new Set(['RP-21', 'OS-7', 'OS-9', 'CU-2']);
  return c.requirements
    .filter((r) => !PARALLEL.has(r.id))
    .map((r) => ({
      id: r.id,
      status: r.status,
      findingCount: r.findingCount,
      findings: r.findings.map((f) => ({
        checkId: f.checkId,
        title: f.title,
        message: serverIds(findingText(f)),
        replay: f.replay,
        body: serverIds(f.exchange?.request.body),
        path: f.exchange?.request.url.replace(/^http:\/\/[^/]+/, ''),
      })),
    }));
}

describe('concurrency and pacing', WHOLE_FILE, () => {
  // Faults that change nothing on the requests they wrongly accept: a target that moves a voucher
  // on a request it must refuse (os-case-insensitive) makes the next answers about that voucher
  // depend on which requests were in flight before, so its shrunk counterexample may differ
  // (its failed requirements do not).
  // CI only (test/tiers.ts): two runs, one of them with a single request in flight.
  itWhole(
    'gives the same certificate for the same seed with 8 requests in flight and with 1',
    async () => {
      const run = (concurrency: number) =>
        runAgainstReference({
          faults: ['os-reason-unchecked', 'rp-offset-overlap', 'cu-isdefault-unchecked'],
          only: ['OS', 'RP', 'CU'],
          numRuns: 8,
          seed: 11,
          nonce: 'a11ce5ed',
          preflight: false,
          patch: (c) => ({ ...c, run: { ...c.run, concurrency } }),
        });
      const concurrent = await run(8);
      const sequential = await run(1);
      expect(concurrent.certification.verdict).toBe('not-certified');
      expect(
        essence(concurrent.certification)
          .filter((r) => r.status === 'failed')
          .map((r) => r.id)
          .sort(),
      ).toEqual(['CU-5', 'OS-2c', 'OS-2d', 'RP-2']);
      expect(essence(concurrent.certification)).toEqual(essence(sequential.certification));
    },
    240_000,
  );

  it('paces a run under a limit on every route: no check fails because of 429s', async () => {
    const everyRoute = { ...defaultProfile, rateLimit: { ...defaultProfile.rateLimit, everyRoute: true } };
    const r = await runAgainstReference({
      reference: { profile: everyRoute, rateLimit: { limit: 150, windowSeconds: 1, algorithm: 'sliding', scope: 'global' } },
      only: ['OS', 'AUTH', 'ENV'],
      numRuns: 5,
      seed: 5,
    });
    const c = r.certification;
    expect(c.requirements.filter((x) => x.status === 'failed').map((x) => x.id)).toEqual([]);
    expect(c.verdict).toBe('selection-passed');
    expect(c.pacing).toMatch(/RateLimit-Policy: 150 per 1 s/);
    // The limit it paced by is a figure of the certificate, as compare, the history and the trend read it:
    // announced to the preflight on every route, and learnt again by the run on the operations it sent.
    const per = limitPerOperation(c.limits);
    expect(per['*'], JSON.stringify(c.limits)).toMatchObject({ limit: 150, windowSeconds: 1, source: 'announced', when: 'before sending' });
    expect(per['report'], JSON.stringify(c.limits)).toMatchObject({ limit: 150, windowSeconds: 1, source: 'announced', when: 'this run' });
    // Paced under the quota: 429s stay rare.
    expect(c.figures.waitedOut).toBeLessThanOrEqual(Math.ceil(c.requests * 0.05));
  }, 120_000);
});
