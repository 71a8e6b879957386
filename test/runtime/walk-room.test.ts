// The room for walk pages (runtime/walk-room.ts): holders together never hold more than the room
// (but for what they read past their claim), every holder finishes whatever the claims, a claim
// larger than the room runs alone, waiters are served MUST first, then those that had room before,
// then in order, and a waiter that does not fit is not overtaken. No clock is raced: each step
// awaits the event it needs, and a wait that should not end is seen still pending.
import { describe, expect, it } from 'vitest';
import { inFlow } from '../../client/scheduler.ts';
import type { RunShared } from '../../runtime/run-state.ts';
import { pageRoom, walkRoom, WALK_ROOM_PAGES, type Room } from '../../runtime/walk-room.ts';

/** Lets every pending promise callback run (a few turns of the microtask queue and one of the event loop). */
const settle = () => new Promise((r) => setImmediate(r));

/** A holder of `pages` whose function ends when `end` is called; `started` once it holds room. */
function holder(room: Room, pages: number, o: { must?: boolean; again?: boolean } = {}, log: string[] = [], name = '') {
  let end = () => {};
  const ended = new Promise<void>((r) => (end = r));
  const state = { started: false, during: -1 };
  const done = room.hold(
    pages,
    async () => {
      state.started = true;
      state.during = room.held();
      log.push(name);
      await ended;
      return name;
    },
    o,
  );
  return { state, end, done };
}

describe('the room for walk pages', () => {
  it('lets holders together hold at most the room, and every holder finishes, however many wait', async () => {
    const room = pageRoom(10);
    // 40 holders of 1 to 5 pages: 120 pages asked, ten at most held at once.
    const all = Array.from({ length: 40 }, (_, i) => holder(room, 1 + (i % 5)));
    await settle();
    expect(room.held()).toBeLessThanOrEqual(10);
    expect(room.waiting()).toBeGreaterThan(0);
    // End the holders as they start, in the order they started, until every one has run.
    for (let round = 0; all.some((x) => !x.state.started); round++) {
      for (const x of all.filter((x) => x.state.started)) x.end();
      await settle();
      expect(round).toBeLessThan(100);
    }
    all.forEach((x) => x.end());
    await Promise.all(all.map((x) => x.done));
    expect(all.every((x) => x.state.during <= 10)).toBe(true);
    expect(room.peak()).toBeLessThanOrEqual(10);
    expect(room.held()).toBe(0);
    expect(room.waiting()).toBe(0);
  });

  it('serves a claim larger than the room alone, once the room is empty', async () => {
    const room = pageRoom(10);
    const small = holder(room, 3);
    const large = holder(room, 60);
    await settle();
    expect(small.state.started).toBe(true);
    expect(large.state.started).toBe(false);
    small.end();
    await small.done;
    await settle();
    expect(large.state).toMatchObject({ started: true, during: 10 });
    large.end();
    await large.done;
    expect(room.held()).toBe(0);
  });

  it('does not let a later small claim overtake a waiter that does not fit', async () => {
    const room = pageRoom(10);
    const log: string[] = [];
    const first = holder(room, 8, {}, log, 'first');
    await settle();
    const big = holder(room, 5, {}, log, 'big');
    const small = holder(room, 1, {}, log, 'small');
    await settle();
    // 'big' waits for room 'first' holds; 'small' behind it waits too, though two pages are free.
    expect(log).toEqual(['first']);
    first.end();
    await first.done;
    await settle();
    expect(log).toEqual(['first', 'big', 'small']);
    [big, small].forEach((x) => x.end());
    await Promise.all([big.done, small.done]);
    expect(room.held()).toBe(0);
  });

  it("serves a MUST's test first, then one that had room before and gave it back, then the others in order", async () => {
    const room = pageRoom(10);
    const log: string[] = [];
    const full = holder(room, 10, {}, log, 'full');
    await settle();
    const waiters = [holder(room, 1, {}, log, 'plain'), holder(room, 1, { again: true }, log, 'again'), holder(room, 1, { must: true }, log, 'must')];
    await settle();
    expect(log).toEqual(['full']);
    full.end();
    await full.done;
    await settle();
    expect(log).toEqual(['full', 'must', 'again', 'plain']);
    waiters.forEach((x) => x.end());
    await Promise.all(waiters.map((x) => x.done));
    expect(room.held()).toBe(0);
  });

  it('counts pages read past a claim without waiting, makes later waiters wait for them, and gives all back on a throw', async () => {
    const room = pageRoom(4);
    let grew = () => {};
    const growing = room.hold(2, async (held) => {
      held.grow(3);
      expect(held.pages()).toBe(5);
      await new Promise<void>((r) => (grew = r));
      throw new Error('the walk failed');
    });
    await settle();
    expect(room.held()).toBe(5);
    const later = holder(room, 1);
    await settle();
    expect(later.state.started).toBe(false);
    grew();
    await expect(growing).rejects.toThrow('the walk failed');
    await settle();
    expect(later.state).toMatchObject({ started: true, during: 1 });
    later.end();
    await later.done;
    expect(room.peak()).toBe(5);
    expect(room.held()).toBe(0);
  });

  it("is one per run, of WALK_ROOM_PAGES, and takes a MUST's test from its flow", async () => {
    const run = { key: 'k', ctx: {}, states: new Map() } as unknown as RunShared;
    const room = walkRoom(run);
    const log: string[] = [];
    const first = holder(room, WALK_ROOM_PAGES, {}, log, 'first');
    await settle();
    const should = inFlow('should', () => holder(walkRoom(run), 1, {}, log, 'should'), { must: false });
    const must = inFlow('must', () => holder(walkRoom(run), 1, {}, log, 'must'), { must: true });
    await settle();
    expect(walkRoom(run).waiting()).toBe(2);
    first.end();
    await first.done;
    await settle();
    expect(log).toEqual(['first', 'must', 'should']);
    [should, must].forEach((x) => x.end());
    await Promise.all([should.done, must.done]);
    expect(walkRoom({ key: 'other', ctx: {}, states: new Map() } as unknown as RunShared).held()).toBe(0);
  });
});
