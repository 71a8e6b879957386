// The slots: requests that must meet at the target (a burst) go together up to the configured
// concurrency even when the adaptive limit has fallen; other requests stay within the limit.
import { describe, expect, it } from 'vitest';
import { createSlots } from '../../../client/scheduler/slots.ts';
import type { Job } from '../../../client/scheduler/policy.ts';
import type { UnnumberedExchange } from '../../../client/transport.ts';

/** A dispatch whose requests stay in flight until `answerAll`. */
function heldTarget() {
  const held: (() => void)[] = [];
  let most = 0;
  let now = 0;
  const send = () =>
    new Promise<UnnumberedExchange>((done) => {
      now++;
      most = Math.max(most, now);
      held.push(() => (now--, done({} as UnnumberedExchange)));
    });
  return {
    send,
    most: () => most,
    answerAll: () => held.splice(0).forEach((f) => f()),
  };
}

const job = (flow: string, burst: boolean) => ({ flow, burst, op: 'orderStatus' }) as unknown as Job;
const turn = () => new Promise((r) => setImmediate(r));

describe('slots', () => {
  it('a burst of two goes together when the adaptive limit has fallen to 1', async () => {
    const slots = createSlots(8, async () => {});
    slots.setLimit(1);
    const target = heldTarget();
    const dispatch = slots.policy(() => target.send());
    const both = Promise.all([dispatch(job('t at once', true)), dispatch(job('t at once', true))]);
    await turn();
    expect(slots.inFlight()).toBe(2);
    target.answerAll();
    await both;
    expect(target.most()).toBe(2);
  });

  it('requests of no burst stay within the fallen limit, and a burst goes before them', async () => {
    const slots = createSlots(4, async () => {});
    slots.setLimit(1);
    const target = heldTarget();
    const order: string[] = [];
    const dispatch = slots.policy(async (j) => (order.push(j.flow), target.send()));
    const plain = [1, 2, 3].map((i) => dispatch(job(`plain ${i}`, false)));
    await turn();
    expect(slots.inFlight()).toBe(1);
    const burst = [1, 2].map(() => dispatch(job('b', true)));
    await turn();
    expect(slots.inFlight()).toBe(3);
    expect(order).toEqual(['plain 1', 'b', 'b']);
    while (slots.inFlight() > 0) (target.answerAll(), await turn());
    await Promise.all([...plain, ...burst]);
    expect(order).toEqual(['plain 1', 'b', 'b', 'plain 2', 'plain 3']);
  });

  it('a burst never goes past the configured concurrency', async () => {
    const slots = createSlots(3, async () => {});
    slots.setLimit(1);
    const target = heldTarget();
    const dispatch = slots.policy(() => target.send());
    const all = [1, 2, 3, 4, 5].map(() => dispatch(job('b', true)));
    await turn();
    expect(slots.inFlight()).toBe(3);
    while (slots.inFlight() > 0) (target.answerAll(), await turn());
    await Promise.all(all);
    expect(target.most()).toBe(3);
  });
});
