// The project's local import graph, read with TypeScript's own parser (never a regex over the
// text): each static `import` / `export ... from` of a local module, whether it brings a value or
// only types, and each dynamic `import('...')` with a literal specifier. Tests of the structure
// (no circles, which folder may import which) read it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export function sourceFiles(dir: string): string[] {
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

export interface Edge {
  from: string;
  to: string;
  /** What is left once types are erased: a value, or a module run for its effects. */
  value: boolean;
  /** An `import('...')` call: loaded when called, so it makes no circle at load. */
  dynamic: boolean;
}

/** Each `import('...')` call with a literal specifier anywhere in a file. */
function dynamicSpecifiers(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import, re-export and literal dynamic import of a local module in the tree, read once. */
export function localImports(root = ROOT): Edge[] {
  const files = sourceFiles(root);
  const known = new Set(files);
  return files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const declared = source.statements
      .filter((s): s is ts.ImportDeclaration | ts.ExportDeclaration => ts.isImportDeclaration(s) || ts.isExportDeclaration(s))
      .flatMap((s) => {
        const to = s.moduleSpecifier && ts.isStringLiteral(s.moduleSpecifier) ? resolveLocal(file, s.moduleSpecifier.text, known) : undefined;
        return to ? [{ from: file, to, value: bringsValue(s), dynamic: false }] : [];
      });
    const dynamic = dynamicSpecifiers(source).flatMap((s) => {
      const to = resolveLocal(file, s, known);
      return to ? [{ from: file, to, value: true, dynamic: true }] : [];
    });
    return [...declared, ...dynamic];
  });
}

/** A file's path relative to the root, with forward slashes. */
export const relative = (file: string, root = ROOT) => path.relative(root, file).split(path.sep).join('/');

export function graphOf(edges: Edge[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const e of edges) graph.set(e.from, [...(graph.get(e.from) ?? []), e.to]);
  return graph;
}

/** The circles of a graph: its strongly connected sets of more than one file (Tarjan). */
export function circles(graph: Map<string, string[]>): string[][] {
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
      set.push(relative(w));
    } while (w !== v);
    if (set.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(set.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}
