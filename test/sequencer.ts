// The order the tests hand their files to the workers: the groups in their order
// (sequence.groupOrder), and inside a group first the files that mostly wait on windows
// (test/tiers.ts WAITING_FILES: the whole set's quota runs), in the whole set its longest files
// next (WHOLE_SET_LONGEST), then the projects whose files are longest first - the whole runs, then
// the CLI's processes, the reference, the unit files - so that the workers finish together; inside
// a project, vitest's own order (the durations of earlier runs where it has them, the largest
// files first on a clean clone).
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { isWholeSet, WAITING_FILES, WHOLE_SET_LONGEST } from './tiers.ts';

/** The projects of vitest.config.ts, longest files first. */
const PROJECTS_LONGEST_FIRST = ['whole-run-alone', 'whole-run', 'e2e', 'reference', 'load', 'unit'];

/**
 * A file's rank in its group: the waiting files first; in the whole set (test/tiers.ts isWholeSet)
 * its longest files next, longest first, whatever their project (WHOLE_SET_LONGEST); then the
 * projects longest first.
 */
export function rankOf(file: string, project: string, wholeSet: boolean): number {
  if (WAITING_FILES.includes(file)) return -1;
  const longest = wholeSet ? WHOLE_SET_LONGEST.indexOf(file) : -1;
  if (longest >= 0) return longest / WHOLE_SET_LONGEST.length;
  const i = PROJECTS_LONGEST_FIRST.indexOf(project);
  return 1 + (i === -1 ? PROJECTS_LONGEST_FIRST.length : i);
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((f, i) => [f, i]));
    const wholeSet = isWholeSet(process.argv);
    const rank = (f: TestSpecification) => rankOf(relative(f.project.config.root, f.moduleId), f.project.name, wholeSet);
    return [...sorted].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      return group || rank(a) - rank(b) || at.get(a)! - at.get(b)!;
    });
  }
}
