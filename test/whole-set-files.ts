// CI's whole set loads only its own files (vitest.config.ts, `--tags-filter=whole`): the `*.whole.test.ts`
// files and those test/tiers.ts WHOLE_SET_FILES names. This reporter keeps that list true from what
// vitest collected (each test's tags, run or skipped), never from the files' text: a run fails when
// a file outside the list holds a test tagged `whole` (npm test loads every such file: the whole
// set would never load it), or when a file of the list holds none.
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { isWholeNamed, WHOLE, WHOLE_SET_FILES } from './tiers.ts';

/** A test file as vitest collected it: its path from the root, its project, and how many of its tests are tagged `whole`. */
export interface CollectedFile {
  file: string;
  project: string;
  wholeTests: number;
}

/** What is wrong with the list, for the files a run collected. */
export function wrongInList(collected: readonly CollectedFile[]): string[] {
  return collected.flatMap((f) => {
    const listed = (WHOLE_SET_FILES[f.project] ?? []).includes(f.file);
    if (f.wholeTests > 0 && !isWholeNamed(f.file) && !listed)
      return [
        `${f.file} holds ${f.wholeTests} test(s) tagged ${WHOLE} and is not in test/tiers.ts WHOLE_SET_FILES['${f.project}']: the whole set would not load it`,
      ];
    if (listed && f.wholeTests === 0) return [`${f.file} is in test/tiers.ts WHOLE_SET_FILES['${f.project}'] and holds no test tagged ${WHOLE}`];
    return [];
  });
}

export default class WholeSetFiles implements Reporter {
  private root = '';

  onInit(vitest: Vitest) {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const collected = modules.map((m) => ({
      file: relative(this.root, m.moduleId),
      project: m.project.name,
      wholeTests: [...m.children.allTests()].filter((t) => t.tags.includes(WHOLE)).length,
    }));
    const wrong = wrongInList(collected);
    if (wrong.length === 0) return;
    process.stdout.write(`\nthe whole set's files (test/tiers.ts WHOLE_SET_FILES):\n${wrong.map((w) => `  ${w}`).join('\n')}\n`);
    process.exitCode = 1;
  }
}
