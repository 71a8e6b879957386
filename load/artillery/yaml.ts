// A small YAML writer for the Artillery script (load/artillery/script.ts): block mappings and
// sequences, every string written as a JSON string. A JSON string is a YAML 1.2 double-quoted
// scalar, so a body, a URL or an `{{ $env.X }}` template reaches Artillery byte for byte, whatever
// it holds (quotes, colons, '#', leading spaces): nothing is left to YAML's plain-scalar rules.

export type YamlValue = string | number | boolean | null | YamlValue[] | { [key: string]: YamlValue | undefined };

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_.$-]*$/;

function key(k: string): string {
  return PLAIN_KEY.test(k) ? k : JSON.stringify(k);
}

function scalar(v: string | number | boolean | null): string {
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`not a YAML number: ${v}`);
  return JSON.stringify(v);
}

function isBlock(v: YamlValue | undefined): v is YamlValue[] | { [key: string]: YamlValue | undefined } {
  if (Array.isArray(v)) return v.length > 0;
  return typeof v === 'object' && v !== null && Object.values(v).some((x) => x !== undefined);
}

function empty(v: YamlValue): string {
  return Array.isArray(v) ? '[]' : '{}';
}

function lines(v: YamlValue, indent: string): string[] {
  if (Array.isArray(v)) {
    return v.flatMap((item) => {
      if (!isBlock(item)) return [`${indent}- ${typeof item === 'object' && item !== null ? empty(item) : scalar(item)}`];
      const inner = lines(item, `${indent}  `);
      // The first line of the item goes on the dash's line.
      return [`${indent}- ${inner[0]!.trimStart()}`, ...inner.slice(1)];
    });
  }
  if (typeof v === 'object' && v !== null) {
    return Object.entries(v).flatMap(([k, x]) => {
      if (x === undefined) return [];
      if (isBlock(x)) return [`${indent}${key(k)}:`, ...lines(x, `${indent}  `)];
      return [`${indent}${key(k)}: ${typeof x === 'object' && x !== null ? empty(x) : scalar(x)}`];
    });
  }
  return [`${indent}${scalar(v)}`];
}

/** The document for `value`, after `comments` (each line prefixed with '# '). */
export function toYaml(value: YamlValue, comments: string[] = []): string {
  const head = comments.map((c) => `# ${c.replace(/[\r\n]+/g, ' ')}`.trimEnd());
  return `${[...head, ...lines(value, '')].join('\n')}\n`;
}
