// The run config: which target to test, with which fixtures, under which limits.
// The `.describe()` texts end up in config/run-config.schema.json for IDE completion.
import { z } from 'zod';
import { QUOTA_KEYS, readQuota, type QuotaKey } from '../core/quota.ts';
import { certifySchema } from './certify.ts';
import { markerSchema } from './marker.ts';
import { operationsSchema, refusalShape } from './operations.ts';
import { fixturesSchema, POOL_ROLES, showValue } from './fixtures.ts';

export { FILTER_KEYS, showValue, targetId, VOUCHER_ROLES, type FilterKey, type TargetId, type VoucherRole } from './fixtures.ts';

function isHttpUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '' && !u.search && !u.hash;
  } catch {
    return false;
  }
}

/** A token is sent as the `api-token` header value (spec 5): visible ASCII, no whitespace. */
const TOKEN = /^[\x21-\x7e]+$/;
// The message never shows the value: a token must not reach any output.
const token = (what: string) =>
  z
    .string({ error: `expected a string (${what})` })
    .regex(TOKEN, { error: 'must be non-empty visible ASCII without whitespace or control characters (value not shown)' })
    .describe(`${what}. Write "env:NAME" to read it from the environment variable NAME (recommended: keep tokens out of files).`);

export const targetSchema = z.strictObject({
  name: z.string().min(1).describe('Display name of the target in reports, e.g. "Acme staging".'),
  baseUrl: z
    .string()
    .refine(isHttpUrl, { error: (iss) => `expected an http(s) URL, received ${showValue(iss.input)}` })
    .describe('{base_url} of the spec: the paths /api/v1/... are appended to it. http or https, no query or fragment.'),
  token: token('The api-token the service operator issued (spec 5 rule 1). Overridden by the environment variable ERP_API_TOKEN'),
  secondToken: token(
    'Optional second valid token (another client), used to observe whether rate limits are per token. Overridden by ERP_API_TOKEN_2',
  ).optional(),
  timeoutMs: z.number().int().min(100).max(600_000).default(10_000).describe('Per-request timeout in milliseconds (headers, body and overall).'),
  maxResponseBytes: z
    .number()
    .int()
    .min(1024)
    .default(4 * 1024 * 1024)
    .describe('Response bodies are cut at this many bytes (the exchange is then marked truncated, failure too-large).'),
});

/** The roles of the order-status vouchers, in the order the suites use them. */

const placeholderPath = (what: string, required: string, optional: string) =>
  z
    .string()
    .refine((t) => t.startsWith('/') && t.includes(required), {
      error: (iss) => `expected a path starting with "/" holding ${required} (and optionally ${optional}), received ${showValue(iss.input)}`,
    })
    .describe(what);

/** A dot path into a JSON answer, e.g. "response.orderStatus". */
const fieldPath = z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*|\.\d+)*$/, { error: 'expected a dot path like "response.orderStatus"' });

const readBackSchema = z.strictObject({
  getContactById: placeholderPath(
    'Path of "Get Contact By Id" (its path is not shown in the spec), with {contactId} and {branchId} placeholders.',
    '{contactId}',
    '{branchId}',
  ).optional(),
  orderStatus: z
    .strictObject({
      path: placeholderPath('Path of "Order Status" (GET; not shown in the spec), with {salesId} and {branchId} placeholders.', '{salesId}', '{branchId}'),
      orderStatus: fieldPath.describe('Where the answer holds the order status, e.g. "response.orderStatus".'),
      paymentStatus: fieldPath.describe('Where the answer holds the payment status, e.g. "response.paymentStatus".'),
      paidValue: z.string().min(1).default('paid').describe('The payment status value meaning paid (compared without regard to case).'),
      unpaidValue: z
        .string()
        .min(1)
        .optional()
        .describe(
          'The payment status value Update Payment Status takes for not paid (default "unpaid"): a voucher made paid is set back before Delivered is tried (OS-3).',
        ),
      partialValue: z
        .string()
        .min(1)
        .optional()
        .describe(
          'The payment status value Update Payment Status takes for partially paid, where the target has one: Delivered is tried on such a voucher (OS-3). Absent: not tried.',
        ),
    })
    .optional()
    .describe(
      "Optional read path of a voucher's order and payment status: plans the order-status tests from the vouchers' actual state, lets the preflight check each voucher, and verifies OS-7.",
    ),
  refusal: refusalShape
    .optional()
    .describe(
      'How the read-backs answer an id they do not hold (or refuse) with a 2xx, as operations entries declare theirs: dot paths from the root of the answer and the value each holds, e.g. {"status": false}. Such an answer is "not found", never a record read back.',
    ),
});

const quotaText = (what: string) =>
  z
    .string()
    .refine((t) => readQuota(t) !== null, { error: (iss) => `expected Q/W like "100/10s" or "5/1m", received ${showValue(iss.input)}` })
    .describe(what);
const QUOTA_TEXTS: Partial<Record<QuotaKey, string>> = {
  all: 'Every request of the run, whatever its operation.',
  report: 'The report (4.3), e.g. "5/1m".',
  customerCreate: 'Customer creation (4.2).',
  orderStatus: 'The order status update (4.1).',
  readBack: 'Both read paths of readBack (one quota shared by them), e.g. "4/1m".',
  contactRead: 'readBack.getContactById alone.',
  orderStatusRead: 'readBack.orderStatus alone.',
};
/** An index operation's stable name (config operations): its own quota ("contact-save" is customerCreate's). */
const indexQuotaText = (k: string) => `The index operation ${k} (section 1, config operations.${k}) alone, e.g. "10/1m".`;
const quotaMap = z
  .strictObject(
    Object.fromEntries(QUOTA_KEYS.map((k) => [k, quotaText(QUOTA_TEXTS[k] ?? indexQuotaText(k)).optional()])) as Record<QuotaKey, z.ZodOptional<z.ZodString>>,
  )
  .refine((m) => Object.values(m).some((v) => v !== undefined), { error: 'expected at least one operation, e.g. {"report": "5/1m"}' });

const runSchema = z
  .strictObject({
    concurrency: z
      .number()
      .int()
      .min(1)
      .max(256)
      .default(8)
      .describe('Requests in flight at once (independent tests and property runs; stateful sequences keep their order).'),
    maxDurationSeconds: z
      .number()
      .positive()
      .default(1800)
      .describe('Run budget: after it, the requirements not yet run are reported as not run and the certificate is written.'),
    maxRequests: z.number().int().positive().optional().describe('Request budget of the run: property runs are sized to it, and no request is sent past it.'),
    rateLimit: z
      .union([
        quotaText('Never send more than Q requests per window W (e.g. "100/10s"), all requests together: for shared staging servers whose owners ask for it.'),
        quotaMap,
      ])
      .optional()
      .describe(
        'Known quotas: "Q/W" for all requests together, or per operation, e.g. {"report": "5/1m", "readBack": "4/1m"}: the run starts paced (and plans under them) instead of learning them by 429s.',
      ),
  })
  .default({ concurrency: 8, maxDurationSeconds: 1800 });

export const runConfigSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Path or URL of this JSON Schema, for editors.'),
    $comment: z
      .array(z.string())
      .optional()
      .describe('Notes for people, ignored by the run: `init --discover` writes here what it found on the target and what it could not.'),
    target: targetSchema.describe('The ERP Open Interface deployment under test.'),
    fixtures: fixturesSchema.describe('Data that exists on the target and that the suites rely on.'),
    readBack: readBackSchema
      .optional()
      .describe(
        'Optional read-back extension, the one place of the two reads (not operations): without it the read-back requirements (CU-8..CU-10) are skipped.',
      ),
    operations: operationsSchema,
    writes: z.boolean().default(true).describe('false forbids creating customers and changing order statuses (read-only run).'),
    marker: markerSchema,
    certify: certifySchema,
    run: runSchema.describe('How the run sends its requests: concurrency, budgets, a rate cap.'),
    properties: z
      .strictObject({
        numRuns: z.number().int().positive().default(100).describe('Generated cases per property-based check.'),
        seed: z.number().int().optional().describe('Seed of the generators; absent: a random seed is chosen at run time and reported.'),
      })
      .default({ numRuns: 100 })
      .describe('Property-based testing settings.'),
    load: z
      .strictObject({
        allowNonLoopback: z.boolean().default(false).describe('Load and rate-limit probes refuse a non-loopback target unless this is true.'),
        maxRequests: z.number().int().positive().default(2000).describe('Upper bound of requests a load or probe run may send.'),
        maxSeconds: z.number().positive().default(120).describe('Upper bound of the duration of a load or probe run, in seconds.'),
        maxConcurrency: z.number().int().positive().max(1024).default(64).describe('Upper bound of requests in flight at once during a load or probe run.'),
      })
      .default({ allowNonLoopback: false, maxRequests: 2000, maxSeconds: 120, maxConcurrency: 64 })
      .describe('Safety limits of load and rate-limit probing.'),
  })
  .superRefine((c, ctx) => {
    // Without Order Create the walks take their vouchers from the pools (with it, a fresh voucher per run).
    if (c.operations?.['order-create']) return;
    for (const role of POOL_ROLES)
      if (!c.fixtures.sales[role])
        ctx.addIssue({
          code: 'custom',
          path: ['fixtures', 'sales', role],
          message: 'expected at least one voucher id (or operations["order-create"], which makes a fresh voucher per run)',
        });
  })
  .meta({
    title: 'erp-conformance run config',
    description: 'Target, fixtures and limits of a conformance run against an ERP Open Interface deployment.',
  });

/** The config as written (JSON file), before defaults and env resolution. */
export type RunConfigInput = z.input<typeof runConfigSchema>;
type ParsedConfig = z.output<typeof runConfigSchema>;
/** The environment variables the tokens were read from (set by loadConfig, never by a file): curl lines and scripts name them. */
export interface TokenVariables {
  token?: string;
  secondToken?: string;
}
/** The config after loadConfig: defaults applied, `env:NAME` tokens resolved (and the variables they came from kept). */
export type RunConfig = Omit<ParsedConfig, 'target'> & { target: ParsedConfig['target'] & { variables?: TokenVariables } };
export type TargetConfig = RunConfig['target'];
