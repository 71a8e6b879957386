// Five nights of one target as `run --history` would have written them, made by the real
// historyLine from the sample certificate: certified, certified, a MUST failed (OS-4) with 429s
// met, that failure again with a SHOULD failed and a probe's limit, fixed again. Each night has
// its operations' latency but the second (a run whose records kept none: a gap in the plots).
import { historyLine, type HistoryLine } from '../../../reports/history/history-line.ts';
import type { Certification } from '../../../reports/model.ts';
import type { OperationFigures } from '../../../reports/operation-figures.ts';
import { rateLimitFixture, sampleCertification } from '../sample.ts';

/** An operation's figures as the certificate holds them (reports/operation-figures.ts). */
const figures = (operation: string, requests: number, answers429: number, p50Ms: number, p95Ms: number): OperationFigures => ({
  operation,
  requests,
  answers429,
  share429: answers429 / requests,
  timed: requests,
  p50Ms,
  p95Ms,
});

function night(
  day: number,
  verdict: Certification['verdict'],
  failed: string[],
  slow: number,
  o: { har?: boolean; probe?: boolean; quota?: string } = {},
): HistoryLine {
  const base = sampleCertification();
  const requirements = base.requirements.map((r) =>
    r.level === 'INFO'
      ? r
      : {
          ...r,
          status: failed.includes(r.id) ? ('failed' as const) : r.status === 'failed' ? ('passed' as const) : r.status,
          findingCount: failed.includes(r.id) ? 1 : 0,
        },
  );
  const summary = structuredClone(base.summary);
  summary.MUST.failed = requirements.filter((r) => r.level === 'MUST' && r.status === 'failed').length;
  summary.SHOULD.failed = requirements.filter((r) => r.level === 'SHOULD' && r.status === 'failed').length;
  const answers429 = day === 3 ? 30 : day === 4 ? 12 : 0;
  const cert: Certification = {
    ...base,
    verdict,
    startedAt: `2026-11-2${day}T02:00:00.000Z`,
    requirements,
    summary,
    figures: { ...base.figures, requests: 300, answers429 },
    plan: { lines: [], requirements: [], operations: [{ op: 'report', requests: 40, quota: o.quota ?? '10/1m', seconds: 60 }] },
  };
  const operations = [figures('order-status', 5, 0, 30, 40 + slow), figures('report', answers429 ? 5 : 3, answers429 ? 2 : 0, 120, 140 + slow * 4)];
  return historyLine(o.har === false ? cert : { ...cert, operations }, { ...(o.probe ? { rateLimit: { kind: 'measured', result: rateLimitFixture() } } : {}) });
}

export const SHOULD_ID = () => sampleCertification().requirements.find((r) => r.level === 'SHOULD')!.id;

export function fiveNights(): HistoryLine[] {
  return [
    night(1, 'inconclusive', [], 0),
    night(2, 'inconclusive', [], 5, { har: false }),
    night(3, 'not-certified', ['OS-4'], 60, { quota: '5/1m' }),
    night(4, 'not-certified', ['OS-4', SHOULD_ID()], 80, { probe: true, quota: '5/1m' }),
    night(5, 'inconclusive', [], 10),
  ];
}
