// The report answers a run keeps (suites/report/answers.ts): within a budget of body bytes, the
// answers asked for longest ago dropped first, an answer still awaited never dropped.
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../../core/types.ts';
import { answerStore } from '../../../suites/report/answers.ts';

/** An answered exchange whose response body is `size` bytes. */
const answer = (size: number): Promise<Exchange> =>
  Promise.resolve({
    request: { method: 'POST', url: 'http://erp.test/report', headers: {}, body: '' },
    response: { status: 200, headers: {}, body: 'x'.repeat(size), bytes: size, truncated: false },
  } as unknown as Exchange);
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the answers a run keeps', () => {
  it('keeps every answer within its budget, and counts their bytes', async () => {
    const store = answerStore(1000);
    for (const k of ['a', 'b', 'c']) store.set(k, answer(300));
    await settle();
    expect(store.bytes()).toBe(900);
    expect(['a', 'b', 'c'].map((k) => store.get(k) !== undefined)).toEqual([true, true, true]);
    expect(store.dropped()).toBe(0);
  });

  it('past its budget drops the answers asked for longest ago, a recent ask keeping one', async () => {
    const store = answerStore(1000);
    for (const k of ['a', 'b', 'c']) store.set(k, answer(300));
    await settle();
    store.get('a'); // asked again: now the most recent
    store.set('d', answer(300));
    await settle();
    expect(['a', 'b', 'c', 'd'].map((k) => store.get(k) !== undefined)).toEqual([true, false, true, true]);
    expect([store.bytes(), store.dropped()]).toEqual([900, 1]);
  });

  it('never drops an answer still awaited, nor the one just come, even when that one alone is past the budget', async () => {
    const store = answerStore(1000);
    let come: (ex: Exchange) => void = () => {};
    store.set('waiting', new Promise<Exchange>((resolve) => (come = resolve)));
    store.set('old', answer(400));
    await settle();
    store.set('big', answer(5000));
    await settle();
    expect(['waiting', 'old', 'big'].map((k) => store.get(k) !== undefined)).toEqual([true, false, true]);
    come(await answer(10));
    await settle();
    // The awaited answer counts once it came; the big one is now the oldest and goes.
    expect(['waiting', 'big'].map((k) => store.get(k) !== undefined)).toEqual([true, false]);
    expect(store.bytes()).toBe(10);
  });

  it('forgets a deleted answer, bytes and all', async () => {
    const store = answerStore(1000);
    store.set('a', answer(300));
    await settle();
    store.delete('a');
    expect([store.get('a'), store.bytes()]).toEqual([undefined, 0]);
  });
});
