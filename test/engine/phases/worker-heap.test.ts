// The suite worker's heap flags (engine/phases/pass.ts WORKER_EXEC_ARGV), as V8 takes them in a
// node started with them: the old generation capped at WORKER_HEAP_MB, and a young generation that
// grows past 1 MB a semi-space once objects survive, so the garbage of a run's answers is
// collected in few scavenges. (--optimize-for-size pinned it at 1 MB whatever the semi-space
// flags said: ~670 scavenges in a default run; figures in docs/decisions.md, issue 37, X12.)
// Each process gets the same allocations; what is read is V8's own space sizes, no clock.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { WORKER_EXEC_ARGV, WORKER_HEAP_MB } from '../../../engine/phases/pass.ts';

/** Allocates 1M short-lived objects, one in ten kept a while; prints V8's new space and heap limit. */
const CHURN = `
const v8 = require('v8');
const keep = [];
for (let i = 0; i < 1e6; i++) {
  const o = { i, s: 'x' + i, a: [i] };
  if (i % 10 === 0) { keep.push(o); if (keep.length > 20000) keep[keep.length - 20001] = undefined; }
}
const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
console.log(JSON.stringify({ newSpaceMb: space.space_size / 2 ** 20, limitMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20 }));
`;

function heapUnder(flags: readonly string[]): { newSpaceMb: number; limitMb: number } {
  return JSON.parse(execFileSync(process.execPath, [...flags, '-e', CHURN], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } })) as {
    newSpaceMb: number;
    limitMb: number;
  };
}

describe("the suite worker's heap", () => {
  it('caps the old generation at WORKER_HEAP_MB and lets the young generation grow past 1 MB a semi-space', () => {
    const heap = heapUnder(WORKER_EXEC_ARGV);
    expect(heap.limitMb).toBeGreaterThanOrEqual(WORKER_HEAP_MB);
    expect(heap.limitMb).toBeLessThan(WORKER_HEAP_MB + 32); // the cap plus the young generation
    // Two semi-spaces of 4 MB once grown; --optimize-for-size kept them at 1 MB each (2 MB).
    expect(heap.newSpaceMb).toBeGreaterThanOrEqual(4);
    expect(heap.newSpaceMb).toBeLessThanOrEqual(8);
  });
});
