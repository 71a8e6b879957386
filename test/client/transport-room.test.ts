// The room and the deadline of client/transport-room.ts alone: the oldest body never waits, the
// others wait past the budget and are woken when room is made, together they never hold more than
// budget + cap, and every wait ends; the deadline's clock stops while its request waits.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoom, startDeadline, type Share } from '../../client/transport-room.ts';

const turn = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  vi.useRealTimers();
});

describe('the room of the bodies in flight', () => {
  it('lets the oldest read on past the budget; the others wait, and go on when a share gives its bytes back', async () => {
    const room = createRoom(100);
    const [a, b, c] = [room.open(), room.open(), room.open()];
    b.add(60);
    expect(a.fits(80)).toBe(true);
    a.add(80);
    expect(room.held()).toBe(140);
    expect(b.fits(1)).toBe(false);
    const order: string[] = [];
    const cWaits = c.take(30).then(() => order.push('c'));
    await turn();
    expect(room.waiting()).toBe(1);
    expect(order).toEqual([]);
    a.close();
    await cWaits;
    expect(order).toEqual(['c']);
    expect(room.held()).toBe(90);
    expect(room.waiting()).toBe(0);
    // b is now the oldest: it may read on whatever is held.
    expect(b.fits(100)).toBe(true);
    b.close();
    c.close();
    c.close();
    expect(room.held()).toBe(0);
  });

  it('every wait ends and what is held never passes budget + cap, whatever the sizes (a seeded walk of 20 readers)', async () => {
    const budget = 1000;
    const cap = 400;
    const room = createRoom(budget);
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
    let most = 0;
    let waited = 0;
    const reader = async (share: Share, size: number) => {
      let kept = 0;
      while (kept < size) {
        const n = Math.min(1 + next(120), size - kept);
        if (share.fits(n)) share.add(n);
        else await share.take(n);
        kept += n;
        most = Math.max(most, room.held());
        waited = Math.max(waited, room.waiting());
        await turn();
      }
      share.close();
      return kept;
    };
    const sizes = Array.from({ length: 20 }, () => 100 + next(cap - 100));
    const kept = await Promise.all(sizes.map((size) => reader(room.open(), size)));
    expect(kept).toEqual(sizes);
    expect(waited).toBeGreaterThan(0);
    expect(most).toBeGreaterThan(budget);
    expect(most).toBeLessThanOrEqual(budget + cap);
    expect(room.held()).toBe(0);
  });
});

describe('the deadline that leaves the waits out', () => {
  it('expires after its time has run, its pauses left out; ran() says the time it ran', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const expire = vi.fn();
    const d = startDeadline(1_000, expire);
    vi.advanceTimersByTime(400);
    d.pause();
    vi.advanceTimersByTime(5_000);
    expect(expire).not.toHaveBeenCalled();
    d.resume();
    expect(d.ran()).toBe(400);
    vi.advanceTimersByTime(599);
    expect(expire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(expire).toHaveBeenCalledTimes(1);
  });

  it('once cleared, stops for good: a resume does not start it again', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const expire = vi.fn();
    const d = startDeadline(1_000, expire);
    vi.advanceTimersByTime(300);
    d.clear();
    d.resume();
    vi.advanceTimersByTime(5_000);
    expect(expire).not.toHaveBeenCalled();
    expect(d.ran()).toBe(300);
  });
});
