// The whole set's list of files (test/whole-set-files.ts) is checked against what vitest collected:
// a file with a test tagged `whole` outside the list, or a listed file with none, is named.
import { describe, expect, it } from 'vitest';
import { isWholeSet, WHOLE_SET_FILES, wholeSetInclude } from './tiers.ts';
import { wrongInList } from './whole-set-files.ts';

const listed = WHOLE_SET_FILES['whole-run']![0]!;

describe("the whole set's files", () => {
  it('names a file with a test tagged whole that the list leaves out, unless it is named *.whole.test.ts', () => {
    expect(wrongInList([{ file: 'test/e2e/self-test/other.test.ts', project: 'whole-run', wholeTests: 2 }])).toEqual([
      "test/e2e/self-test/other.test.ts holds 2 test(s) tagged whole and is not in test/tiers.ts WHOLE_SET_FILES['whole-run']: the whole set would not load it",
    ]);
    expect(wrongInList([{ file: 'test/e2e/self-test/other.whole.test.ts', project: 'whole-run', wholeTests: 2 }])).toEqual([]);
  });

  it('names a listed file without a test tagged whole, and a listed file in the wrong project', () => {
    expect(wrongInList([{ file: listed, project: 'whole-run', wholeTests: 0 }])).toHaveLength(1);
    expect(wrongInList([{ file: listed, project: 'whole-run', wholeTests: 1 }])).toEqual([]);
    expect(wrongInList([{ file: listed, project: 'e2e', wholeTests: 1 }])).toHaveLength(1);
  });

  it("keeps a project's patterns to *.whole.test.ts files, adds its listed files, and drops the files it names that are not whole", () => {
    expect(wholeSetInclude('whole-run-alone', ['test/e2e/self-test/endless-walks.whole.test.ts', 'test/e2e/self-test/kept-worker.test.ts'])).toEqual([
      'test/e2e/self-test/endless-walks.whole.test.ts',
      ...WHOLE_SET_FILES['whole-run-alone']!,
    ]);
    expect(wholeSetInclude('reference', ['test/reference/**/*.test.ts', '!test/reference/x.test.ts'])).toEqual([
      'test/reference/**/*.whole.test.ts',
      '!test/reference/x.test.ts',
      ...WHOLE_SET_FILES['reference']!,
    ]);
  });

  it("is the whole set's command line when it takes the tests tagged whole, in either spelling of the flag", () => {
    expect(isWholeSet(['node', 'vitest', 'run', '--tags-filter=whole'])).toBe(true);
    expect(isWholeSet(['node', 'vitest', 'run', '--tags-filter', 'whole'])).toBe(true);
    expect(isWholeSet(['node', 'vitest', 'run', '--tags-filter=!whole', '--exclude=**/*.whole.test.ts'])).toBe(false);
    expect(isWholeSet(['node', 'vitest', 'run'])).toBe(false);
  });
});
