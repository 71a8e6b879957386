// The lead of a certificate that is not CERTIFIED: its failed and unverified MUSTs first, one line
// each, each linked to its findings (a failed one) or its row (one not verified); under the failed
// MUSTs, the failed SHOULDs, on a certified certificate too.
import { describe, expect, it } from 'vitest';
import { certificateHtml } from '../../../../reports/render/html/certificate.ts';
import { failedShoulds, leadHtml, openMusts } from '../../../../reports/render/html/lead.ts';
import { esc } from '../../../../reports/render/html/parts.ts';
import { INCONCLUSIVE_REASON, NOT_RUN_REASON, sampleCertification, withFailedShould } from '../../sample.ts';

describe('the lead of a certificate', () => {
  const cert = sampleCertification();
  const html = certificateHtml(cert);

  it('lists every failed MUST, then every MUST not verified, with a link to where its evidence is', () => {
    const { failed, unverified } = openMusts(cert);
    expect(failed.map((r) => r.id)).toEqual(['OS-4', 'CU-1']);
    expect(unverified.map((r) => [r.id, r.status])).toEqual([
      ['AUTH-1', 'not-run'],
      ['RP-1', 'inconclusive'],
    ]);
    const lead = leadHtml(cert);
    const items = [...lead.matchAll(/<li data-lead="([^"]+)"><a href="#([^"]+)">/g)].map((m) => [m[1], m[2]]);
    expect(items).toEqual([
      ['OS-4', 'req-OS-4'],
      ['CU-1', 'req-CU-1'],
      ['AUTH-1', 'row-AUTH-1'],
      ['RP-1', 'row-RP-1'],
    ]);
    // Each target is in the page: the failure's evidence, the row of one not verified.
    for (const [, anchor] of items) expect(html).toContain(`id="${anchor}"`);
    // One line each: the first finding's title and how many there were; the reason of one not verified.
    const os4 = lead.slice(lead.indexOf('data-lead="OS-4"'), lead.indexOf('</li>', lead.indexOf('data-lead="OS-4"')));
    expect(os4).toContain(esc(cert.requirements.find((r) => r.id === 'OS-4')!.findings[0]!.title));
    expect(os4).toContain('(3 findings)');
    expect(lead).toContain(INCONCLUSIVE_REASON);
    expect(lead).toContain(NOT_RUN_REASON);
    // Not the SHOULDs or the INFOs: the lead is about what decides the verdict.
    expect(lead).not.toContain('data-lead="CU-12"');
  });

  it('comes right after the verdict banner, before its reason (which names the scope), the run facts and the section tables', () => {
    const at = html.indexOf('id="lead"');
    expect(at).toBeGreaterThan(html.indexOf('id="verdict"'));
    expect(at).toBeLessThan(html.indexOf('id="verdict-reason"'));
    expect(at).toBeLessThan(html.indexOf('id="facts"'));
    expect(at).toBeLessThan(html.indexOf('class="spec-section"'));
    expect(html).not.toContain('see the failed requirements below');
  });

  it('is absent from a certified certificate and from one the preflight stopped, and from one with every MUST decided', () => {
    expect(leadHtml({ ...cert, verdict: 'certified' })).toBe(''); // the sample has no failed SHOULD
    expect(leadHtml({ ...cert, verdict: 'preflight-failed' })).toBe('');
    const decided = { ...cert, requirements: cert.requirements.filter((r) => r.level !== 'MUST' || r.status === 'passed' || r.status === 'skipped') };
    expect(leadHtml({ ...decided, verdict: 'selection-passed' })).toBe('');
    // An inconclusive run: only the MUSTs not verified.
    const open = { ...cert, verdict: 'inconclusive' as const, requirements: cert.requirements.filter((r) => r.status !== 'failed') };
    expect(leadHtml(open)).toContain('MUST requirements not verified (2)');
    expect(leadHtml(open)).not.toContain('Failed MUST');
  });

  it('names every failed SHOULD under the failed MUSTs and before the MUSTs not verified, on a certified certificate too', () => {
    const { cert: withShould, id } = withFailedShould(cert);
    expect(failedShoulds(withShould).map((r) => r.id)).toEqual([id]);
    const lead = leadHtml(withShould);
    const order = [...lead.matchAll(/<li data-lead="([^"]+)">/g)].map((m) => m[1]);
    expect(order).toEqual(['OS-4', 'CU-1', id, 'AUTH-1', 'RP-1']);
    expect(lead).toContain('Failed SHOULD requirements (1)');
    expect(lead).toContain(`href="#req-${id}"`);
    expect(lead).toContain(`the answer was slow ${id}`);
    const certified = leadHtml({ ...withShould, verdict: 'certified' });
    expect([...certified.matchAll(/<li data-lead="([^"]+)">/g)].map((m) => m[1])).toEqual([id]);
    expect(certified).not.toContain('Failed MUST');
    // A replay counts its SHOULDs among what it replays (openMusts): not twice.
    expect(failedShoulds({ ...withShould, replay: { file: 'f', test: 't', property: 0, path: '0' } })).toEqual([]);
  });
});
