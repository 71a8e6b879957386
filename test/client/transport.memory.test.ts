// The transport's memory, whatever the target sends: a body announced over the cap is read only as
// far as what a cut body keeps; the bodies of the requests in flight together stay under the
// transport's budget plus one cap (a body that does not fit waits for room, and is never cut for
// it: transport.room.test.ts); and every byte held is given back when its request ends; and a cut answer named by a finding costs the records a few KB,
// not the cap's megabytes nor tens of KB per finding.
import { describe, expect, it } from 'vitest';
import { KEPT_OF_CUT_BODY } from '../../client/transport.ts';
import { describeResponse, toFinding } from '../../contract/checks/finding.ts';
import { keptFinding } from '../../core/record.ts';
import type { Handler } from '../support/stub-server.ts';
import { stubTransport, type StubTransport } from '../support/stub-transport.ts';
import { closeAfterEach } from '../support/close-after-each.ts';

let open: StubTransport | undefined;

closeAfterEach(() => [open]);

async function setup(handler: Handler, maxResponseBytes: number, inFlightBytes?: number) {
  open = await stubTransport(handler, maxResponseBytes, inFlightBytes);
  return open;
}

const KB = 1024;

describe('the memory of the transport', () => {
  it('reads a body whose Content-Length is over the cap only as far as the excerpt it keeps', async () => {
    const { t, get } = await setup(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(64 * 1024 * KB) });
        const chunk = Buffer.alloc(64 * KB, 'x');
        const pump = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
        };
        pump();
      },
      4 * 1024 * KB,
    );
    const ex = await t.send(get('/huge'));
    expect(ex.failure).toMatchObject({ kind: 'too-large', message: expect.stringMatching(/Content-Length 67108864 exceeds the cap of 4194304 bytes/) });
    expect(ex.response).toMatchObject({ status: 200, truncated: true });
    expect(ex.response!.body.length).toBe(KEPT_OF_CUT_BODY);
    // Read up to the excerpt and its last chunk, never to the cap.
    expect(ex.response!.bytes).toBeLessThan(KEPT_OF_CUT_BODY + 256 * KB);
    expect(t.heldBytes()).toBe(0);
  });

  it('keeps the bodies in flight under its budget: the body that does not fit waits for the held one, then both arrive whole', async () => {
    const release: (() => void)[] = [];
    const { t, get } = await setup(
      (q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`"${'a'.repeat(700 * KB)}`);
        // The first body is held open until the second waits for room; the second ends at once.
        if (q.url === '/held') release.push(() => res.end('"'));
        else res.end('"');
      },
      1024 * KB,
      1024 * KB,
    );
    const first = t.send(get('/held'));
    let most = 0;
    // Waits (on events, not a clock) until the whole first part of the held body is in.
    while (t.heldBytes() < 700 * KB + 1) await new Promise((r) => setImmediate(r));
    const other = t.send(get('/other'));
    while (t.waitingForRoom() === 0) {
      most = Math.max(most, t.heldBytes());
      await new Promise((r) => setImmediate(r));
    }
    most = Math.max(most, t.heldBytes());
    // The second holds what fitted beside the first, never past the budget, and reads no further.
    expect(most).toBeGreaterThan(700 * KB + 1);
    expect(most).toBeLessThanOrEqual(1024 * KB);
    while (release.length === 0) await new Promise((r) => setImmediate(r));
    release.forEach((r) => r());
    const [held, second] = await Promise.all([first, other]);
    expect(held.failure).toBeUndefined();
    expect(held.response?.body.length).toBe(700 * KB + 2);
    expect(second.failure).toBeUndefined();
    expect(second.response).toMatchObject({ truncated: false, bytes: 700 * KB + 2 });
    expect(t.heldBytes()).toBe(0);
  });

  it('keeps of a streamed body over the cap its first bytes, its length and a note: a finding on it costs the records under 8 KB', async () => {
    const { t, get } = await setup((_q, res) => {
      // Chunked (no Content-Length): the cut happens while it streams, at the cap.
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"status":true,"message":"');
      const chunk = Buffer.alloc(64 * KB, 'x');
      const pump = () => {
        while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
      };
      pump();
    }, 1024 * KB);
    const ex = await t.send(get('/huge'));
    expect(ex.failure).toMatchObject({ kind: 'too-large', message: expect.stringMatching(/exceeds the cap of 1048576 bytes/) });
    expect(ex.response).toMatchObject({ status: 200, truncated: true });
    expect(ex.response!.bytes).toBeGreaterThan(1024 * KB);
    expect(ex.response!.body.startsWith('{"status":true,"message":"xxx')).toBe(true);
    expect(ex.response!.body.length).toBeLessThanOrEqual(4 * KB);
    expect(ex.jsonError).toBe('truncated at 1048576 bytes');
    // What the records hold of it: a kept finding naming the exchange, as the worker sends it to the host.
    const numbered = { ...ex, seq: 1 };
    const finding = keptFinding(
      toFinding('envelope.shape', 'ENV-1', { title: 'not an envelope', received: describeResponse(numbered), expected: 'an envelope' }, numbered),
    );
    expect(JSON.stringify(finding).length).toBeLessThan(8 * KB);
    expect(t.heldBytes()).toBe(0);
  });

  it('8 requests in flight, each answered an endless body: together they never hold more than the budget and one cap, each is cut and keeps its first bytes', async () => {
    const { t, get } = await setup(
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(16 * KB, 'x');
        const pump = () => {
          while (!res.destroyed) if (!res.write(chunk)) return void res.once('drain', pump);
        };
        pump();
      },
      1024 * KB,
      2048 * KB,
    );
    let most = 0;
    let done = false;
    const all = Promise.all(Array.from({ length: 8 }, (_, i) => t.send(get(`/endless/${i}`)))).finally(() => (done = true));
    // Samples what is held at every turn of the event loop until all eight have ended (no clock).
    while (!done) {
      most = Math.max(most, t.heldBytes());
      await new Promise((r) => setImmediate(r));
    }
    const exchanges = await all;
    expect(exchanges.map((ex) => ex.failure?.kind)).toEqual(Array(8).fill('too-large'));
    expect(exchanges.every((ex) => ex.response!.truncated && ex.response!.body.length <= 4 * KB)).toBe(true);
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2048 * KB + 1024 * KB);
    expect(t.heldBytes()).toBe(0);
  });
});
