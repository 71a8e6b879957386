// compare on hand-made certificates: a fault switched on between two nights is named newly failed
// and nothing else; the same defect met with other random values is a known finding (its
// fingerprint), another input shape a new one; each change of status goes in its one list; a
// baseline of another kit version, target, config or selection is said; the gate exits 0 on known
// failures only under --fail-on new.
import { describe, expect, it } from 'vitest';
import type { Exchange, Finding } from '../../../core/types.ts';
import { certify } from '../../../reports/certify.ts';
import { changeKind, compare } from '../../../reports/compare/compare.ts';
import { baselineLines, gatedExitCode, sinceBaseline } from '../../../reports/compare/baseline.ts';
import type { Certification } from '../../../reports/model.ts';
import type { CollectedTest } from '../../../reports/records/collected.ts';
import { runFacts, type RecordedFacts } from '../../../reports/records/records.ts';
import { EXIT } from '../../../core/exit-codes.ts';
import { ran, recordedFacts } from '../certify-kit.ts';

const IDS = ['OS-1', 'OS-2c', 'OS-4', 'OS-5'];

function exchange(voucher: number, body: Record<string, unknown>): Exchange {
  return {
    seq: 1,
    operation: 'order-status',
    tokenKind: 'valid',
    request: {
      method: 'POST',
      url: `http://127.0.0.1:${40000 + voucher}/api/v1/sales/${voucher}/update-order-status?branch_id=${voucher % 7}`,
      headers: {},
      body: JSON.stringify(body),
    },
    response: { status: 200, headers: {}, body: '{"status":true}', bytes: 15, truncated: false },
    startedAt: '2026-05-01T10:00:00.000Z',
    durationMs: 10 + voucher,
  };
}

const finding = (id: string, ex: Exchange): Finding => ({
  checkId: 'status.is',
  requirementId: id,
  title: `answered 200 to ${ex.request.body}`,
  received: 'HTTP 200',
  expected: 'HTTP 400',
  exchange: ex,
});

/** A night: every id passes on evidence, but those of `failing`, which fail with a finding on `ex`. */
function night(failing: Record<string, Exchange> = {}, facts: Partial<RecordedFacts> = {}, tests: CollectedTest[] = []): Certification {
  const all = [
    ...IDS.map((id) => (failing[id] ? ran([id], { findings: [finding(id, failing[id])] }, 'failed') : ran([id], { evidence: { [id]: 2 } }))),
    ...tests,
  ];
  return certify({ tests: all, errors: [] }, runFacts({ ...recordedFacts(['order-status']), invocation: {}, ...facts }, null));
}

describe('compare', () => {
  it('names exactly the requirements a fault broke as newly failed, and nothing else', () => {
    const c = compare(night(), night({ 'OS-2c': exchange(1001, { orderStatus: 'Paid', reason: 'x' }), 'OS-4': exchange(1002, { orderStatus: 'Done' }) }));
    expect(c.requirements.newlyFailed.map((r) => r.id)).toEqual(['OS-2c', 'OS-4']);
    const others = Object.entries(c.requirements).filter(([k]) => k !== 'newlyFailed');
    expect(others.flatMap(([, l]) => l)).toEqual([]);
    expect(c.verdict).toEqual({ from: 'certified', to: 'not-certified', changed: true });
    expect(c.gate).toEqual({ newMustFailures: ['OS-2c', 'OS-4'], knownMustFailures: [] });
    expect(c.findings.new.map((f) => f.requirement)).toEqual(['OS-2c', 'OS-4']);
    expect(c.differs).toEqual([]);
  });

  it('knows a finding met again with other random values by its fingerprint; another input shape is new', () => {
    const prev = night({ 'OS-4': exchange(1002, { orderStatus: 'Done' }) });
    const again = night({ 'OS-4': exchange(1017, { orderStatus: 'Finished' }) });
    const fp = prev.requirements.find((r) => r.id === 'OS-4')!.findings[0]!.fingerprint;
    expect(fp).toMatch(/^[0-9a-f]{16}$/);
    expect(again.requirements.find((r) => r.id === 'OS-4')!.findings[0]!.fingerprint).toBe(fp);
    const c = compare(prev, again);
    expect([c.findings.new.length, c.findings.known.length, c.findings.gone.length]).toEqual([0, 1, 0]);
    expect(c.requirements.stillFailed.map((r) => r.id)).toEqual(['OS-4']);
    expect(c.gate).toEqual({ newMustFailures: [], knownMustFailures: ['OS-4'] });
    const shape = compare(prev, night({ 'OS-4': exchange(1002, { orderStatus: 'Done', extra: 1 }) }));
    expect([shape.findings.new.length, shape.findings.gone.length]).toEqual([1, 1]);
  });

  it('puts each change of status in its one list', () => {
    expect(changeKind('failed', 'passed')).toBe('fixed');
    expect(changeKind('failed', 'inconclusive')).toBe('newlyInconclusive');
    expect(changeKind('passed', 'not-run')).toBe('newlyNotRun');
    expect(changeKind('passed', 'skipped')).toBe('scopeOut');
    expect(changeKind('absent', 'passed')).toBe('scopeIn');
    expect(changeKind('skipped', 'failed')).toBe('newlyFailed');
    expect(changeKind('inconclusive', 'passed')).toBe('other');
    expect(changeKind('passed', 'passed')).toBeUndefined();
    const fixed = compare(night({ 'OS-4': exchange(1002, { orderStatus: 'Done' }) }), night());
    expect(fixed.requirements.fixed.map((r) => r.id)).toEqual(['OS-4']);
    expect(fixed.findings.gone.map((f) => f.requirement)).toEqual(['OS-4']);
  });

  it('says a baseline of another kit version, target, config or selection; two runs of the embedded reference are one target', () => {
    const prev = night({}, { invocation: { config: 'erp.json' } });
    prev.configSha256 = 'a'.repeat(64);
    const next = night(
      {},
      { suiteVersion: '0.2.0', target: { name: 'Other', baseUrl: 'http://other.test' }, selection: ['OS'], invocation: { config: 'erp.json' } },
    );
    expect(compare(prev, next).differs).toEqual([
      'another kit version (0.1.0, now 0.2.0)',
      'another target (http://erp.test, now http://other.test)',
      'another selection (the whole catalogue, now --only OS)',
    ]);
    const config = night({}, { invocation: { config: 'erp.json' } });
    config.configSha256 = 'b'.repeat(64);
    expect(compare(prev, config).differs).toEqual(['another config (sha256 aaaaaaaaaaaa, now bbbbbbbbbbbb)']);
    const ref = (port: number) => night({}, { target: { name: 'reference', baseUrl: `http://127.0.0.1:${port}` } });
    expect(compare(ref(1), ref(2)).differs).toEqual([]);
  });

  it('sets the figures per operation side by side: requests, 429 share, p50 and p95', () => {
    const timed = (ms: number[], answers429 = 0): CollectedTest =>
      ran(['OS-5'], {
        evidence: { 'OS-5': 1 },
        byOperation: { 'order-status': { requests: ms.length, answers429, latency: Object.fromEntries(ms.map((m) => [String(m), 1])) } },
      });
    const c = compare(night({}, {}, [timed([10, 20, 30, 40])]), night({}, {}, [timed([100, 200, 300, 400], 2)]));
    expect(c.operations).toEqual([
      {
        operation: 'order-status',
        from: { requests: 4, answers429: 0, share429: 0, p50Ms: 20, p95Ms: 40 },
        to: { requests: 4, answers429: 2, share429: 0.5, p50Ms: 200, p95Ms: 400 },
      },
    ]);
  });
});

describe('the baseline gate', () => {
  const prev = night({ 'OS-4': exchange(1002, { orderStatus: 'Done' }) });
  const known = night({ 'OS-4': exchange(1019, { orderStatus: 'Over' }) });
  const worse = night({ 'OS-4': exchange(1019, { orderStatus: 'Over' }), 'OS-1': exchange(3, { orderStatus: 'Paid' }) });
  const gate = (cert: Certification, failOn: 'new' | 'any') => {
    cert.baseline = sinceBaseline({ path: 'night-1', certification: prev, failOn }, cert);
    return gatedExitCode(EXIT.failed, cert);
  };

  it('with new, fails only on a MUST that did not fail in the baseline; with any, on every failed MUST', () => {
    expect(gate(known, 'new')).toBe(EXIT.ok);
    expect(gate(known, 'any')).toBe(EXIT.failed);
    expect(gate(worse, 'new')).toBe(EXIT.failed);
    expect(gate({ ...known, errors: ['the suite worker died'] }, 'new')).toBe(EXIT.failed);
  });

  it('lists the known failures on the first lines, with the baseline and its age', () => {
    gate(known, 'new');
    const lines = baselineLines(known.baseline!);
    expect(lines[0]).toBe(`Since the baseline of ${prev.startedAt} (0 min older, night-1):`);
    expect(lines).toContain('  known failures, failed in the baseline too (1): OS-4 [MUST]');
    expect(lines.at(-1)).toBe('  --fail-on new: no MUST failed that did not fail in the baseline; the known failures above do not fail the gate');
    const other = sinceBaseline(
      { path: 'old', certification: { ...prev, suiteVersion: '0.0.9', startedAt: '2026-04-28T10:00:00.000Z' }, failOn: 'new' },
      worse,
    );
    expect(baselineLines(other)[0]).toBe(
      'Since the baseline of 2026-04-28T10:00:00.000Z (3 days older, old; NOT like for like: another kit version (0.0.9, now 0.1.0)):',
    );
    expect(baselineLines(other)).toContain('  newly failed (1): OS-1 [MUST]');
  });
});
