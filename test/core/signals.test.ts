// The same signal twice (core/signals.ts): a repeat handled within SAME_DELIVERY_MS of the first is
// the same delivery; one handled later is the user insisting only if the event loop has been free
// in between (FREE_BEATS heartbeats). A loop held by a module load for longer than the window, with
// the repeat waiting behind it, must not end the run without its certificate. The clock and the
// timers are faked: nothing here depends on the machine's speed. The installer and the latch that
// run, load, serve and the worker share hand on each signal and apply that rule.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEAT_MS, FREE_BEATS, onStopSignals, repeatJudge, SAME_DELIVERY_MS, signalLatch } from '../../core/signals.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a signal after the first one', () => {
  it('is the same delivery within the window, and a later one once the loop has beaten freely', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const judge = repeatJudge();
    vi.advanceTimersByTime(SAME_DELIVERY_MS - BEAT_MS);
    expect(judge.isRepeat()).toBe(true);
    vi.advanceTimersByTime(2 * BEAT_MS);
    expect(judge.isRepeat()).toBe(false);
    judge.dispose();
  });

  it('is the same delivery after the window when the loop was held all along (no heartbeat ran)', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const judge = repeatJudge();
    now += 3 * SAME_DELIVERY_MS; // a synchronous module load: no timer could run
    expect(judge.isRepeat()).toBe(true);
    // Once the loop is free again, FREE_BEATS beats later a signal is the user's second one.
    vi.advanceTimersByTime((FREE_BEATS - 1) * BEAT_MS);
    expect(judge.isRepeat()).toBe(true);
    vi.advanceTimersByTime(BEAT_MS);
    expect(judge.isRepeat()).toBe(false);
    judge.dispose();
  });
});

describe('the one signal handling (onStopSignals, signalLatch)', () => {
  it('hands SIGINT and SIGTERM to the handler until released', () => {
    const seen: string[] = [];
    const release = onStopSignals((s) => seen.push(s));
    process.emit('SIGINT');
    process.emit('SIGTERM');
    release();
    process.emit('SIGINT');
    expect(seen).toEqual(['SIGINT', 'SIGTERM']);
  });

  it('acts on the first stop, ignores the same delivery again and passes on the user insisting', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const calls: string[] = [];
    const latch = signalLatch<string>(
      (s) => calls.push(`first ${s}`),
      (s, first) => calls.push(`insist ${s} after ${first}`),
    );
    latch.hit('SIGTERM');
    latch.hit('SIGTERM');
    expect(calls).toEqual(['first SIGTERM']);
    vi.advanceTimersByTime(SAME_DELIVERY_MS + BEAT_MS);
    latch.hit('SIGINT');
    expect(calls).toEqual(['first SIGTERM', 'insist SIGINT after SIGTERM']);
    expect(latch.first()).toBe('SIGTERM');
    latch.dispose();
  });
});
