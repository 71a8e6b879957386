// What the CLI's main process (vitest's host) loads for a run: engine/run.ts's static imports of
// values, followed through. The run's test data are made in the suite worker, so the host loads
// no generator of it (faker's locale is ~5.5 MB of resident memory in a process): the certificate
// and the plan name a probed operation's quota from core/quota.ts, not from the probe's requests.
import { describe, expect, it } from 'vitest';
import { localImports, relative } from '../support/imports.ts';

/** The files `start` loads through static imports of values, each with the file that first brought it in. */
function loadedFrom(start: string): Map<string, string | undefined> {
  const edges = localImports().filter((e) => e.value && !e.dynamic);
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(relative(e.from), [...(next.get(relative(e.from)) ?? []), relative(e.to)]);
  const by = new Map<string, string | undefined>([[start, undefined]]);
  const queue = [start];
  for (let f = queue.shift(); f !== undefined; f = queue.shift()) for (const to of next.get(f) ?? []) if (!by.has(to)) (by.set(to, f), queue.push(to));
  return by;
}

/** The chain of imports from the start to `file`. */
const chain = (by: Map<string, string | undefined>, file: string): string[] => {
  const out = [file];
  for (let f = by.get(file); f !== undefined; f = by.get(f)) out.unshift(f);
  return out;
};

describe("the run's host process", () => {
  it('loads no generator of test data nor the probe and load requests for a run (engine/run.ts, static imports)', () => {
    const by = loadedFrom('engine/run.ts');
    expect(by.size).toBeGreaterThan(50);
    const heavy = [...by.keys()].filter((f) => f === 'generators/faker.ts' || f === 'load/requests.ts');
    expect(heavy.map((f) => chain(by, f).join(' -> '))).toEqual([]);
  });
});
