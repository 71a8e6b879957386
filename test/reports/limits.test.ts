// The limits a run knew and learnt, as numbers in certification.json (reports/limits.ts), and the
// readers that set them side by side: compare, the history line and the trend read that field,
// not the plan's quota text (a certificate older than the field: the plan's quota).
import { describe, expect, it } from 'vitest';
import { limitChanges } from '../../reports/compare/figures.ts';
import { historyLine } from '../../reports/history/history-line.ts';
import { certifiedLimits, limitPerOperation, limitText, type CertifiedLimit } from '../../reports/limits.ts';
import type { Certification } from '../../reports/model.ts';
import { limitSeries } from '../../reports/render/html/trend.ts';
import { progressFrom } from '../../runtime/progress.ts';
import { createScheduler } from '../../client/scheduler.ts';
import { rateLimitFixture, sampleCertification } from './sample.ts';

const limits = certifiedLimits({
  known: [
    { operations: ['report'], quota: { requests: 10, windowMs: 60_000 }, source: 'config', from: 'run.rateLimit' },
    { operations: ['contactRead'], quota: { requests: 6, windowMs: 60_000 }, source: 'preflight', from: "the preflight's answers", estimate: true },
    { operations: ['orderStatus'], quota: { requests: 3, windowMs: 10_000 }, source: 'probe', from: 'rate-limit.json of an earlier run' },
  ],
  learnt: [
    { name: 'a 429 said "try after 60 seconds"', requests: 4, windowMs: 60_000, operations: ['contactRead'], estimate: true },
    { name: 'RateLimit-Policy 20 per 1 s', requests: 20, windowMs: 1000, operations: ['report', 'customerCreate'] },
  ],
  probe: { file: { ...rateLimitFixture(), operation: 'report', limit: 60, windowSeconds: 10, algorithm: 'fixed' }, operation: 'report' },
});

describe('the limits of a run', () => {
  it('are numbers with their source: stated, probed, announced or a learnt estimate; a limit the run learnt anew replaces the preflight estimate', () => {
    expect(limits.map((l) => [l.operations, l.limit, l.windowSeconds, l.source, l.when])).toEqual([
      [['report'], 10, 60, 'stated', 'before sending'],
      [['orderStatus'], 3, 10, 'probed', 'before sending'],
      [['contactRead'], 4, 60, 'learnt estimate', 'this run'],
      [['customerCreate', 'report'], 20, 1, 'announced', 'this run'],
      [['report'], 60, 10, 'probed', 'this run'],
    ]);
    expect(limits.at(-1)!.algorithm).toBe('fixed');
    expect(certifiedLimits({ probe: { file: { ...rateLimitFixture(), limited: false }, operation: 'report' } })).toEqual([]);
  });

  it("give one limit per operation: this run's over one known before, what the target showed over an estimate over the config", () => {
    const per = limitPerOperation(limits);
    expect(Object.fromEntries(Object.entries(per).map(([op, l]) => [op, limitText(l)]))).toEqual({
      report: '20 per 1 s (announced)',
      customerCreate: '20 per 1 s (announced)',
      contactRead: '4 per 60 s (learnt estimate)',
      orderStatus: '3 per 10 s (probed)',
    });
    const all: CertifiedLimit = { operations: null, limit: 150, windowSeconds: 1, source: 'announced', when: 'this run', from: 'RateLimit-Policy' };
    expect(limitPerOperation([all])).toEqual({ '*': all });
    expect(limitPerOperation(undefined)).toEqual({});
  });

  it('reach the host from the worker as its scheduler learnt them', () => {
    const s = createScheduler({ concurrency: 1, pacing: true });
    const told = progressFrom(s.stats(), 0, [{ name: 'RateLimit-Policy 5 per 60 s', quota: { requests: 5, windowMs: 60_000 }, operations: ['report'] }]);
    expect(told.learnt).toEqual([{ name: 'RateLimit-Policy 5 per 60 s', requests: 5, windowMs: 60_000, operations: ['report'] }]);
    expect(progressFrom(s.stats(), 0).learnt).toBeUndefined();
  });
});

describe('their readers', () => {
  const base = sampleCertification();
  const plan = (quota: string): Certification['plan'] => ({ lines: [], requirements: [], operations: [{ op: 'report', requests: 4, quota, seconds: 1 }] });
  const prev: Certification = { ...base, plan: plan('10/1m') }; // older: no limits field
  const next: Certification = { ...base, plan: plan('10/1m'), limits };

  it('compare: the learnt limit per operation, with its figures; the plan quota of a certificate without them', () => {
    const c = limitChanges(prev, next);
    expect(c.operations.find((o) => o.operation === 'report')).toEqual({
      operation: 'report',
      from: '10/1m',
      to: '20 per 1 s (announced)',
      toLimit: limits[3],
    });
    expect(c.operations.find((o) => o.operation === 'contactRead')).toMatchObject({
      to: '4 per 60 s (learnt estimate)',
      toLimit: { limit: 4, windowSeconds: 60 },
    });
  });

  it('the history line and the trend: the same limit per operation, as numbers', () => {
    const line = historyLine(next);
    expect(line.limits.known).toEqual({
      report: { limit: 20, windowSeconds: 1, source: 'announced' },
      customerCreate: { limit: 20, windowSeconds: 1, source: 'announced' },
      contactRead: { limit: 4, windowSeconds: 60, source: 'learnt estimate' },
      orderStatus: { limit: 3, windowSeconds: 10, source: 'probed' },
    });
    expect(historyLine(prev).limits.known).toBeUndefined();
    // An older line plots its plan's quota; a newer one its known limits, per minute.
    const series = limitSeries([historyLine(prev), line]);
    expect(series.filter((s) => s.name !== 'probed limit').map((s) => [s.name, s.values])).toEqual([
      ['contactRead', [undefined, 4]],
      ['customerCreate', [undefined, 1200]],
      ['orderStatus', [undefined, 18]],
      ['report', [10, 1200]],
    ]);
  });
});
