// Adaptive concurrency wired into the scheduler (client/scheduler.ts `adaptive`), on a simulated
// clock: a target of 8 workers, 100 ms an answer, queueing the rest (each answer takes longer with
// more in flight), and a 1 s time limit per request. At a ceiling of 128 the scheduler keeps few
// enough in flight that no request times out, and the run takes near the pool's floor; without
// adaptation the same load times requests out. A read that timed out is sent again. A far target
// that is not loaded (150 ms an answer, with jitter) keeps the default 8 in flight all the run.
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../../../client/scheduler.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';
import { answer, none, notSent } from '../../../bench/support/answers.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

const SERVICE_MS = 100;
const TIMEOUT_MS = 1000;

/** A pool of `workers`: a request waits for the first free one; past TIMEOUT_MS the client gives up (the worker still does the work). */
function pool(c: ReturnType<typeof clock>, workers = 8, slow = () => false) {
  const freeAt = Array.from({ length: workers }, () => 0);
  let inFlight = 0;
  let most = 0;
  return {
    send: async (): Promise<UnnumberedExchange> => {
      most = Math.max(most, ++inFlight);
      const i = freeAt.indexOf(Math.min(...freeAt));
      const end = Math.max(c.now(), freeAt[i]!) + (slow() ? 5 * TIMEOUT_MS : SERVICE_MS);
      freeAt[i] = end;
      const latency = end - c.now();
      await c.sleep(Math.min(latency, TIMEOUT_MS));
      inFlight--;
      return latency > TIMEOUT_MS ? none('timeout') : answer(200);
    },
    most: () => most,
  };
}

function load(adaptive: boolean) {
  const c = clock();
  const s = createScheduler({ concurrency: 128, pacing: false, now: c.now, sleep: c.sleep, ...(adaptive ? { adaptive: { slackMs: 100 } } : {}) });
  return { c, s };
}

describe('concurrency that adapts, in the scheduler', () => {
  it('at a ceiling of 128 against a pool of 8, no request times out and the run takes near its floor', async () => {
    const { c, s } = load(true);
    const target = pool(c);
    const t0 = c.now();
    const all = await Promise.all(Array.from({ length: 800 }, (_, i) => s.run(target.send, notSent, i % 2 ? 'orderStatusRead' : 'orderStatus')));
    expect(all.filter((ex) => !ex.response).length).toBe(0);
    // The floor: 800 answers by 8 workers at 100 ms = 10 s.
    expect(c.now() - t0).toBeLessThan(1.25 * 10_000);
    // Slow start overshoots once (8, 16, 32, 64: a round's answers lag its limit), to half the ceiling at most.
    expect(target.most()).toBeLessThanOrEqual(64);
  });

  it('without adaptation, the same load times requests out', async () => {
    const { c, s } = load(false);
    const target = pool(c);
    const all = await Promise.all(Array.from({ length: 800 }, (_, i) => s.run(target.send, notSent, i % 2 ? 'orderStatusRead' : 'orderStatus')));
    expect(all.filter((ex) => !ex.response).length).toBeGreaterThan(100);
  });

  it('a read that timed out goes again, a write does not', async () => {
    const { c, s } = load(true);
    let first = true;
    const target = pool(c, 8, () => (first ? !(first = false) : false));
    const read = await s.run(target.send, notSent, 'orderStatusRead');
    expect(read.response?.status).toBe(200);
    first = true;
    const write = await s.run(target.send, notSent, 'orderStatus');
    expect(write.failure?.kind).toBe('timeout');
  });

  it('150 ms away at the default 8 in flight, 8 stay in flight: the run takes its floor (requests x 150 ms / 8)', async () => {
    const c = clock();
    const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, adaptive: { slackMs: 100 } });
    // Requests in flight over the simulated time (answers at one instant count once they all came).
    let inFlight = 0;
    let last = c.now();
    let area = 0;
    const step = (d: number) => ((area += inFlight * (c.now() - last)), (last = c.now()), (inFlight += d));
    const far = (i: number) => async (): Promise<UnnumberedExchange> => {
      step(1);
      await c.sleep(150 + ((i * 37) % 61) - 30); // 120-180 ms, 150 on average
      step(-1);
      return answer(200);
    };
    const t0 = c.now();
    await Promise.all(Array.from({ length: 800 }, (_, i) => s.run(far(i), notSent, ['orderStatus', 'report', 'customerCreate', 'orderStatusRead'][i % 4]!)));
    // The slots never fell: 8 in flight all the run but its last answers, and the run at its floor.
    expect(area / (c.now() - t0)).toBeGreaterThan(7.9);
    expect(c.now() - t0).toBeLessThanOrEqual(1.02 * ((800 * 150) / 8));
  });
});
