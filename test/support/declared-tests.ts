// What the suite files declare, as they declare it: each suite file is loaded with a recording
// `verifies` (runtime/verifies.ts) in place of the real one, so every `verifies(testId, ids,
// sentence, ...)` call gives its test id, requirement ids and title, by suite file. Nothing is
// read out of the files' text. For tests that keep declared data (the cost table, the catalogue)
// in step with the suites; the suite files are found by name (`suites/**/*.test.ts`).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { vi } from 'vitest';
import { testTitle } from '../../reports/model.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface DeclaredSuiteTest {
  /** The suite file, relative to the project ("suites/order-status/validation.test.ts"). */
  file: string;
  testId: string;
  ids: string[];
  /** The title the run gives it (the sentence, then its ids). */
  title: string;
}

/** The suite files, relative to the project, in a stable order. */
export function suiteFiles(): string[] {
  return readdirSync(path.join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `suites/${f.split(path.sep).join('/')}`)
    .sort();
}

/** Every test the suite files declare, loaded once per test file. Call it from a test (it mocks modules of that test's worker). */
export const declaredTests = once(load);

function once<T>(f: () => Promise<T>): () => Promise<T> {
  const memo: { p?: Promise<T> } = {};
  return () => (memo.p ??= f());
}

async function load(): Promise<DeclaredSuiteTest[]> {
  const found: DeclaredSuiteTest[] = [];
  const loading = { file: '' };
  vi.resetModules();
  vi.doMock(path.join(ROOT, 'runtime/verifies.ts'), () => ({
    verifies: (testId: string, ids: string[], sentence: string) => void found.push({ file: loading.file, testId, ids, title: testTitle(sentence, ids) }),
  }));
  // The context a suite file may read when it loads (the rate-limit suite: its load caps).
  vi.doMock(path.join(ROOT, 'runtime/context.ts'), () => ({ suiteContext: () => ({ config: { load: {} } }) }));
  try {
    for (const file of suiteFiles()) {
      loading.file = file;
      await import(pathToFileURL(path.join(ROOT, file)).href);
    }
  } finally {
    vi.doUnmock(path.join(ROOT, 'runtime/verifies.ts'));
    vi.doUnmock(path.join(ROOT, 'runtime/context.ts'));
    vi.resetModules();
  }
  return found;
}
