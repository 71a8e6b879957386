// The pool of suite workers kept from run to run (engine/phases/kept-workers.ts): only a worker that
// answered vitest's stop cleanly counts as stopped; an idle worker is adopted by the next run with
// the same flags, never one that ended meanwhile, and an idle one holds the process open no longer.
import { EventEmitter } from 'node:events';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createKeptPool, isCleanStop } from '../../../engine/phases/kept-workers.ts';

/** A child process as the pool sees it: alive or ended, and whether it holds the process open. */
function fakeFork(o: { exitCode?: number | null; connected?: boolean } = {}) {
  const handle = () => {
    const h = { held: true, ref: () => void (h.held = true), unref: () => void (h.held = false) };
    return h;
  };
  const own = handle();
  const pipes = { channel: handle(), stdin: handle(), stdout: handle(), stderr: handle() };
  const fork = Object.assign(
    new EventEmitter(),
    { connected: o.connected ?? true, exitCode: o.exitCode ?? null, signalCode: null, ref: own.ref, unref: own.unref },
    pipes,
  );
  const held = () => [own.held, ...Object.values(pipes).map((p) => p.held)];
  return { fork: fork as unknown as ChildProcess, held };
}

describe('kept suite workers', () => {
  it('a stop counts as clean only when the worker answered it without an error', () => {
    expect(isCleanStop({ __vitest_worker_response__: true, type: 'stopped' })).toBe(true);
    expect(isCleanStop({ __vitest_worker_response__: true, type: 'stopped', error: { message: 'teardown failed' } })).toBe(false);
    expect(isCleanStop({ __vitest_worker_response__: true, type: 'testfileFinished' })).toBe(false);
    expect(isCleanStop({ erp: 'progress' })).toBe(false);
    expect(isCleanStop(null)).toBe(false);
  });

  it('an idle worker is adopted by the next run with the same flags, and holds the process open only while in use', () => {
    const pool = createKeptPool();
    const a = fakeFork();
    a.fork.on('message', () => {});
    pool.keep('flags-1', { fork: a.fork, reportDir: '/tmp/r1' });
    expect(a.held()).toEqual([false, false, false, false, false]);
    expect(a.fork.listenerCount('message')).toBe(0);
    expect(pool.adopt('flags-2')).toBeUndefined();
    expect(pool.adopt('flags-1')).toEqual({ fork: a.fork, reportDir: '/tmp/r1' });
    expect(a.held()).toEqual([true, true, true, true, true]);
    expect(pool.adopt('flags-1')).toBeUndefined();
  });

  it('a worker that ended while idle is never adopted', () => {
    const pool = createKeptPool();
    const dead = fakeFork();
    pool.keep('k', { fork: dead.fork, reportDir: undefined });
    (dead.fork as unknown as { exitCode: number }).exitCode = 1;
    const gone = fakeFork();
    pool.keep('k', { fork: gone.fork, reportDir: undefined });
    (gone.fork as unknown as { connected: boolean }).connected = false;
    expect(pool.size()).toBe(2);
    expect(pool.adopt('k')).toBeUndefined();
    expect(pool.size()).toBe(0);
  });
});
