// ConfigError and the wording of schema problems: "<key path>: <what is wrong>".
// A token value never appears: values at token keys are not shown, and every message is
// scrubbed of the secrets known while loading.
import type { z } from 'zod';
import { runConfigJsonSchema } from './json-schema.ts';
import { showValue } from './schema.ts';

export class ConfigError extends Error {
  constructor(
    /** One line per problem, each "key.path: what is wrong". */
    readonly problems: string[],
    readonly file?: string,
  ) {
    const where = file ? `\n  (config file: ${file})` : '';
    super(problems.map((p) => `config error: ${p}`).join('\n') + where);
    this.name = 'ConfigError';
  }
}

/** Keys of earlier versions, with what replaced them. */
const RENAMED: Record<string, string> = {
  'fixtures.sales.unpaid':
    'replaced by vouchers given by role: lifecycle, cancel and refusals (and parallel), each a list of Pending unpaid vouchers (docs/configuration.md "Fixture freshness")',
  'fixtures.sales.paid': 'replaced by fixtures.sales.deliver: Pending vouchers whose payment is paid (docs/configuration.md "Fixture freshness")',
};

const SECRET_KEYS = new Set(['token', 'secondToken']);

export function keyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const k of path) {
    if (typeof k === 'number') out += `[${k}]`;
    else out += out === '' ? String(k) : `.${String(k)}`;
  }
  return out || '(root)';
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

/** "number or string": the types the branches of a union expected. */
function unionExpected(issue: z.core.$ZodIssue): string {
  const branches = (issue as { errors?: z.core.$ZodIssue[][] }).errors ?? [];
  const types = [...new Set(branches.flatMap((b) => b.filter((i) => i.code === 'invalid_type').map((i) => (i as { expected: string }).expected)))];
  return types.length ? types.join(' or ') : 'a value';
}

/** ": <what the key holds>", from the schema's description of the key (the text editors show). */
function describedAs(path: readonly PropertyKey[]): string {
  type Node = { properties?: Record<string, Node>; description?: string; anyOf?: Node[] };
  let node: Node | undefined = runConfigJsonSchema() as Node;
  for (const k of path) node = (node?.properties ?? node?.anyOf?.find((x) => x.properties)?.properties)?.[String(k)];
  const text = node?.description ?? node?.anyOf?.find((x) => x.description)?.description;
  return text ? `: ${text.replace(/\.$/, '')}` : '';
}

/** The problems of one zod issue (an unrecognized_keys issue gives one per key). */
export function describeIssue(issue: z.core.$ZodIssue): string[] {
  const path = issue.path;
  const secret = SECRET_KEYS.has(String(path[path.length - 1]));
  const input = (issue as { input?: unknown }).input;
  const received = secret ? typeName(input) : `${typeName(input)} ${showValue(input)}`;
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${keyPath([...path, k])}: ${RENAMED[keyPath([...path, k])] ?? 'unknown key (a typo?)'}`);
    case 'invalid_union':
      // A value of several accepted shapes (an id: a number or a string of digits) that is absent:
      // the key and what it holds, not zod's "Invalid input".
      if (input === undefined) return [`${keyPath(path)}: missing (required, expected ${unionExpected(issue)})${describedAs(path)}`];
      return [`${keyPath(path)}: ${issue.message === 'Invalid input' ? `expected ${unionExpected(issue)}, received ${received}` : issue.message}`];
    case 'invalid_type':
      if (input === undefined) return [`${keyPath(path)}: missing (required, expected ${issue.expected})`];
      return [`${keyPath(path)}: expected ${issue.expected}, received ${received}`];
    case 'invalid_value':
      return [`${keyPath(path)}: expected one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}, received ${received}`];
    case 'too_small':
    case 'too_big':
    case 'invalid_format': {
      const what = issue.message.replace(/^(Too small|Too big|Invalid input): /, '');
      return [`${keyPath(path)}: ${what}${secret || what.includes('received') ? '' : `, received ${showValue(input)}`}`];
    }
    default:
      return [`${keyPath(path)}: ${issue.message}`];
  }
}

/** Replaces every known secret by *** (belt and braces: messages are built not to hold them). */
export function scrub(text: string, secrets: Iterable<string | undefined>): string {
  let out = text;
  for (const s of secrets) if (s && s.length >= 4) out = out.split(s).join('***');
  return out;
}
