// Which operation of the config's `operations` a request is (section 1: every operation of the
// index under its stable name), from its method and path, so that each counts against its own
// quota (run.rateLimit {"get-product-list": "10/1m"}) and is paced on its own: a slow quota of
// one list never paces the others.
import type { OperationConfig } from '../config/operations.ts';
import { quotaOfIndexOperation, type QuotaOperation } from '../core/quota.ts';

interface Pattern {
  name: string;
  method: string;
  /** Segments of the path template, null for a {placeholder}. */
  segments: Array<string | null>;
  literals: number;
}

/** "/a/{x}/b" -> ["a", null, "b"]. */
function segmentsOf(path: string): Array<string | null> {
  return path
    .slice(1)
    .split('/')
    .map((s) => (/^\{\w+\}$/.test(s) ? null : s));
}

/** The stable name of the configured operation a request is, or undefined. A path a literal
 *  segment matches wins over one a placeholder matches (/product/products-inventory before /product/{id}). */
export function operationMatcher(operations: Partial<Record<string, OperationConfig>> | undefined): (method: string, path: string) => string | undefined {
  const patterns: Pattern[] = Object.entries(operations ?? {})
    .filter((e): e is [string, OperationConfig] => e[1] !== undefined)
    .map(([name, op]) => {
      const segments = segmentsOf(op.path);
      return { name, method: op.method, segments, literals: segments.filter((s) => s !== null).length };
    })
    .sort((a, b) => b.literals - a.literals);
  return (method, path) => {
    const segments = path.split('?')[0]!.slice(1).split('/');
    const found = patterns.find(
      (p) =>
        p.method === method.toUpperCase() &&
        p.segments.length === segments.length &&
        p.segments.every((s, i) => (s === null ? segments[i] !== '' : (safeDecode(segments[i]!) ?? segments[i]) === s)),
    );
    return found?.name;
  };
}

function safeDecode(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** The quota a request of the index counts against: its operation's stable name, else "other". */
export function indexQuotaOf(match: (method: string, path: string) => string | undefined, method: string, path: string): QuotaOperation {
  return quotaOfIndexOperation(match(method, path));
}
