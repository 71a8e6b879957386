// A burst's requests that must meet go in one turn (client/scheduler/gang.ts): with one slot free,
// the two updates of one voucher sent at once (OS-9) went one after the other, the first answered
// before the second had a slot; held at the last step, they go together once both passed the
// policies. A gang never waits for more members than the slots hold, nor past its hold.
import { describe, expect, it } from 'vitest';
import { createScheduler, inFlow } from '../../../client/scheduler.ts';
import { createGang } from '../../../client/scheduler/gang.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';

const answer = {} as UnnumberedExchange;
const turn = () => new Promise((r) => setImmediate(r));

/** A scheduler of two slots, one held by a long request of another test until `freeSlot`; a burst of two quick requests. */
async function burstBesideLongRequest(together: number | undefined) {
  const events: string[] = [];
  const scheduler = createScheduler({ concurrency: 2, pacing: false });
  const notSent = () => answer;
  let freeSlot = () => {};
  const held = new Promise<UnnumberedExchange>((done) => (freeSlot = () => (events.push('answer long'), done(answer))));
  const long = inFlow('long', () => scheduler.run(() => (events.push('send long'), held), notSent));
  const quick = (name: string) => () => (events.push(`send ${name}`), Promise.resolve(answer).finally(() => events.push(`answer ${name}`)));
  const burst = inFlow('t at once', () => Promise.all([scheduler.run(quick('A'), notSent), scheduler.run(quick('B'), notSent)]), {
    burst: true,
    ...(together !== undefined ? { together } : {}),
  });
  for (let i = 0; i < 5; i++) await turn();
  freeSlot();
  await Promise.all([long, burst]);
  return events;
}

describe("a burst's gang", () => {
  it('without it, two requests at once with one slot free go one after the other: the first answered before the second is sent', async () => {
    const events = await burstBesideLongRequest(undefined);
    expect(events.indexOf('answer A')).toBeLessThan(events.indexOf('send B'));
  });

  it('with it, the first waits for the second, which takes the slot the long request frees: both go before either is answered', async () => {
    const events = await burstBesideLongRequest(2);
    expect(events.slice(0, 2)).toEqual(['send long', 'answer long']);
    expect(events.slice(2, 4).sort()).toEqual(['send A', 'send B']);
  });

  it('waits for no more members than the slots hold', async () => {
    const gang = createGang(3, 60_000);
    await Promise.all([gang.arrive(2), gang.arrive(2)]);
  });

  it('holds the first until the others arrive; then every later request goes at once', async () => {
    const gang = createGang(2, 60_000);
    let gone = false;
    const first = gang.arrive(8).then(() => (gone = true));
    await turn();
    expect(gone).toBe(false);
    await gang.arrive(8);
    await first;
    expect(gone).toBe(true);
    await gang.arrive(8);
  });

  it('lets those that arrived go after its hold when a member never comes (one not sent)', async () => {
    const gang = createGang(2, 1);
    await gang.arrive(8);
  });
});
