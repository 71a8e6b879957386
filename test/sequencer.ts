// The order npm test hands its files to the workers: the groups in their order
// (sequence.groupOrder), and inside a group first the files that mostly wait on windows
// (test/tiers.ts WAITING_FILES: the whole set's quota runs), then the projects whose files are longest first - the
// whole runs, then the CLI's processes, the reference, the unit files - so that the two workers
// finish together; inside a project, in the whole set its longest files first (WHOLE_SET_LONGEST),
// then vitest's own order (the durations of earlier runs where it has them, the largest files
// first on a clean clone).
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isWholeSet, WAITING_FILES, WHOLE_SET_LONGEST } from './tiers.ts';

/** The projects of vitest.config.ts, longest files first. */
const PROJECTS_LONGEST_FIRST = ['whole-run-alone', 'whole-run', 'e2e', 'reference', 'load', 'unit'];

const rank = (f: TestSpecification) => {
  if (WAITING_FILES.includes(relative(f.project.config.root, f.moduleId))) return -1;
  const i = PROJECTS_LONGEST_FIRST.indexOf(f.project.name);
  return i === -1 ? PROJECTS_LONGEST_FIRST.length : i;
};

/** A file's place among the whole set's longest (test/tiers.ts WHOLE_SET_LONGEST); after them, and in the gate, none. */
function longestRank(file: string, wholeSet: boolean): number {
  const i = wholeSet ? WHOLE_SET_LONGEST.indexOf(file) : -1;
  return i === -1 ? WHOLE_SET_LONGEST.length : i;
}

export default class LongestFirst extends BaseSequencer {
  /** Whether this is the whole set's run (the command line's tag filter, test/tiers.ts isWholeSet). */
  protected wholeSet = isWholeSet(process.argv);

  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    const longest = (f: TestSpecification) => longestRank(relative(f.project.config.root, f.moduleId), this.wholeSet);
    return [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      return group || rank(a) - rank(b) || longest(a) - longest(b) || at.get(a)! - at.get(b)!;
    });
  }
}
