// The reference's modules form no import circle (types included): constants.ts is the leaf, the
// run config and the server sit on top. And load/ stays independent of the reference: the CLI
// starts the embedded reference and hands load/ a starter (bin/cli/load-target.ts).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

/** Every relative module a file imports or re-exports, statically or dynamically, type-only or not. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(?\s*)'(\.[^']+)'/g)].map((m) => m[1]!);
  return specifiers.map((s) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), s)));
}

/** One circle of the graph as a list of files (first = last), or null. */
function findCircle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string): string[] | null => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') return [...stack.slice(stack.indexOf(next)), next];
      if (state.get(next) === undefined) {
        const found = visit(next);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(file, 'done');
    return null;
  };
  for (const file of graph.keys())
    if (state.get(file) === undefined) {
      const found = visit(file);
      if (found) return found;
    }
  return null;
}

describe('reference imports', () => {
  it('has no import circle among its modules, type imports included', () => {
    const files = sources('reference');
    expect(files).toContain('reference/constants.ts');
    expect(findCircle(new Map(files.map((f) => [f, importsOf(f)])))).toBeNull();
  });

  it('is not imported by load/', () => {
    const offending = sources('load').flatMap((f) =>
      importsOf(f)
        .filter((i) => i.startsWith('reference/'))
        .map((i) => `${f} -> ${i}`),
    );
    expect(offending).toEqual([]);
  });
});
