// The suite worker started while the preflight runs (engine/phases/early-start.ts): what it learns after
// the preflight (runtime/late-context.ts) over the channel (engine/phases/worker-channel.ts), the modules it loads meanwhile
// (runtime/warm-imports.ts), the reporter that hears nothing of a worker not used, and the
// slots' busy time the bench reports (engine/progress/slots-busy.ts, the scheduler's inFlightMs).
import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';
import { gatedReporter } from '../../../engine/phases/early-start.ts';
import { slotsBusy } from '../../../engine/progress/slots-busy.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import { awaitLateContext } from '../../../runtime/late-context.ts';
import { tellTest } from '../../../runtime/channel.ts';
import { hostChannel, type WorkerPort } from '../../../engine/phases/worker-channel.ts';
import { isHostMessage, isWorkerMessage, type ChannelEnd, type HostMessage, type WorkerMessage, type WorkerProgress } from '../../../runtime/protocol.ts';
import { importsOf, SUITE_IMPORTS } from '../../../runtime/warm-imports.ts';

const context = (o: Partial<SuiteContext> = {}) => ({ numRuns: 100, seed: 1, nonce: 'n', concurrency: 8, deadline: 0, ...o }) as SuiteContext;

/** The two ends of one channel, each message cloned as the fork's IPC channel does (advanced serialization: v8's). */
function pipe() {
  const sent = { toWorker: [] as HostMessage[], toHost: [] as WorkerMessage[] };
  const toWorker = new Set<(m: HostMessage) => void>();
  const toHost = new Set<(m: WorkerMessage) => void>();
  const across = <M>(m: M, to: Set<(m: M) => void>) => setImmediate(() => to.forEach((heard) => heard(v8.deserialize(v8.serialize(m)) as M)));
  const listen =
    <M>(to: Set<(m: M) => void>) =>
    (heard: (m: M) => void) => {
      to.add(heard);
      return () => void to.delete(heard);
    };
  const worker: ChannelEnd<WorkerMessage, HostMessage> = { send: (m) => void (sent.toHost.push(m), across(m, toHost)), listen: listen(toWorker) };
  const host: WorkerPort = { send: (m) => void (sent.toWorker.push(m), across(m, toWorker)), listen: listen(toHost) };
  return { worker, host, sent };
}

describe('the late context', () => {
  it('reaches a worker that waits for it: merged into its context in place, bigints kept, what the plan dropped gone', async () => {
    const { worker, host, sent } = pipe();
    const channel = hostChannel(() => {});
    channel.connect(host);
    const ctx = context({ scarce: ['report'] });
    const same = ctx;
    const waiting = awaitLateContext(ctx, worker);
    await new Promise((r) => setTimeout(r, 30));
    expect(sent.toWorker).toEqual([]);
    channel.late({
      context: { numRuns: 12, preflightCustomer: { branchId: 1, contactId: 2n ** 60n } as SuiteContext['preflightCustomer'] },
      waves: [['suites/customer/create.test.ts'], ['suites/report/dates.test.ts']],
    });
    expect(await waiting).toEqual([['suites/customer/create.test.ts'], ['suites/report/dates.test.ts']]);
    expect(same.numRuns).toBe(12);
    expect(same.preflightCustomer?.contactId).toBe(2n ** 60n);
    expect(same.scarce).toBeUndefined();
    expect(same.seed).toBe(1);
  });

  it('cancelled: the worker declares no suite file', async () => {
    const { worker, host } = pipe();
    const channel = hostChannel(() => {});
    channel.connect(host);
    channel.late({ cancelled: true });
    expect(await awaitLateContext(context(), worker)).toEqual([]);
  });

  it('is sent whole, once: the first late context given stays, to a worker that asks after it was known', async () => {
    const { worker, host, sent } = pipe();
    const channel = hostChannel(() => {});
    channel.connect(host);
    channel.late({ context: { numRuns: 3 }, waves: [] });
    channel.late({ cancelled: true });
    expect(await awaitLateContext(context(), worker)).toEqual([]);
    expect(sent.toWorker).toEqual([{ erp: 'late', late: { context: { numRuns: 3 }, waves: [] } }]);
  });
});

describe('the channel', () => {
  it("carries the worker's progress to the host, in order", async () => {
    const { worker, host } = pipe();
    const heard: WorkerProgress[] = [];
    hostChannel((p) => heard.push(p)).connect(host);
    worker.send({ erp: 'progress', progress: { requests: 1, responses429: 0, waitedMs: 0 } });
    worker.send({ erp: 'progress', progress: { requests: 5, responses429: 1, waitedMs: 20, operations: { report: { sent: 5, responses429: 1 } } } });
    await new Promise((r) => setImmediate(r));
    expect(heard.map((p) => p.requests)).toEqual([1, 5]);
    expect(heard[1]!.operations).toEqual({ report: { sent: 5, responses429: 1 } });
  });

  it('keeps the suite files of the tests the worker told started and not ended, each file once, forgotten once taken', async () => {
    const { worker, host } = pipe();
    const channel = hostChannel(() => {});
    channel.connect(host);
    const [paging, walk] = ['suites/report/paging.test.ts', 'suites/report/walk.test.ts'];
    const endOfC = tellTest('c', 'suites/customer/create.test.ts', worker);
    tellTest('b', walk, worker);
    tellTest('a', paging, worker);
    tellTest('a2', paging, worker);
    endOfC();
    await new Promise((r) => setImmediate(r));
    expect(channel.takeRunning()).toEqual([paging, walk]);
    expect(channel.takeRunning()).toEqual([]);
  });

  it("tells its own messages from vitest's on the same IPC channel", () => {
    expect(isWorkerMessage({ erp: 'test', id: 'a', file: 'suites/report/paging.test.ts' })).toBe(true);
    expect(isWorkerMessage({ erp: 'progress', progress: { requests: 0, responses429: 0, waitedMs: 0 } })).toBe(true);
    expect(isWorkerMessage({ erp: 'waiting' })).toBe(true);
    expect(isHostMessage({ erp: 'late', late: { cancelled: true } })).toBe(true);
    for (const vitests of [{ type: 'started', __vitest_worker_response__: true }, { t: 'q', i: '1', m: 'onTaskUpdate', a: [] }, { type: 'stop' }, null, 'x']) {
      expect(isWorkerMessage(vitests)).toBe(false);
      expect(isHostMessage(vitests)).toBe(false);
    }
    expect(isHostMessage({ erp: 'waiting' })).toBe(false);
    expect(isWorkerMessage({ erp: 'late', late: { cancelled: true } })).toBe(false);
  });
});

describe('the modules a suite file imports', () => {
  it("are its suite's declared list, project paths resolved from the root, packages by name; each one only once", () => {
    const files = ['suites/order-status/validation.test.ts', 'suites/order-status/lifecycle.test.ts', 'suites/rate-limit/rate-limit.test.ts'];
    const specs = importsOf('/p', files);
    expect(specs).toContain('file:///p/suites/order-status/vouchers.ts');
    expect(specs).toContain('file:///p/load/load.ts');
    expect(specs).toContain('fast-check');
    expect(specs).not.toContain('file:///p/generators/customer.ts');
    expect(new Set(specs).size).toBe(specs.length);
    expect(importsOf('/p', [])).toEqual([]);
  });

  it('names, for every suite, modules that are there (never a suite file, which declares tests)', () => {
    const root = path.resolve(import.meta.dirname, '../../..');
    for (const [suite, modules] of Object.entries(SUITE_IMPORTS)) {
      expect(modules.length, suite).toBeGreaterThan(0);
      for (const m of modules.filter((x) => x.endsWith('.ts'))) {
        expect(existsSync(path.join(root, m)), `${suite}: ${m}`).toBe(true);
        expect(m.endsWith('.test.ts'), `${suite}: ${m}`).toBe(false);
      }
    }
  });
});

describe('the reporter of a worker started early', () => {
  it('passes nothing on until the run uses that worker', () => {
    const heard: string[] = [];
    const gate = gatedReporter({ onTestModuleCollected: () => void heard.push('collected'), onTestRunEnd: () => void heard.push('end') });
    gate.reporter.onTestRunEnd?.([], [], 'passed');
    expect(heard).toEqual([]);
    gate.open();
    gate.reporter.onTestRunEnd?.([], [], 'passed');
    expect(heard).toEqual(['end']);
  });
});

describe("the slots' busy time", () => {
  it('sums the time each request was in flight, from sending to its answer', async () => {
    let t = 1_000;
    const s = createScheduler({ concurrency: 2, pacing: false, now: () => t });
    const answer = { operation: 'report', tokenKind: 'valid', request: { method: 'POST', url: 'http://t/x', headers: {} }, startedAt: '', durationMs: 1 };
    const after = (ms: number) => async () => {
      await new Promise((r) => setTimeout(r, 5));
      t += ms;
      return { ...answer, response: { status: 200, headers: {}, body: '', bytes: 0, truncated: false } } as UnnumberedExchange;
    };
    const notSent = () => answer as UnnumberedExchange;
    await Promise.all([s.run(after(150), notSent), s.run(after(150), notSent)]);
    await s.settled();
    // Both sent at 1000; the answers came at 1150 and 1300.
    expect(s.stats().inFlightMs).toBe(150 + 300);
    expect(s.stats().firstSentAt).toBe(1_000);
    // Over a run of 300 ms: 1.5 requests in flight on average; the suites' first request 0.2 s in.
    expect(slotsBusy(700, 1_000, 0, { inFlightMs: 450, firstSentAt: 900 })).toEqual({ meanInFlight: 1.5, firstSuiteRequestSeconds: 0.2 });
  });
});
