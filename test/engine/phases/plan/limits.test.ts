// What the plan knows of the target's limits before sending, and where from: the config, an
// earlier probe's rate-limit.json (the same target only, with its age), the preflight's answers
// (a policy announced on every operation it read: all requests). The plan then states the waits.
import { copyFileSync, mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../config/load.ts';
import { referenceRunConfig } from '../../../../reference/run-config.ts';
import { knownLimits, limitLines, probeLimits, quotasOf, showAge, startPacedAt } from '../../../../engine/phases/plan/limits.ts';
import { planLines, planRun } from '../../../../engine/phases/plan/plan.ts';
import { RATE_LIMIT_FIXTURE } from '../../../reports/sample.ts';

const URL_ = 'http://127.0.0.1:1';
const config = (run: Record<string, unknown> = {}) => {
  const base = referenceRunConfig(URL_, ['t1'], 42, 'default') as Record<string, unknown>;
  return loadConfig({ base: { ...base, run: { ...(base.run as object), ...run } }, env: {} });
};

/** A folder holding the probe's rate-limit.json (the certificate's fixture: report 60 per 10 s), of `baseUrl`, written `ageMs` ago. */
function probeDir(o: { baseUrl?: string; ageMs?: number; edit?: (r: Record<string, unknown>) => void } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'erp-limits-'));
  const file = path.join(dir, 'rate-limit.json');
  copyFileSync(RATE_LIMIT_FIXTURE, file);
  const r = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  r.target = { name: 'x', baseUrl: o.baseUrl ?? URL_ };
  o.edit?.(r);
  writeFileSync(file, JSON.stringify(r));
  const at = (Date.now() - (o.ageMs ?? 0)) / 1000;
  utimesSync(file, at, at);
  return dir;
}

describe("the plan's known limits", () => {
  it('reads the limit an earlier probe measured on the same target, with its age', () => {
    const dir = probeDir({ ageMs: 3 * 3600_000 });
    const got = probeLimits(dir, config(), Date.now());
    expect(got.note).toBeUndefined();
    expect(got.limits).toEqual([
      {
        operations: ['report'],
        quota: { requests: 60, windowMs: 10_000 },
        source: 'probe',
        from: expect.stringMatching(/rate-limit\.json, measured by an earlier probe 3 h ago$/),
      },
    ]);
    // The file itself, not only its folder.
    expect(probeLimits(path.join(dir, 'rate-limit.json'), config(), Date.now()).limits).toHaveLength(1);
  });

  it("does not use a probe of another target, one that found no limit, or a file not of the probe's shape, and says why", () => {
    expect(probeLimits(probeDir({ baseUrl: 'http://elsewhere:8080' }), config(), Date.now())).toMatchObject({
      limits: [],
      note: expect.stringMatching(/not used \(it measured http:\/\/elsewhere:8080, not this target\)/),
    });
    const none = probeDir({ edit: (r) => ((r.limited = false), (r.limit = null)) });
    expect(probeLimits(none, config(), Date.now())).toMatchObject({ limits: [], note: expect.stringMatching(/the probe found no limit and window on report/) });
    const broken = probeDir({ edit: (r) => delete r.timeline });
    expect(probeLimits(broken, config(), Date.now())).toMatchObject({ limits: [], note: expect.stringMatching(/does not have the probe's shape/) });
    expect(probeLimits(mkdtempSync(path.join(tmpdir(), 'erp-limits-none-')), config(), Date.now())).toEqual({ limits: [] });
  });

  it('takes the tightest limit of each operation, one object for the operations a limit covers together', () => {
    const k = knownLimits(config({ rateLimit: { report: '100/10s', readBack: '4/6s' } }), {
      probeFile: probeDir(),
      learnt: [{ name: 'RateLimit-Policy 50 per 10 s', quota: { requests: 50, windowMs: 10_000 }, operations: ['report', 'customerCreate'] }],
      now: Date.now(),
    });
    expect(k.limits.map((l) => l.source)).toEqual(['config', 'config', 'probe', 'preflight']);
    const q = quotasOf(k.limits);
    expect(q.report).toEqual({ requests: 50, windowMs: 10_000 });
    expect(q.report).toBe(q.customerCreate);
    expect(q.contactRead).toBe(q.orderStatusRead);
    // The worker starts paced at what the config does not state already.
    expect(startPacedAt(k.limits).map((s) => s.operations)).toEqual([['report'], ['report', 'customerCreate']]);
    expect(limitLines(k.limits)[0]).toMatch(
      /^plan: limits known before sending: report 100\/10s \(run.rateLimit\); contactRead, orderStatusRead 4\/6s \(run.rateLimit\); report 60\/10s \(.*rate-limit\.json, measured by an earlier probe \d+ s ago\); report, customerCreate 50\/10s \(the preflight's answers: RateLimit-Policy 50 per 10 s\)$/,
    );
  });

  it('names the 429s the preflight met on an operation no limit sizes', () => {
    const k = knownLimits(config(), { met429: { report: 3 }, now: Date.now() });
    expect(k.limits).toEqual([]);
    expect(k.notes).toEqual([expect.stringMatching(/^the preflight met 3 429\(s\) on report: a limit no header states/)]);
  });

  it('says the expected waits when any source knows a limit, and that none is known otherwise', () => {
    const c = config();
    const none = knownLimits(c, { now: Date.now() });
    expect(planLines(planRun(c, 100, quotasOf(none.limits)), 100, none).join('\n')).toMatch(/expected no wait for quotas \(no limit known before sending/);
    const probed = knownLimits(c, { probeFile: probeDir(), now: Date.now() });
    const p = planRun(c, 100, quotasOf(probed.limits));
    const report = p.operations.find((o) => o.op === 'report')!;
    expect(report.seconds).toBe((Math.ceil(report.requests / 60) - 1) * 10);
    const lines = planLines(p, 100, probed).join('\n');
    expect(lines).toMatch(new RegExp(`report ${report.requests} at 60/10s \\(>= ${report.seconds} s\\)`));
    expect(lines).toMatch(new RegExp(`expected >= ${p.floorSeconds} s in all under the quotas`));
    expect(lines).toMatch(/^plan: limits known before sending: report 60\/10s \(/m);
  });

  it('a limit on all requests (a policy the preflight saw on every operation it read) paces their sum, said once', () => {
    const c = config();
    const known = knownLimits(c, {
      learnt: [
        {
          name: 'RateLimit-Policy 100 per 10 s, announced alike on every operation answered (report, contactRead)',
          quota: { requests: 100, windowMs: 10_000 },
          operations: null,
        },
      ],
      now: Date.now(),
    });
    const p = planRun(c, 25, quotasOf(known.limits));
    expect(p.seconds).toBe((Math.ceil(p.requests / 100) - 1) * 10);
    const first = planLines(p, 25, known)[0]!;
    expect(first).toMatch(new RegExp(`^plan: ${p.requests} requests at 100/10s in all \\(>= ${p.seconds} s\\) \\(report \\d+, orderStatus \\d+, `));
    expect(first).not.toMatch(/report \d+ at/);
    expect(first).toMatch(/, \d+ index operations \d+\)$/);
  });

  it('says ages in the unit that reads', () => {
    expect([showAge(40_000), showAge(12 * 60_000), showAge(3 * 3600_000), showAge(5 * 86_400_000)]).toEqual(['40 s', '12 min', '3 h', '5 days']);
  });
});
