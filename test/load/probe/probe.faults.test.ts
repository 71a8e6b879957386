// The probe against the reference's rate-limit faults (20 per 2 s; 20 per 4 s for the Retry-After lie): each shows up in the result
// and as a finding of the requirement it breaks, with its evidence.
import { describe, expect, it } from 'vitest';
import { probeFindings } from '../../../load/checks.ts';
import { probeRateLimit } from '../../../load/probe/probe.ts';
import type { Algorithm } from '../../../reference/limiter.ts';
import { holdsToken, limitedReference, type Limited } from '../../support/reference.ts';
import { findingCurl } from '../../../reports/render/finding.ts';
import { closeAfterEach } from '../../support/close-after-each.ts';

let target: Limited | undefined;
closeAfterEach(() => [target?.server]);

async function probe(fault: 'rl-retry-after-lies' | 'rl-429-status-true' | 'rl-503', algorithm: Algorithm = 'fixed', windowSeconds = 2) {
  target = await limitedReference({ algorithm, windowSeconds }, [fault]);
  return probeRateLimit({ config: target.config, operation: 'report', maxRequests: 500, maxSeconds: 30 });
}

describe('the rate-limit probe against a faulty limiter', () => {
  it('judges a Retry-After of a third of the real wait untruthful and files it under RL-3 with the 429 as evidence, tokens redacted', async () => {
    // Retry-After is whole seconds, at least 1: a third of the real wait is a lie only while the
    // real wait is over a second. In a 2 s window a burst slowed by a busy machine can leave less
    // (the lie then holds); in a 4 s window a burst may take up to 3 s and the lie still shows.
    const r = await probe('rl-retry-after-lies', 'fixed', 4);
    expect(r.retryAfter.present).toBe(true);
    expect(r.retryAfter.truthful).toBe(false);
    const lies = r.retryAfter.checks.filter((c) => !c.held);
    expect(lies.length).toBeGreaterThan(0);
    expect(lies[0]!.refusedTest?.response?.status).toBe(429);
    const findings = probeFindings(r).findings;
    expect(findings.map((f) => f.requirementId)).toContain('RL-3');
    const rl3 = findings.find((f) => f.requirementId === 'RL-3')!;
    expect(rl3.exchange?.response?.status).toBe(429);
    expect(findingCurl(rl3)).toMatch(/^curl .*"api-token: \$ERP_API_TOKEN"/);
    // The limit itself is still measured: only the Retry-After lies.
    expect(r).toMatchObject({ limited: true, limit: 20, algorithm: 'fixed-window', envelopeOn429: true });
    // The evidence names the token, never holds it.
    expect(rl3.exchange!.request.headers['api-token']).toBe('***');
    expect(holdsToken(JSON.stringify(r)) || holdsToken(JSON.stringify(findings))).toBe(false);
  });

  it('sees 429 envelopes that say status true and files them under RL-2', async () => {
    // The envelope does not depend on the algorithm: the token bucket is the quickest to probe.
    const r = await probe('rl-429-status-true', 'token-bucket');
    expect(r).toMatchObject({ limited: true, envelopeOn429: false, retryAfter: { truthful: true } });
    const findings = probeFindings(r).findings;
    expect(new Set(findings.map((f) => f.requirementId))).toEqual(new Set(['RL-2']));
    expect(findings[0]!.title).toBe('A 429 envelope says status true');
    expect(JSON.parse(findings[0]!.exchange!.response!.body)).toMatchObject({ status: true, code: '429' });
  });

  it('stops at the burst of 503 answers that replace the 429 and files them under RL-1 and RL-5', async () => {
    const r = await probe('rl-503');
    expect(r).toMatchObject({ limited: false, stoppedBy: '5xx-burst', limit: null, algorithm: 'unknown' });
    expect(r.fiveXx).toBe(3);
    expect(r.statusCounts).toEqual({ 200: 20, 503: 3 });
    expect(r.requestsSent).toBe(23);
    const ids = new Set(probeFindings(r).findings.map((f) => f.requirementId));
    expect(ids).toEqual(new Set(['RL-1', 'RL-5']));
  });
});
