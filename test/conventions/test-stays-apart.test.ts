// The product and the bench never import the project's tests: what a bench shares with a test
// (a simulated target, broken servers, the memory of a process tree) lives in bench/support/ and
// the tests import it from there. Read with TypeScript's own parser (test/support/imports.ts).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localImports, ROOT } from '../support/imports.ts';

const TEST = path.join(ROOT, 'test') + path.sep;
/** The tests' own config (the levels and tiers of test/) belongs with them. */
const OF_TESTS = new Set([path.join(ROOT, 'vitest.config.ts')]);
const inTests = (file: string) => file.startsWith(TEST) || OF_TESTS.has(file);

describe('test/ stays apart', () => {
  it('no module outside test/ imports one inside it', () => {
    const edges = localImports();
    expect(edges.some((e) => e.from.startsWith(TEST))).toBe(true);
    const up = edges.filter((e) => !inTests(e.from) && e.to.startsWith(TEST)).map((e) => `${path.relative(ROOT, e.from)} -> ${path.relative(ROOT, e.to)}`);
    expect(up).toEqual([]);
  });
});
