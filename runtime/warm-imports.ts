// While the worker waits for the preflight (runtime/late-context.ts), it loads the modules
// the suite files import (support, checks, generators, fast-check ...), not the suite files
// themselves (they declare tests, which needs what the preflight decides): once the preflight has
// answered, the files load from what is already in memory.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The modules a source imports for their values ("import type" left out), resolved from `file`. */
export function importsOf(source: string, file: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^import\s+(?!type\s)(?:[^;]*?\sfrom\s+)?'([^']+)';/gm)) {
    const spec = m[1]!;
    out.push(spec.startsWith('.') ? pathToFileURL(path.resolve(path.dirname(file), spec)).href : spec);
  }
  return out;
}

/** Loads what the suite files under `root` import; a module that fails to load fails later, in its file. */
export async function warmImports(root: string, files: string[]): Promise<void> {
  const specs = new Set<string>();
  for (const f of files) {
    const abs = path.join(root, f);
    try {
      for (const s of importsOf(readFileSync(abs, 'utf8'), abs)) specs.add(s);
    } catch {
      // a file that cannot be read fails when it is loaded
    }
  }
  await Promise.all([...specs].map((s) => import(s).catch(() => undefined)));
}
