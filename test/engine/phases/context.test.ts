// The run's context (engine/phases/context.ts): what a phase opens is closed once, in the order
// opened; the progress line starts once, whichever pass runs first, and its stop keeps what the
// worker last reported.
import { describe, expect, it } from 'vitest';
import { closeOpened, startProgress, type RunContext } from '../../../engine/phases/context.ts';

describe('closeOpened', () => {
  it('closes in the order opened, waiting for each, and each only once', async () => {
    const closed: string[] = [];
    const ctx = {
      opened: [
        async () => {
          await new Promise((r) => setTimeout(r, 5));
          closed.push('early worker');
        },
        () => void closed.push('progress line'),
      ],
    };
    await closeOpened(ctx);
    await closeOpened(ctx);
    expect(closed).toEqual(['early worker', 'progress line']);
    expect(ctx.opened).toEqual([]);
  });
});

describe('startProgress', () => {
  it('starts the line once for both passes; closing it stops it and keeps the worker progress', async () => {
    const calls: string[] = [];
    const last = { requests: 7, responses429: 1, waitedMs: 3 };
    const progress = {
      start: () => void calls.push('start'),
      stop: () => {
        calls.push('stop');
        return last;
      },
    };
    const ctx = { io: { progress, collector: {} }, opened: [], worker: { requests: 0, responses429: 0, waitedMs: 0 } } as unknown as RunContext;
    startProgress(ctx);
    startProgress(ctx);
    expect(calls).toEqual(['start']);
    expect(ctx.opened).toHaveLength(1);
    await closeOpened(ctx);
    expect(calls).toEqual(['start', 'stop']);
    expect(ctx.worker).toBe(last);
  });
});
