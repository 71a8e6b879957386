// A test's time limit is the kit's: its own limit, a little before vitest's timeout, ends the test
// as stopped (RunStopped 'time-limit') and stops its flow's requests; vitest's timeout, should it
// come first, is marked on its error (KIT_LIMIT) as it is raised, and a cancelled run is not.
import { describe, expect, it } from 'vitest';
import { isKitLimit, KIT_LIMIT } from '../../runtime/protocol.ts';
import { RunStopped } from '../../runtime/stopped.ts';
import { ownLimitMs, ownLimitReason, startTimeLimit, vitestLimitReason } from '../../runtime/time-limit.ts';

describe("a test's time limit", () => {
  it("ends the kit's own limit a tenth before vitest's timeout, between 1 s and 15 s before, never below half", () => {
    expect(ownLimitMs(300_000)).toBe(285_000);
    expect(ownLimitMs(60_000)).toBe(54_000);
    expect(ownLimitMs(5_000)).toBe(4_000);
    expect(ownLimitMs(1_000)).toBe(500);
  });

  it('stops the test at its own limit: RunStopped(time-limit) with the reason, told once, its signal aborted', async () => {
    const told: string[] = [];
    const limit = startTimeLimit(5, 1_000, new AbortController().signal, (r) => told.push(r));
    const stopped = await limit.within(new Promise<never>(() => {})).catch((e: unknown) => e);
    limit.clear();
    expect(stopped).toBeInstanceOf(RunStopped);
    expect(stopped).toMatchObject({ reason: 'time-limit', message: ownLimitReason(5) });
    expect(told).toEqual([ownLimitReason(5)]);
    expect([limit.signal.aborted, limit.signal.reason]).toEqual([true, ownLimitReason(5)]);
    expect(ownLimitReason(285_000)).toBe(
      "stopped by the kit's time limit for one test (285 s) before it ended: a limit of the kit, not a finding about the target",
    );
  });

  it("marks vitest's timeout error as the kit's limit as it is raised, and says so in the record's reason", () => {
    const test = new AbortController();
    const told: string[] = [];
    const limit = startTimeLimit(60_000, 66_000, test.signal, (r) => told.push(r));
    const timeout = new Error('Test timed out in 66000ms.');
    test.abort(timeout);
    limit.clear();
    expect(isKitLimit(timeout)).toBe(true);
    expect((timeout as unknown as Record<string, unknown>)[KIT_LIMIT]).toBe('time-limit');
    expect(told).toEqual([vitestLimitReason(66_000)]);
    expect(limit.signal.aborted).toBe(true);
  });

  it("leaves a cancelled run (vitest's TestRunAbortError) to the run's own stop, and an unmarked error is no limit", () => {
    const test = new AbortController();
    const told: string[] = [];
    const limit = startTimeLimit(60_000, 66_000, test.signal, (r) => told.push(r));
    const cancelled = Object.assign(new Error('The test run was aborted by the user.'), { name: 'TestRunAbortError' });
    test.abort(cancelled);
    limit.clear();
    expect([isKitLimit(cancelled), told, limit.signal.aborted]).toEqual([false, [], false]);
    // Recognised by the mark, never by the message.
    expect(isKitLimit({ message: 'Test timed out in 300000ms.' })).toBe(false);
  });

  it('lets a body that ends in time end as it ends', async () => {
    const limit = startTimeLimit(60_000, 66_000, new AbortController().signal, () => {});
    await expect(limit.within(Promise.resolve('done'))).resolves.toBe('done');
    await expect(limit.within(Promise.reject(new TypeError('boom')))).rejects.toThrow('boom');
    limit.clear();
    expect(limit.signal.aborted).toBe(false);
  });
});
