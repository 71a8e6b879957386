// Every TypeScript file of the project (the product, scripts, bench and the tests) holds at most
// 300 lines: a longer one is split along a seam into files that each say what they promise.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from '../support/imports.ts';

const MAX_LINES = 300;

describe('file length', () => {
  it(`no .ts file is longer than ${MAX_LINES} lines`, () => {
    const files = sourceFiles(ROOT).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(500);
    const long = files
      .map((f) => ({ file: path.relative(ROOT, f), lines: readFileSync(f, 'utf8').trimEnd().split('\n').length }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file}: ${f.lines}`);
    expect(long).toEqual([]);
  });
});
