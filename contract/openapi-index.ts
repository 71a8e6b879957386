// The configured operations of the index (config `operations`, section 1) as OpenAPI 3.1 path
// items, as the target declares them: method, path with its {placeholders}, query and body
// templates, where the answer keeps its list and count. Section 4: "Paths, parameters and
// payloads of every operation other than the three below: not shown", so none of this is the
// spec's: it is what the config says of the target, and each operation lists the requirements
// the kit checks it against (IX-*). The three of section 4 keep their document from the contract.
import { isPaged, pageStyle, refusalText, totalPath } from '../config/answer-shape.ts';
import type { OperationConfig } from '../config/operations.ts';
import { SPEC_DETAILED } from '../core/operations.ts';
import { requirement, requirements } from './requirements.ts';

const line = (id: string) => {
  const r = requirement(id);
  return `- **${r.id}** [${r.level}] ${r.title}`;
};

/** "get-product-list" -> "getProductList". */
const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The JSON Schema of an answer keeping an array at `list` (a dot path from the envelope) and a count at `total`. */
function answerSchema(list: string | undefined, total: string | undefined): Record<string, unknown> {
  const schema: Record<string, unknown> = { type: 'object' };
  const put = (path: string, leaf: Record<string, unknown>) => {
    let at = schema;
    const keys = path.split('.');
    keys.forEach((k, i) => {
      const props = (at.properties ??= {}) as Record<string, Record<string, unknown>>;
      if (i === keys.length - 1) props[k] = leaf;
      else at = props[k] ??= { type: 'object' };
    });
  };
  if (list === '$') return { type: 'array', description: 'the list, the whole answer (config operations.*.list "$")' };
  if (list) put(list, { type: 'array', description: 'the list (config operations.*.list)' });
  if (total) put(total, { type: 'integer', description: 'the count of the whole list (config operations.*.totalCount)' });
  return schema;
}

/** Where a template string holds {placeholders}: their names. */
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

function operationObject(name: string, op: OperationConfig): Record<string, unknown> {
  const applying = requirements.filter((r) => r.operations.includes('index'));
  const total = isPaged(op) ? totalPath(op) : undefined;
  const by =
    op.paging?.style === 'page'
      ? `{page} (the first ${pageStyle(op)!.firstPage}) and {size}`
      : op.paging?.style === 'cursor'
        ? `{cursor} (the next at \`${op.paging.next}\`, none on the first page) and {size}`
        : '{limit} and {offset}';
  const kept = op.list
    ? `Its list is kept at \`${op.list}\`${total ? `, paged by ${by}, the count at \`${total}\`` : ''}.${op.refusal ? ` A 2xx holding ${refusalText(op)} is a refusal.` : ''}`
    : 'It answers no list.';
  const pathParams = placeholders(op.path).map((p) => ({
    name: p,
    in: 'path',
    required: true,
    description: `{${p}}${op.params?.[p] !== undefined ? `: the run sends ${JSON.stringify(op.params[p])} (params)` : ': from the fixtures'}`,
    schema: { type: typeof op.params?.[p] === 'number' ? 'integer' : 'string' },
  }));
  const queryParams = Object.entries(op.query ?? {}).map(([k, v]) => ({
    name: k,
    in: 'query',
    // A cursor is sent from the second page on.
    required: v !== '{cursor}',
    description: `Template ${JSON.stringify(v)} (config operations.${name}.query)`,
    schema: { type: 'string' },
    example: v,
  }));
  return {
    operationId: camel(name),
    summary: `${name} (index, section 1)`,
    description: [
      `Operation \`${name}\` of the index (spec section 1), as the target declares it in config \`operations.${name}\`: the spec shows no path, parameter or payload for it. ${kept}${op.writes ? ' It changes data: sent only when writes is not false.' : ''}${op.created ? ` The new id is at \`${op.created}\`.` : ''}`,
      '',
      'Requirements of erp-conformance that apply (`erp-conformance requirements`):',
      ...applying.map((r) => line(r.id)),
    ].join('\n'),
    tags: ['index (section 1)'],
    parameters: [...pathParams, ...queryParams],
    ...(op.method === 'POST'
      ? { requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' }, example: op.body ?? {} } } } }
      : {}),
    responses: {
      '200': {
        description: `Success. ${kept}`,
        content: { 'application/json': { schema: answerSchema(op.list, total) } },
      },
      '403': {
        description:
          '"A request without a valid token is rejected with HTTP 403" (spec 5 rule 2).\n\nRequirements:\n' + ['IX-1', 'IX-2', 'IX-3'].map(line).join('\n'),
      },
      '400': { description: 'A malformed parameter: its answer is recorded; a 5xx is ENV-6 (spec 7).\n\nRequirements:\n' + line('IX-5') },
    },
    'x-erp-conformance-operation': { name, ...op },
  };
}

/** The path items of the configured operations but the three of section 4, merged by path. */
export function configuredPaths(operations: Partial<Record<string, OperationConfig>> | undefined): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, op] of Object.entries(operations ?? {})) {
    if (!op || SPEC_DETAILED.has(name)) continue;
    const item = (paths[op.path] ??= {});
    const method = op.method.toLowerCase();
    // Two operations declared at one path and method: the first keeps it (the kit sends both as configured).
    if (item[method] === undefined) item[method] = operationObject(name, op);
  }
  return paths;
}
