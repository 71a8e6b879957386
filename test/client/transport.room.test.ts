// A body under the cap is never cut for the kit's own want of room: requests in flight whose
// bodies together pass the transport's budget wait for room, each body arrives whole, nothing
// fails, and what they hold together stays under budget + cap. The wait is the kit's time: it
// counts neither against the exchange's deadline nor in its durationMs. Driven by a stub server,
// event-loop turns and fake timers, never a wall clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Handler } from '../support/stub-server.ts';
import { stubTransport, type StubTransport } from '../support/stub-transport.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

let open: StubTransport | undefined;

closeAfterEach(() => [open]);
// Registered after: vitest runs after-hooks last-registered first, so the real timers are back before the close.
afterEach(() => {
  vi.useRealTimers();
});

const KB = 1024;

async function setup(handler: Handler, maxResponseBytes: number, inFlightBytes?: number) {
  open = await stubTransport(handler, maxResponseBytes, inFlightBytes);
  return open;
}

/** Writes a JSON string of `size` bytes in 16 KB chunks as the socket drains, then ends it unless `hold`. */
function pumpString(res: Parameters<Handler>[1], size: number, hold?: (end: () => void) => void) {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(16 * KB, 'a');
  let left = size - 2;
  res.write('"');
  const pump = () => {
    while (left > 0 && !res.destroyed) {
      const part = chunk.subarray(0, Math.min(left, chunk.length));
      left -= part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    if (hold) hold(() => res.end('"'));
    else res.end('"');
  };
  pump();
}

const turn = () => new Promise((r) => setImmediate(r));

describe('the room of the bodies in flight', () => {
  it('8 requests in flight, each answered 700 KB under a 1 MB cap, 5.6 MB against a 2 MB budget: none is cut, each arrives whole', async () => {
    const size = 700 * KB;
    // Every body is held open (its last byte unsent) until all eight requests have reached the server: they overlap.
    const held = { all: false, ends: [] as (() => void)[] };
    const { t, get } = await setup(
      (_q, res, _body, n) => {
        pumpString(res, size, (end) => (held.all ? end() : held.ends.push(end)));
        if (n === 8) {
          held.all = true;
          held.ends.splice(0).forEach((end) => end());
        }
      },
      1024 * KB,
      2048 * KB,
    );
    let most = 0;
    let waited = 0;
    let done = false;
    const all = Promise.all(Array.from({ length: 8 }, (_, i) => t.send(get(`/page/${i}`)))).finally(() => (done = true));
    // Samples what is held and who waits at every turn of the event loop until all eight have ended (no clock).
    while (!done) {
      most = Math.max(most, t.heldBytes());
      waited = Math.max(waited, t.waitingForRoom());
      await turn();
    }
    const exchanges = await all;
    expect(exchanges.map((ex) => ex.failure?.kind ?? 'whole')).toEqual(Array(8).fill('whole'));
    for (const ex of exchanges) {
      expect(ex.response).toMatchObject({ status: 200, truncated: false, bytes: size });
      expect(ex.response!.body.length).toBe(size);
      expect(typeof ex.json).toBe('string');
    }
    // The budget was reached (some waited), and never passed by more than the one body the oldest may read on.
    expect(waited).toBeGreaterThan(0);
    expect(most).toBeGreaterThan(1024 * KB);
    expect(most).toBeLessThanOrEqual(2048 * KB + 1024 * KB);
    expect(t.heldBytes()).toBe(0);
    expect(t.waitingForRoom()).toBe(0);
  });

  it('a request waiting for room longer than its own deadline does not time out; its durationMs leaves the wait out', async () => {
    // Fake timers and clock (the deadline's); the sockets and event-loop turns are real.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const release: (() => void)[] = [];
    const { t, get } = await setup((q, res) => pumpString(res, 700 * KB, q.url === '/held' ? (end) => release.push(end) : undefined), 1024 * KB, 1024 * KB);
    const first = t.send(get('/held'));
    while (t.heldBytes() < 700 * KB - 1) await turn();
    // The second's 700 KB do not fit beside the first's: it waits for room.
    const second = t.send(get('/other', 2_000));
    while (t.waitingForRoom() === 0) await turn();
    // The target holds the first three times the second's deadline; the second waits all along.
    vi.advanceTimersByTime(6_000);
    for (let i = 0; i < 5; i++) await turn();
    expect(t.waitingForRoom()).toBe(1);
    while (release.length === 0) await turn();
    release.forEach((end) => end());
    const [a, b] = await Promise.all([first, second]);
    expect(a.failure).toBeUndefined();
    expect(a.durationMs).toBeGreaterThanOrEqual(6_000);
    expect(b.failure).toBeUndefined();
    expect(b.response).toMatchObject({ status: 200, truncated: false, bytes: 700 * KB });
    expect(b.durationMs).toBeLessThan(2_000);
    expect(t.heldBytes()).toBe(0);
  });
});
