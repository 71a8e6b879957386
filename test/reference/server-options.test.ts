// The options of startReference beyond the profile: a far target (latency +- a seeded jitter,
// waited without spending CPU), reset() for nightly reruns, and the profile option itself.
import { afterEach, describe, expect, it } from 'vitest';
import { PROFILE_NAMES } from '../../reference/profiles/index.ts';
import { delays, startReference, type ReferenceServer } from '../../reference/server.ts';
import { call, paths, postReport, reportBody, setStatus, validCustomer } from './helpers.ts';

const started: ReferenceServer[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});
async function start(opts: Parameters<typeof startReference>[0]): Promise<ReferenceServer> {
  const s = await startReference(opts);
  started.push(s);
  return s;
}

/** Milliseconds each of `n` sequential report requests took. */
async function timings(server: ReferenceServer, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    expect((await postReport(server.url, { limit: 1 })).status).toBe(200);
    out.push(performance.now() - t);
  }
  return out;
}

describe('latency and jitter (a far target)', () => {
  it('delays every answer, errors included, by the latency', async () => {
    const s = await start({ latencyMs: 120 });
    for (const ms of await timings(s, 3)) expect(ms).toBeGreaterThanOrEqual(118);
    const t = performance.now();
    expect((await call(s.url, 'POST', paths.report, { body: reportBody(), token: null })).status).toBe(403);
    expect(performance.now() - t).toBeGreaterThanOrEqual(118);
  });

  it('varies the delay within latency +- jitter, seeded: the same seed gives the same delays', async () => {
    const [a, b] = [await start({ latencyMs: 100, jitterMs: 80, seed: 5 }), await start({ latencyMs: 100, jitterMs: 80, seed: 5 })];
    const [ta, tb] = [await timings(a, 8), await timings(b, 8)];
    // Each answer waits at least the delay drawn for it (loopback and a busy CPU add, never remove).
    const drawn = delays(5, 100, 80)!;
    const planned = Array.from({ length: 8 }, drawn);
    ta.forEach((ms, i) => expect(ms).toBeGreaterThanOrEqual(planned[i]! - 2));
    tb.forEach((ms, i) => expect(ms).toBeGreaterThanOrEqual(planned[i]! - 2));
    // The draws: within latency +- jitter, spread by the jitter, the same for the same seed.
    for (const ms of planned) (expect(ms).toBeGreaterThanOrEqual(20), expect(ms).toBeLessThanOrEqual(180));
    expect(Math.max(...planned) - Math.min(...planned)).toBeGreaterThan(20);
    const again = delays(5, 100, 80)!;
    expect(Array.from({ length: 8 }, again)).toEqual(planned);
    const other = delays(6, 100, 80)!;
    expect(Array.from({ length: 8 }, other)).not.toEqual(planned);
  });

  it('waits without holding the server: 40 requests at once with 300 ms latency take about 300 ms, not 12 s', async () => {
    const s = await start({ latencyMs: 300 });
    const t = performance.now();
    const answers = await Promise.all(Array.from({ length: 40 }, () => postReport(s.url, { limit: 1 })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    // One after the other they would take 12 s: a generous ceiling well below that, for busy machines.
    expect(performance.now() - t).toBeLessThan(6_000);
  });

  it('refuses a negative latency', async () => {
    await expect(startReference({ latencyMs: -1 })).rejects.toThrow(/latency/);
  });
});

describe('reset()', () => {
  it('puts vouchers and contacts back to their initial state', async () => {
    const s = await start({});
    expect((await setStatus(s.url, 1001, 'Cancelled')).status).toBe(200);
    expect((await setStatus(s.url, 1001, 'Confirmed')).status).toBe(400);
    const id = (await call(s.url, 'POST', paths.customer(), { body: validCustomer() })).json.response.contactId;
    expect((await call(s.url, 'GET', paths.contact(id))).status).toBe(200);
    s.reset();
    expect((await call(s.url, 'GET', paths.orderRead(1001))).json.response.orderStatus).toBe('Pending');
    expect((await setStatus(s.url, 1001, 'Confirmed')).status).toBe(200);
    expect((await call(s.url, 'GET', paths.contact(id))).status).toBe(400);
    expect((await call(s.url, 'POST', paths.customer(), { body: validCustomer() })).json.response.contactId).toBe(id);
  });
});

describe('the profile option', () => {
  it('starts every profile by name and says which it is', async () => {
    for (const name of PROFILE_NAMES) {
      const s = await start({ profile: name });
      expect(s.profile).toBe(name);
      expect(s.runConfig().target.name).toContain('erp-conformance reference');
    }
  });

  it('refuses an unknown profile, naming the known ones', async () => {
    await expect(startReference({ profile: 'nope' })).rejects.toThrow(/nope.*default, ledger/);
  });

  it("switches the profile's always-on limit off with rateLimit: null, and on again with setRateLimit", async () => {
    const s = await start({ profile: 'forward-only', rateLimit: null });
    expect((await postReport(s.url, { limit: 1 })).headers.ratelimit).toBeUndefined();
    s.setRateLimit({ limit: 1, windowSeconds: 60, algorithm: 'fixed', scope: 'global' });
    expect((await postReport(s.url, { limit: 1 })).status).toBe(200);
    expect((await postReport(s.url, { limit: 1 })).status).toBe(429);
  });
});
