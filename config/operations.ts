// `operations` of the run config: the operations of the spec's index (section 1) the target
// serves, each under a stable name taken from the index, with where it lives and how it is asked
// (section 4: "Paths, parameters and payloads of every operation other than the three below: not
// shown", so the target's own documentation says).
import { z } from 'zod';
import { INDEX_OPERATIONS, READ_BACKS } from '../core/operations.ts';
import { preflightSays } from '../core/words/preflight.ts';

const dotPath = z.string().regex(/^(\$|[A-Za-z_][\w$]*(\.[A-Za-z_$][\w$]*)*)$/, {
  error: 'expected a dot path from the root of the answer, like "response.items" or "content", or "$" for the whole answer (a bare array)',
});

/** A value the refusal shape compares with: a JSON scalar. */
const scalar = z.union([z.boolean(), z.string(), z.number(), z.null()]);

/** A refusal shape: dot paths from the root of an answer and the value each holds in a refusal, e.g. {"status": false}. */
export const refusalShape = z.record(z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/), scalar);

// Templates hold {placeholders}: {branchId}, {otherBranchId}, {salesId}, {countriesCode},
// {stateCode}, {cityCode}, {branchList}, {dateFrom}, {dateTo} come from the fixtures, {limit} and
// {offset} from the check, any other from the entry's `params` (which may also give the entry a
// date window of its own: `dateFrom`, `dateTo`). A string that is exactly "{name}" becomes the
// value with its type. Where the answer keeps its list, count or new id is a dot path from the
// answer's root ("$": the whole answer): the 2.1 envelope is the spec's for the three of section 4 only.
export const operationSchema = z.strictObject({
  method: z.enum(['GET', 'POST']).describe('HTTP method (section 1 gives it for most operations).'),
  path: z
    .string()
    .regex(/^\/[^?#\s]*$/, { error: 'expected a path starting with "/" without query or spaces, e.g. "/api/v1/sales/{salesId}"' })
    .describe('Path relative to target.baseUrl, with {placeholders}, e.g. "/api/v1/product/{productId}".'),
  query: z
    .record(z.string(), z.string())
    .optional()
    .describe('Query parameters, values may hold {placeholders}, e.g. {"branch_id": "{branchId}", "limit": "{limit}"}.'),
  body: z.unknown().optional().describe('JSON body template of a POST; strings hold {placeholders}.'),
  list: dotPath
    .optional()
    .describe(
      'Where the answer keeps its list, a dot path from its root, e.g. "response.items", "response.salesDataListDTOList", "content", or "$" for a bare array: makes it a list operation.',
    ),
  paged: z
    .boolean()
    .optional()
    .describe(
      'The list is paged by {limit} and {offset} in query or body (or as `paging` says), and the answer carries its total count (checks of pagination).',
    ),
  paging: z
    .discriminatedUnion('style', [
      z.strictObject({ style: z.literal('offset') }),
      z.strictObject({
        style: z.literal('page'),
        firstPage: z
          .union([z.literal(0), z.literal(1)])
          .optional()
          .describe('The number of the first page (default 0).'),
      }),
      z.strictObject({
        style: z.literal('cursor'),
        next: dotPath.describe(
          'Where an answer holds the cursor of the next page, a dot path from its root, e.g. "response.nextCursor"; absent or null on the last page.',
        ),
      }),
    ])
    .optional()
    .describe(
      'How a paged list is paged (implies paged): {"style": "offset"} by {limit} and {offset}; {"style": "page", "firstPage": 0|1} by {page} and {size} in query or body, e.g. {"page": "{page}", "size": "{size}"}; {"style": "cursor", "next": "response.next"} by {cursor} and {size} (or {limit}), the first page asked without the entries that are exactly "{cursor}", each next one with the cursor the answer before gave.',
    ),
  totalCount: dotPath
    .nullable()
    .optional()
    .describe(
      'Where a paged answer carries its total count, a dot path from its root; default "response.totalCount". null: the list states no count (many cursor APIs have none): a list paged by cursor is then judged by walking it twice at two page sizes (IX-7).',
    ),
  refusal: refusalShape
    .optional()
    .describe(
      'How the operation refuses with a 2xx: dot paths from the root of the answer and the value each holds in a refusal, e.g. {"status": false}. A 2xx answer holding all of them is a refusal wherever the run reads this operation.',
    ),
  writes: z.boolean().optional().describe('The operation changes data: it is sent only when writes is not false.'),
  created: dotPath
    .optional()
    .describe('Where the answer of a creation holds the new id, e.g. "response.salesId" for order-create (a fresh voucher per run: OS-6).'),
  volatile: z
    .array(z.string().min(1))
    .optional()
    .describe(
      'Field names an update may change besides the order status (modified dates, audit fields), for get-sales-data-by-id (OS-6, AUTH-11); names like updatedAt, modifiedDate, version, history are left out anyway, and so is a field that changes between two reads with nothing sent between (a view count).',
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .optional()
    .describe(
      "Values of the entry's own placeholders (an existing productId, contactId ...); dateFrom and dateTo here give the entry a date window of its own instead of the report's fixture range.",
    ),
});

export const operationsSchema = z
  .partialRecord(z.enum(INDEX_OPERATIONS), operationSchema)
  .optional()
  .describe(
    "Optional: the index operations (spec section 1) the target serves, by stable name; every one is checked for authentication, robustness and its envelope, and the preflight sends each once (404/405: not served, out of scope). The three of section 4 keep the spec's paths, the read-backs are configured under readBack. `init --discover` writes those the target answers, `init --whole-index` the whole index at the reference's paths.",
  );

export type OperationConfig = z.output<typeof operationSchema>;
export type OperationConfigInput = z.input<typeof operationSchema>;

/**
 * Why the config leaves index operation `name` unsent, or undefined: it is not in `operations`, or
 * it writes (its entry's `writes`) and the run's `writes` is false. One rule for the suite that
 * sends the operations, the plan that counts their requests and the certificate's scope.
 */
export function indexOperationLeftOut(
  config: { operations?: Partial<Record<string, OperationConfig>> | undefined; writes?: boolean | undefined },
  name: string,
): 'not-configured' | 'writes' | undefined {
  const op = config.operations?.[name];
  if (!op) return 'not-configured';
  return op.writes && config.writes === false ? 'writes' : undefined;
}

/**
 * The config without the operations the target does not serve (the preflight's 404/405 to their
 * configured request: engine/phases/preflight/served.ts): what the plan counts and the suites
 * send. The certificate's scope names them with why (reports/scope.ts).
 */
export function servedConfig<C extends { operations?: Partial<Record<string, OperationConfig>> | undefined }>(
  config: C,
  notServed: Record<string, string> | undefined,
): C {
  const gone = Object.keys(notServed ?? {});
  if (!config.operations || !gone.some((name) => config.operations![name])) return config;
  return { ...config, operations: Object.fromEntries(Object.entries(config.operations).filter(([name]) => !gone.includes(name))) };
}

const READ_BACK_KEY: Record<string, string> = { 'get-contact-by-id': 'readBack.getContactById', 'order-status': 'readBack.orderStatus' };

/**
 * The one-line note for entries of `operations` that name a read-back: each route is configured
 * in one place, and the read-backs' is `readBack` (their answer's fields, the paid value). An older
 * config that names them under `operations` too still loads; those entries are not sent.
 */
export function readBackEntriesNote(config: {
  operations?: Partial<Record<string, OperationConfig>> | undefined;
  readBack?: Partial<Record<'getContactById' | 'orderStatus', unknown>> | undefined;
}): string | undefined {
  const named = Object.keys(config.operations ?? {}).filter((name) => READ_BACKS.has(name) && config.operations![name]);
  if (named.length === 0) return undefined;
  const moves = named.map((name) => {
    const key = READ_BACK_KEY[name]!;
    const set = config.readBack?.[key.split('.')[1] as 'getContactById' | 'orderStatus'] !== undefined;
    return `operations.${name} (${set ? `${key} is its place` : `move it to ${key}`})`;
  });
  return preflightSays('readBackInOperations', { moves: moves.join(', ') });
}
