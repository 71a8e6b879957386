// No import circle of values: a module that imports a value from a module importing it back sees
// that value undefined or in its temporal dead zone, whichever file the run happens to load first.
// Imports and re-exports whose names are all types (`import type`, `import { type A }`) are erased
// before the code runs, so they form no circle of values; circles of types are allowed only where
// listed below, each with why it stays. Read with TypeScript's own parser: a module's static
// `import` and `export ... from` declarations (a dynamic `import()` makes no circle at load;
// test/support/imports.ts).
import { describe, expect, it } from 'vitest';
import { circles, graphOf, localImports } from '../support/imports.ts';

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
  const edges = localImports().filter((e) => !e.dynamic);

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
