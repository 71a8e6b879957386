// A window shown by Retry-After dates, fixed or sliding, told apart by a trial (client/scheduler/slide-trial.ts):
// the pace keeps the fixed window, the first send only the shorter allows goes alone; accepted twice,
// a window apart: sliding; refused: fixed. No trial under 3 s (a token bucket half refilled takes one).
import { describe, expect, it } from 'vitest';
import { openSlideTrial, trialAnswered, trialSent, trialUntil } from '../../../client/scheduler/slide-trial.ts';

const T = 1_700_000_000_000;
/** A burst of 80 sends from `from`, one per ms. */
const burst = (from: number) => Array.from({ length: 80 }, (_, i) => from + i);

describe('a trial of a sliding window shown by dates', () => {
  it('none for ends 2 s apart or less', () => {
    expect(openSlideTrial(2000)).toBeUndefined();
    expect(openSlideTrial(3000)?.slidingMs).toBe(2000);
  });

  it('the first send only the shorter window allows is the trial; the others wait for the fixed window meanwhile', () => {
    const s = openSlideTrial(3000)!;
    const log = burst(T);
    // Under 3 s (and its margin) the next send goes at T + 3090; the shorter window lets one go at T + 2060.
    expect(trialUntil(s, 80, log, T + 100)).toBe(T + 2060);
    trialSent(s, 80, log, T + 2060);
    expect(s.pending).toBe(T + 2060);
    // Under way: the others look again shortly, never sent before the fixed window lets them.
    expect(trialUntil(s, 80, [...log.slice(1), T + 2060], T + 2070)).toBe(T + 2080);
    expect(trialAnswered(s, true)).toBe(2000);
    expect(s.state).toBe('provisional');
    // Provisional: the shorter window's sends go; the next trial a window after the first.
    const log2 = [...log.slice(1), T + 2060];
    expect(trialUntil(s, 80, log2, T + 2070)).toBe(T + 2061);
    trialSent(s, 80, log2, T + 2100);
    expect(s.pending).toBeUndefined();
    trialSent(s, 80, burst(T + 2100), T + 4200);
    expect(s.pending).toBe(T + 4200);
    expect(trialAnswered(s, true)).toBe(2000);
    expect(s.state).toBe('sliding');
  });

  it('a trial refused: the fixed window for good', () => {
    const s = openSlideTrial(3000)!;
    trialSent(s, 80, burst(T), T + 2060);
    expect(trialAnswered(s, false)).toBe(3000);
    expect(s.state).toBe('fixed');
  });

  it('a send the fixed window allows is no trial', () => {
    const s = openSlideTrial(3000)!;
    trialSent(s, 80, burst(T), T + 3100);
    expect(s.pending).toBeUndefined();
  });
});
