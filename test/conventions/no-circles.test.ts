// The project's import graph, read once with TypeScript's own parser (test/support/imports.ts: a
// module's static `import` and `export ... from` declarations, and each literal `import()`).
// No import circle of values: a module that imports a value from a module importing it back sees
// that value undefined or in its temporal dead zone, whichever file the run happens to load first.
// Imports and re-exports whose names are all types (`import type`, `import { type A }`) are erased
// before the code runs, so they form no circle of values; circles of types are allowed only where
// listed below, each with why it stays (a dynamic `import()` makes no circle at load).
// The product and the bench never import the project's tests: what a bench shares with a test
// lives in bench/support/ and the tests import it from there. The reference's modules form no
// circle (types included: constants.ts is the leaf, the run config and the server sit on top), and
// load/ does not import the reference: the CLI hands load/ a starter (bin/cli/load-target.ts).
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import { circles, graphOf, localImports, relative, ROOT } from '../support/imports.ts';

/** Every edge of the graph: parsed once for the three rules below (a parse of the tree costs seconds of CPU). */
const all = localImports();

/**
 * Circles through type-only imports that stay, each a group of files with the reason it stays (an
 * import circle of values is never listed: it is broken by moving the value to a third module).
 */
const TYPE_CIRCLES_KEPT: { files: string[]; why: string }[] = [];

/** Circles not within one listed group (a listed group may shrink as its files are untangled). */
const unlisted = (found: string[][], left: string[][]) => found.filter((set) => !left.some((l) => set.every((f) => l.includes(f))));
/** Listed groups with no circle left among their files: to be taken off the list. */
const gone = (found: string[][], left: string[][]) => left.filter((l) => !found.some((set) => set.every((f) => l.includes(f))));

describe('import circles', () => {
  const edges = all.filter((e) => !e.dynamic);

  it('none of values', () => {
    expect(circles(graphOf(edges.filter((e) => e.value))), 'circles of values (import the value from a third module)').toEqual([]);
  });

  it('none through type-only imports but those kept with their reason', () => {
    const kept = TYPE_CIRCLES_KEPT.map((k) => k.files);
    const found = circles(graphOf(edges));
    expect(unlisted(found, kept), 'circles through types (move the shared types into a module of their own)').toEqual([]);
    expect(gone(found, kept), 'kept circles that are gone: take them off TYPE_CIRCLES_KEPT').toEqual([]);
  });
});

const TEST = path.join(ROOT, 'test') + path.sep;
/** The tests' own config (the levels and tiers of test/) belongs with them. */
const OF_TESTS = new Set([path.join(ROOT, 'vitest.config.ts')]);
const inTests = (file: string) => file.startsWith(TEST) || OF_TESTS.has(file);

describe('test/ stays apart', () => {
  it('no module outside test/ imports one inside it', () => {
    expect(all.some((e) => e.from.startsWith(TEST))).toBe(true);
    const up = all.filter((e) => !inTests(e.from) && e.to.startsWith(TEST)).map((e) => `${path.relative(ROOT, e.from)} -> ${path.relative(ROOT, e.to)}`);
    expect(up).toEqual([]);
  });
});

const within = (dir: string) => (file: string) => relative(file).startsWith(`${dir}/`);

describe('reference imports', () => {
  it('has no import circle among its modules, type imports included', () => {
    const inReference = all.filter((e) => !e.dynamic && within('reference')(e.from) && within('reference')(e.to));
    expect(inReference.map((e) => relative(e.from))).toContain('reference/server.ts');
    expect(circles(graphOf(inReference))).toEqual([]);
  });

  it('is not imported by load/', () => {
    const offending = all.filter((e) => within('load')(e.from) && within('reference')(e.to)).map((e) => `${relative(e.from)} -> ${relative(e.to)}`);
    expect(offending).toEqual([]);
  });
});
