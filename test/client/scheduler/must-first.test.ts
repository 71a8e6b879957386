// MUSTs first in time (client/scheduler/must-first.ts), on a simulated clock: under a read quota of
// 4 per 6 s that both read paths share and a budget of a few windows, a MUST test's reads started
// after a SHOULD test's backlog all go before the backlog's next ones, and a MUST walk (one read
// after another, each 100 ms away) gets the quota's last place of a window; without the MUST mark
// the same reads wait behind the backlog and the budget refuses them, so the order is the mark's.
// A SHOULD test raised to a MUST's (a MUST's test waits for a voucher it holds) goes as one.
import { describe, expect, it } from 'vitest';
import { createScheduler, inFlow } from '../../../client/scheduler.ts';
import { statedQuotas } from '../../../client/stated-quotas.ts';
import { answer, notSent } from '../../../bench/support/answers.ts';
import { clock } from '../../../bench/support/sim-clock.ts';

/** A scheduler under readBack 4/6s whose budget ends `budgetMs` from now; each answer takes 100 ms. */
function setup(budgetMs: number) {
  const c = clock();
  const t0 = c.now();
  const s = createScheduler({ concurrency: 8, pacing: true, now: c.now, sleep: c.sleep, quotas: statedQuotas({ readBack: '4/6s' }), deadline: t0 + budgetMs });
  const sent: { who: string; at: number }[] = [];
  const send = (who: string) => async () => {
    sent.push({ who, at: c.now() - t0 });
    await c.sleep(100);
    return answer(200);
  };
  return { c, s, sent, send };
}

/** A SHOULD test's backlog of 40 contact reads from the start; `musts` starts 1 s later. */
async function backlogThen(o: ReturnType<typeof setup>, musts: () => Promise<unknown>) {
  const backlog = inFlow('contact SHOULD', () => Promise.all(Array.from({ length: 40 }, () => o.s.run(o.send('should'), notSent, 'contactRead'))), {
    must: false,
  });
  await o.c.sleep(1000);
  const asked = o.c.now();
  const [, mine] = await Promise.all([backlog, musts()]);
  return { asked, mine: mine as { notSent?: unknown }[] };
}

describe('MUSTs first in time where a pace makes requests wait', () => {
  const reads = (o: ReturnType<typeof setup>, must: boolean) => () =>
    inFlow('order-status MUST', () => Promise.all(Array.from({ length: 8 }, () => o.s.run(o.send('must'), notSent, 'orderStatusRead'))), { must });

  it("a MUST test's reads go before the backlog a SHOULD test queued earlier", async () => {
    const o = setup(20_000);
    const { mine } = await backlogThen(o, reads(o, true));
    expect(mine.filter((ex) => ex.notSent)).toEqual([]);
    const lastMust = Math.max(...o.sent.filter((x) => x.who === 'must').map((x) => x.at));
    // The first window's 4 went to the backlog before the MUSTs asked; then none until the 8 MUSTs went (two windows).
    expect(o.sent.filter((x) => x.who === 'should' && x.at <= lastMust).length).toBe(4);
    expect(lastMust).toBeLessThan(14_000);
    // The backlog gets what is left of the budget: the rest is not sent.
    expect(o.s.stats().notSent.budget).toBeGreaterThan(0);
  });

  it('without the MUST mark the same reads wait behind the backlog and the budget refuses them', async () => {
    const o = setup(20_000);
    const { mine } = await backlogThen(o, reads(o, false));
    expect(mine.filter((ex) => ex.notSent).length).toBeGreaterThan(0);
  });

  it('a MUST walk (one read after another) gets the last place of each window', async () => {
    const o = setup(60_000);
    const walk = () =>
      inFlow(
        'lifecycle walk',
        async () => {
          const out = [];
          for (let i = 0; i < 6; i++) out.push(await o.s.run(o.send('must'), notSent, 'orderStatusRead'));
          return out;
        },
        { must: true },
      );
    const { mine } = await backlogThen(o, walk);
    expect(mine.filter((ex) => ex.notSent)).toEqual([]);
    const musts = o.sent.filter((x) => x.who === 'must').map((x) => x.at);
    // Each window of 6 s serves the walk at least 2 reads while the backlog takes the rest: 6 reads within 3 windows.
    expect(musts[5]! - musts[0]!).toBeLessThan(3 * 6000);
    expect(o.sent.filter((x) => x.who === 'should').length).toBeGreaterThan(4);
  });

  it("a SHOULD test raised to a MUST's (a MUST's test waits for what it holds) reads beside the MUSTs, not after their backlog", async () => {
    const holder = async (raised: boolean) => {
      const o = setup(120_000);
      const musts = inFlow('MUST backlog', () => Promise.all(Array.from({ length: 24 }, () => o.s.run(o.send('must'), notSent, 'orderStatusRead'))), {
        must: true,
      });
      await o.c.sleep(1000);
      const walk = inFlow(
        'OS-8 holding a voucher',
        async () => {
          for (let i = 0; i < 3; i++) await o.s.run(o.send('holder'), notSent, 'orderStatusRead');
        },
        { must: false, raised: () => raised },
      );
      await Promise.all([musts, walk]);
      const at = (who: string) => o.sent.filter((x) => x.who === who).map((x) => x.at);
      return { lastHolder: Math.max(...at('holder')), lastMust: Math.max(...at('must')) };
    };
    // 24 MUST reads at 4 per 6 s take 6 windows: held back, the holder's 3 reads come after them all.
    const behind = await holder(false);
    expect(behind.lastHolder).toBeGreaterThan(behind.lastMust);
    const raised = await holder(true);
    expect(raised.lastHolder).toBeLessThan(raised.lastMust);
    expect(raised.lastHolder).toBeLessThan(4 * 6000);
  });
});
