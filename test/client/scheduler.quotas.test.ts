// Quotas per operation, on a simulated clock: a report quota never paces the writes (stated or
// learnt), a wait stated only in a 429's message is waited out and learnt as the operation's
// quota, one parser of "Q/W", and run.rateLimit as a map.
import { describe, expect, it } from 'vitest';
import { createScheduler, type SchedulerOptions } from '../../client/scheduler.ts';
import { messageWait } from '../../client/scheduler/wait-of-429.ts';
import { readRateLimitFlag, statedQuotas } from '../../client/stated-quotas.ts';
import type { UnnumberedExchange } from '../../client/transport.ts';
import { parseQuota, quotaOperationOf, readQuota, showQuota } from '../../core/quota.ts';
import { answer, notSent } from '../../bench/support/answers.ts';
import { runConfigSchema } from '../../config/schema.ts';
import { referenceRunConfig } from '../../reference/run-config.ts';
import { clock } from '../../bench/support/sim-clock.ts';
import { preflightLimits, startPacedAt } from '../../engine/phases/plan/limits.ts';

function scheduler(o: Partial<SchedulerOptions> = {}) {
  const c = clock();
  return { c, s: createScheduler({ concurrency: 4, pacing: true, now: c.now, sleep: c.sleep, retry429: { maxRetries: 5, maxWaitMs: 60_000 }, ...o }) };
}

/** A target whose report allows 5 per fixed 6 s window and says the wait only in its message; writes are free. */
function vendor(c: ReturnType<typeof clock>) {
  const start = c.now();
  const used = new Map<number, number>();
  let refused = 0;
  const report = async () => {
    const w = Math.floor((c.now() - start) / 6000);
    const n = used.get(w) ?? 0;
    if (n >= 5) return (refused++, answer(429, {}, '{"status":false,"message":"Too many request, please try after 6 seconds"}'));
    used.set(w, n + 1);
    return answer(200);
  };
  return { report, write: async () => answer(200), refused: () => refused };
}

describe('quotas per operation', () => {
  it('one parser of Q/W', () => {
    expect(parseQuota('5/1m')).toEqual({ requests: 5, windowMs: 60_000 });
    expect(parseQuota(' 100 / 10s ')).toEqual({ requests: 100, windowMs: 10_000 });
    for (const bad of ['0/1s', '5/0s', '5', '5/1d', '-1/1s', '']) expect(readQuota(bad), bad).toBeNull();
    expect(showQuota({ requests: 4, windowMs: 6000 })).toBe('4/6s');
  });

  it('reads the wait a 429 states only in its message', () => {
    expect(messageWait('Too many request, please try after 60 seconds')).toBe(60_000);
    expect(messageWait('rate limited: retry in 1 minute')).toBe(60_000);
    expect(messageWait('Please wait 30s before sending again')).toBe(30_000);
    expect(messageWait('try again in a minute')).toBe(60_000);
    expect(messageWait('Too Many Request')).toBeNull();
  });

  it('a stated report quota does not slow the writes', async () => {
    const { c, s } = scheduler({ quotas: statedQuotas({ report: '5/6s' }) });
    const done: Record<string, number> = {};
    const t0 = c.now();
    const reports = Promise.all(Array.from({ length: 15 }, () => s.run(async () => answer(200), notSent, 'report'))).then(() => (done.reports = c.now() - t0));
    const writes = Promise.all(Array.from({ length: 40 }, () => s.run(async () => answer(200), notSent, 'orderStatus'))).then(
      () => (done.writes = c.now() - t0),
    );
    await Promise.all([reports, writes]);
    // 15 reports at 5 per 6 s take two more windows; the writes wait for none of them.
    expect(done.reports).toBeGreaterThanOrEqual(12_000);
    expect(done.writes).toBeLessThan(1000);
    expect(s.stats().operations.report).toMatchObject({ sent: 15, responses429: 0 });
  });

  it('a report quota learnt from 429s whose message states the wait does not slow the writes, and is kept', async () => {
    const { c, s } = scheduler({});
    const v = vendor(c);
    const t0 = c.now();
    let writesDone = 0;
    const reports = Promise.all(Array.from({ length: 30 }, () => s.run(v.report, notSent, 'report')));
    const writes = Promise.all(Array.from({ length: 40 }, () => s.run(v.write, notSent, 'customerCreate'))).then(() => (writesDone = c.now() - t0));
    const r = await reports;
    await writes;
    expect(r.every((ex) => ex.response?.status === 200)).toBe(true);
    expect(writesDone).toBeLessThan(1000);
    // After the first 429s the report is paced under what it learnt: few 429s for 30 reports.
    expect(v.refused()).toBeLessThanOrEqual(8);
    expect(s.stats().operations.report!.pacing).toMatch(/message asks to wait 6 s/);
    expect(s.stats().operations.customerCreate!.pacing).toBe('none needed');
  });

  it('a global cap ("Q/W" as before) still paces every operation', async () => {
    const { c, s } = scheduler({ concurrency: 1, pacing: false, quotas: statedQuotas('3/10s') });
    const times: number[] = [];
    for (const op of ['report', 'orderStatus', 'customerCreate', 'report', 'other', 'orderStatus'])
      await s.run(async () => (times.push(c.now()), answer(200)), notSent, op);
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(10_000);
  });

  it('run.rateLimit is a quota for all requests or a map per operation, in the config and on the command line', () => {
    const base = referenceRunConfig('http://127.0.0.1:1', ['t1'], 42, 'default') as Record<string, unknown>;
    const ok = runConfigSchema.safeParse({ ...base, run: { rateLimit: { report: '5/1m', readBack: '4/1m' } } });
    expect(ok.success).toBe(true);
    expect(statedQuotas(ok.data!.run.rateLimit).map((q) => [q.operations, q.quota.requests])).toEqual([
      [['report'], 5],
      [['contactRead', 'orderStatusRead'], 4],
    ]);
    expect(runConfigSchema.safeParse({ ...base, run: { rateLimit: { reports: '5/1m' } } }).success).toBe(false);
    expect(runConfigSchema.safeParse({ ...base, run: { rateLimit: { report: '5 per minute' } } }).success).toBe(false);
    expect(runConfigSchema.safeParse({ ...base, run: { rateLimit: '100/10s' } }).success).toBe(true);
    expect(readRateLimitFlag('report=5/6s,readBack=4/6s')).toEqual({ report: '5/6s', readBack: '4/6s' });
    expect(readRateLimitFlag('100/10s')).toBe('100/10s');
    expect(readRateLimitFlag('report=5/6s,bogus=1/1s')).toBeNull();
  });

  it('a connection refused while many are in flight halves the concurrency, and a read is sent again', async () => {
    const { s } = scheduler({ concurrency: 8, backoff: { resend: true } });
    let inFlight = 0;
    let refused = 0;
    // A small server whose accept queue holds 2: more at once are refused.
    const send = async (): Promise<UnnumberedExchange> => {
      if (++inFlight > 2) {
        inFlight--;
        refused++;
        return { ...answer(0), response: undefined, failure: { kind: 'connection-refused', message: 'ECONNREFUSED' } };
      }
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      return answer(200);
    };
    const results = await Promise.all(Array.from({ length: 24 }, () => s.run(send, notSent, 'report')));
    expect(results.every((ex) => ex.response?.status === 200)).toBe(true);
    expect(refused).toBeGreaterThan(0);
  });

  it('what it learnt from a 429 stating its wait in the message is an estimate (learnt): the plan does not start the run paced at it', async () => {
    const { c, s } = scheduler();
    const v = vendor(c);
    await Promise.all(Array.from({ length: 12 }, () => s.run(v.report, notSent, 'report')));
    expect(s.learnt()).toEqual([expect.objectContaining({ quota: { requests: 5, windowMs: 6000 }, operations: ['report'], estimate: true })]);
    const limits = preflightLimits(s.learnt());
    expect(limits[0]!.from).toMatch(/an estimate: the run learns it anew/);
    expect(startPacedAt(limits)).toEqual([]);
  });

  it('a raw request counts against the quota of the operation of its path', () => {
    expect(quotaOperationOf('raw', '/base/api/v1/report/consumption-production-report')).toBe('report');
    expect(quotaOperationOf('raw', '/api/v1/sales/12/update-order-status?branch_id=1')).toBe('orderStatus');
    expect(quotaOperationOf('raw', '/api/v1/customer/create?branch_id=1')).toBe('customerCreate');
    expect(quotaOperationOf('raw', '/api/v1/elsewhere')).toBe('other');
  });
});
