// The suite worker started while the preflight runs (engine/phases/early-start.ts): what it learns after
// the preflight (runtime/late-context.ts), the modules it loads meanwhile
// (runtime/warm-imports.ts), the reporter that hears nothing of a worker not used, and the
// slots' busy time the bench reports (engine/progress/slots-busy.ts, the scheduler's inFlightMs).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';
import { gatedReporter } from '../../../engine/phases/early-start.ts';
import { slotsBusy } from '../../../engine/progress/slots-busy.ts';
import type { SuiteContext } from '../../../runtime/context.ts';
import { awaitLateContext, lateFileOf, writeLateContext } from '../../../runtime/late-context.ts';
import { importsOf } from '../../../runtime/warm-imports.ts';

const dir = () => mkdtempSync(path.join(os.tmpdir(), 'erp-early-'));
const context = (o: Partial<SuiteContext> = {}) => ({ numRuns: 100, seed: 1, nonce: 'n', concurrency: 8, deadline: 0, ...o }) as SuiteContext;

describe('the late context', () => {
  it('reaches a worker that waits for it: merged into its context in place, bigints kept, what the plan dropped gone', async () => {
    const file = lateFileOf(dir());
    const ctx = context({ scarce: ['report'] });
    const same = ctx;
    const waiting = awaitLateContext(file, ctx, 5);
    await new Promise((r) => setTimeout(r, 30));
    expect(existsSync(file)).toBe(false);
    writeLateContext(file, {
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
    const file = lateFileOf(dir());
    writeLateContext(file, { cancelled: true });
    expect(await awaitLateContext(file, context())).toEqual([]);
  });

  it('is written whole (no half-written file to read)', () => {
    const file = lateFileOf(dir());
    writeLateContext(file, { context: { numRuns: 3 }, waves: [] });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ context: { numRuns: 3 }, waves: [] });
  });
});

describe('the modules a suite file imports', () => {
  it('are its value imports, multi-line ones included, relative paths resolved from the file; type-only imports left out', () => {
    const src = [
      "import { a } from '../support/harness.ts';",
      "import type { T } from '../../contract/types.ts';",
      'import {',
      '  b,',
      '  type C,',
      "} from './vouchers.ts';",
      "import fc from 'fast-check';",
      "import './side-effect.ts';",
    ].join('\n');
    const file = '/p/suites/order-status/x.test.ts';
    expect(importsOf(src, file)).toEqual([
      'file:///p/suites/support/harness.ts',
      'file:///p/suites/order-status/vouchers.ts',
      'fast-check',
      'file:///p/suites/order-status/side-effect.ts',
    ]);
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
