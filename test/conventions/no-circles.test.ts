// No import circle of values: a module that imports a value from a module importing it back sees
// that value undefined or in its temporal dead zone, whichever file the run happens to load first.
// Imports and re-exports whose names are all types (`import type`, `import { type A }`) are erased
// before the code runs, so they form no circle of values; circles of types are allowed only where
// listed below, each with why it stays. Read with TypeScript's own parser: a module's static
// `import` and `export ... from` declarations (a dynamic `import()` makes no circle at load).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * Circles through type-only imports that stay, each a group of files with the reason it stays (an
 * import circle of values is never listed: it is broken by moving the value to a third module).
 */
const TYPE_CIRCLES_KEPT: { files: string[]; why: string }[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name.startsWith('.')) return [];
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Whether a declaration brings in a value (what is left of it once its types are erased). */
function bringsValue(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // import './x.ts': run for its effects
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    return !bindings || ts.isNamespaceImport(bindings) || bindings.elements.some((e) => !e.isTypeOnly);
  }
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  return !clause || ts.isNamespaceExport(clause) || clause.elements.some((e) => !e.isTypeOnly);
}

function resolveLocal(from: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  return [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, path.join(base, 'index.ts')].find((f) => known.has(f));
}

interface Edge {
  from: string;
  to: string;
  value: boolean;
}

/** Every static import and re-export of a local module in the tree, read once. */
function localImports(): Edge[] {
  const files = sourceFiles(ROOT);
  const known = new Set(files);
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    return source.statements
      .filter((s): s is ts.ImportDeclaration | ts.ExportDeclaration => ts.isImportDeclaration(s) || ts.isExportDeclaration(s))
      .flatMap((s) => {
        const to = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? resolveLocal(file, s.moduleSpecifier.text, known) : undefined;
        return to ? [{ from: file, to, value: bringsValue(s) }] : [];
      });
  });
}

function graphOf(edges: Edge[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const e of edges) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  return graph;
}

/** The circles of a graph: its strongly connected sets of more than one file (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const set: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      set.push(path.relative(ROOT, w).split(path.sep).join('/'));
    } while (w !== v);
    if (set.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(set.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Circles not within one listed group (a listed group may shrink as its files are untangled). */
const unlisted = (found: string[][], left: string[][]) => found.filter((set) => !left.some((l) => set.every((f) => l.includes(f))));
/** Listed groups with no circle left among their files: to be taken off the list. */
const gone = (found: string[][], left: string[][]) => left.filter((l) => !found.some((set) => set.every((f) => l.includes(f))));

describe('import circles', () => {
  const edges = localImports();

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
