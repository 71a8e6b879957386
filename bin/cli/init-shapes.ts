// `init --discover`: what one answer of each read of the index tells of its shape, written into its
// `operations` entry (config/operations.ts): where a bare array or a list and count kept elsewhere
// are, and (a 2xx holding {"status": false}) the production deployment's refusal shape for every
// entry. Paging by page/size and a window of its own cannot be told from one answer: they stay the
// config writer's.
import { answerAt, isPaged, totalPath } from '../../config/answer-shape.ts';
import type { OperationConfig, OperationConfigInput } from '../../config/operations.ts';
import type { Exchange } from '../../core/types.ts';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Names a count of the whole list commonly has. */
const COUNT = /^(total|totalCount|totalElements|totalRecords|recordsTotal|count)$/i;

/** The paths of the arrays at the root of an answer and one level under it ("$" for a bare array). */
function arraysIn(json: unknown): string[] {
  if (Array.isArray(json)) return ['$'];
  if (!isObject(json)) return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(json)) {
    if (Array.isArray(v)) out.push(k);
    else if (isObject(v)) for (const [k2, v2] of Object.entries(v)) if (Array.isArray(v2)) out.push(`${k}.${k2}`);
  }
  return out;
}

/** A refusal as a 2xx: {"status": false} at the answer's root. */
export const refusedWith200 = (ex: Exchange): boolean =>
  ex.response !== undefined && ex.response.status >= 200 && ex.response.status < 300 && isObject(ex.json) && ex.json.status === false;

/**
 * The entry `op` with its list and count where the answer `ex` (a 2xx to its configured request)
 * keeps them, when its configured paths hold none and the answer holds one list only; the lines
 * say what changed.
 */
export function shapedEntry(name: string, op: OperationConfigInput, ex: Exchange): { op: OperationConfigInput; said: string[] } {
  const said: string[] = [];
  if (!op.list || refusedWith200(ex) || Array.isArray(answerAt(ex.json, op.list))) return { op, said };
  const arrays = arraysIn(ex.json);
  if (arrays.length !== 1) return { op, said };
  const list = arrays[0]!;
  const out: OperationConfigInput = { ...op, list };
  said.push(`${name}: its list is at ${list} (not ${op.list})`);
  if (isPaged(op as OperationConfig) && typeof answerAt(ex.json, totalPath(op as OperationConfig)) !== 'number') {
    const parent = list === '$' ? undefined : list.includes('.') ? list.slice(0, list.lastIndexOf('.')) : '';
    const holder = parent === undefined ? undefined : parent === '' ? ex.json : answerAt(ex.json, parent);
    const key = isObject(holder) ? Object.keys(holder).find((k) => COUNT.test(k) && typeof holder[k] === 'number') : undefined;
    if (key) {
      out.totalCount = parent ? `${parent}.${key}` : key;
      said.push(`${name}: its count is at ${out.totalCount}`);
    }
  }
  return { op: out, said };
}

/**
 * The operations with what their answers told: each list and count where its answer keeps them,
 * and, when some answer was a refusal as HTTP 200 with status false, that refusal shape on every
 * entry. `answers`: operation -> the answer to its configured request.
 */
export function shapedOperations(
  operations: Record<string, OperationConfigInput>,
  answers: Record<string, Exchange>,
): { operations: Record<string, OperationConfigInput>; said: string[]; refusing: string[] } {
  const said: string[] = [];
  const refusing = Object.keys(answers).filter((name) => refusedWith200(answers[name]!));
  const out: Record<string, OperationConfigInput> = {};
  for (const [name, op] of Object.entries(operations)) {
    const ex = answers[name];
    const shaped = ex && ex.response && ex.response.status >= 200 && ex.response.status < 300 ? shapedEntry(name, op, ex) : { op, said: [] };
    said.push(...shaped.said);
    out[name] = refusing.length > 0 && !op.refusal ? { ...shaped.op, refusal: { status: false } } : shaped.op;
  }
  if (refusing.length > 0) said.push(`refusal {"status": false} on every operation: ${refusing.join(', ')} answered a 2xx with status false`);
  return { operations: out, said, refusing };
}
