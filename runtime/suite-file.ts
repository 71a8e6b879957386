// Which suite file a test belongs to. A run that loads the files side by side
// (runtime/side-by-side.test.ts) names each file's block by its path; otherwise it is the module.

/** A suite file's path relative to the package root, as the side-by-side blocks are named. */
export const SUITE_FILE = /^suites\/[a-z-]+\/[\w.-]+\.test\.ts$/;

interface Named {
  name: string;
  suite?: Named;
}

/** The side-by-side block a task sits in (walking up its suites), or undefined. */
export function suiteFileOf(task: Named): string | undefined {
  for (let s = task.suite; s; s = s.suite) if (SUITE_FILE.test(s.name)) return s.name;
  return undefined;
}
