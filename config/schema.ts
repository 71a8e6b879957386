// The run config: which target to test, with which fixtures, under which limits.
// The `.describe()` texts end up in config/run-config.schema.json for IDE completion.
import { z } from 'zod';
import { ID_LIST, parseIsoUtc } from '../core/formats.ts';
import { QUOTA_KEYS, readQuota, type QuotaKey } from '../core/quota.ts';
import { certifySchema } from './certify.ts';
import { markerSchema } from './marker.ts';
import { operationsSchema, refusalShape } from './operations.ts';

/** Shows a rejected (non-secret) value in a message, shortened. */
export function showValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

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

const isoUtc = z.string().refine((v) => parseIsoUtc(v) !== null, {
  error: (iss) => `expected an ISO 8601 UTC instant with trailing Z (e.g. "2026-01-01T00:00:00Z"), received ${showValue(iss.input)}`,
});

const positiveId = z.number().int().positive();
/**
 * An id of the target (2.2 "a numeric salesId"): a positive integer, also past 2^53. In a JSON file
 * a large id may be written as a number (the file is read losslessly) or as a string of digits.
 */
export const targetId = z
  .union([
    z
      .number()
      .int()
      .positive()
      .refine(Number.isSafeInteger, { error: 'an id past 2^53 must be written as a string of digits (JSON numbers lose its last digits)' }),
    z.string().regex(/^[1-9][0-9]{0,39}$/, { error: 'expected a positive integer, or a string of its digits' }),
  ])
  .transform((v): number | bigint => (typeof v === 'number' ? v : Number.isSafeInteger(Number(v)) ? Number(v) : BigInt(v)));
export type TargetId = z.output<typeof targetId>;
const voucherList = (what: string, min = 1) =>
  z
    .array(targetId)
    .min(min, { error: min === 1 ? 'expected at least one voucher id' : `expected at least ${min} voucher ids` })
    .describe(what);

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
export const VOUCHER_ROLES = ['lifecycle', 'cancel', 'deliver', 'refusals', 'parallel', 'otherBranch'] as const;
export type VoucherRole = (typeof VOUCHER_ROLES)[number];
/** The pools of the walks: optional when operations["order-create"] makes a fresh voucher per run. */
const POOL_ROLES = ['lifecycle', 'cancel', 'deliver'] as const;

// Vouchers are given by role, in one place. A role's list is a pool: each run takes the first
// voucher whose state still allows what the role does (a nightly run against the same staging
// server finds earlier runs' vouchers moved on), so a longer pool lasts more runs between resets.
const salesSchema = z
  .strictObject({
    lifecycle: voucherList(
      'Vouchers in branchId, order status Pending, payment not paid (optional with operations["order-create"]): one is walked Pending -> Confirmed -> Processing -> Shipped per run (a pool: the first usable one is taken).',
    ).optional(),
    cancel: voucherList('Vouchers in branchId, Pending, not paid: one is set to Cancelled per run (a pool).').optional(),
    deliver: voucherList(
      'Vouchers in branchId, Pending, payment status paid: one is walked to Shipped and set to Delivered per run (a pool; spec 3: Delivered requires paid).',
    ).optional(),
    refusals: voucherList(
      'Vouchers in branchId, Pending, not paid, that only receive requests a conforming target refuses (invalid statuses, Delivered while unpaid): they never change.',
    ),
    parallel: voucherList(
      'Optional: vouchers in branchId, Pending, not paid, updated in parallel to check that each update takes effect (OS-7; needs readBack.orderStatus). At least 2.',
      2,
    ).optional(),
    otherBranch: voucherList('Vouchers that exist in otherBranchId (not in branchId); never changed.'),
    missing: targetId.describe('A sales voucher id that exists in no branch.'),
  })
  .superRefine((s, ctx) => {
    const seen = new Map<string, string>();
    for (const key of VOUCHER_ROLES) {
      (s[key] ?? []).forEach((id, i) => {
        const before = seen.get(String(id));
        if (before) ctx.addIssue({ code: 'custom', path: [key, i], message: `voucher ${id} is also listed in sales.${before}: a voucher has one role` });
        else seen.set(String(id), key);
      });
    }
    const other = seen.get(String(s.missing));
    if (other) ctx.addIssue({ code: 'custom', path: ['missing'], message: `voucher ${s.missing} is listed in sales.${other}, so it is not missing` });
  });

/** The id filters of 4.3 ("filter by recipe ids" ...). */
export const FILTER_KEYS = ['recipeIds', 'productIds', 'categoryIds', 'subCategoryIds', 'brandIds', 'subBrandIds', 'departmentIds'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const reportSchema = z
  .strictObject({
    branchList: z
      .string()
      .regex(ID_LIST, { error: (iss) => `expected comma-separated branch ids like "1,2", received ${showValue(iss.input)}` })
      .describe('branchList sent to the report (spec 4.3): comma-separated branch ids holding transactions.'),
    dateFrom: isoUtc.describe('Start of a date range holding report transactions, ISO 8601 UTC with trailing Z.'),
    dateTo: isoUtc.describe(
      'End of that date range, ISO 8601 UTC with trailing Z; not before dateFrom. Best in the past, so that no transaction is added during a run.',
    ),
    filterIds: z
      .strictObject(
        Object.fromEntries(
          FILTER_KEYS.map((k) => [
            k,
            z
              .array(z.string().regex(/^\d+$/, { error: 'expected an id of digits' }))
              .min(1)
              .optional(),
          ]),
        ) as Record<FilterKey, z.ZodOptional<z.ZodArray<z.ZodString>>>,
      )
      .optional()
      .describe(
        'Optional: ids that occur in the range, per 4.3 id filter (e.g. {"productIds": ["101", "102"]}); two or more per filter let the suite check that widening a filter never removes a transaction (RP-19b).',
      ),
    emptyBranchId: positiveId.optional().describe('Optional: a valid branch that holds no transaction in the range (RP-9b: it adds none).'),
  })
  .superRefine((r, ctx) => {
    if (parseIsoUtc(r.dateFrom)! > parseIsoUtc(r.dateTo)!)
      ctx.addIssue({ code: 'custom', path: ['dateFrom'], message: `dateFrom ${r.dateFrom} is after dateTo ${r.dateTo}` });
  });

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD-MM-YYYY', 'DD/MM/YYYY'] as const;

const customerSchema = z.strictObject({
  countriesCode: z.string().min(1).describe('countriesCode of the addresses sent (spec 2.4), from the target\'s country list, e.g. "IN".'),
  cities: z
    .record(z.string().min(1), z.string().min(1))
    .refine((c) => Object.keys(c).length > 0, { error: 'expected at least one city code' })
    .describe('Maps city codes to the state codes of the target\'s master data (spec 2.4 cityCode/stateCode), e.g. {"MUM": "27"}.'),
  contactTypes: z.array(z.string().min(1)).min(1).describe('contactType labels the target accepts (spec 2.3), e.g. ["Wholesale", "Retail"].'),
  dateFormat: z
    .enum(DATE_FORMATS)
    .nullable()
    .default(null)
    .describe('Format the target takes for dateOfBirth/anniversaryDate; null: send empty strings ("empty string when absent", spec 2.3).'),
});

const fixturesSchema = z
  .strictObject({
    branchId: positiveId.describe('A valid branch holding the vouchers of fixtures.sales (every role but otherBranch); customers are created in it.'),
    otherBranchId: positiveId.describe('A second valid branch, holding the vouchers of sales.otherBranch.'),
    invalidBranchId: positiveId.describe('A branch id that does not exist on the target (spec 4.2: branch_id "must be valid").'),
    sales: salesSchema.describe('Sales vouchers the order status suite works on (spec 4.1).'),
    report: reportSchema.describe('A report request range that holds transactions (spec 4.3).'),
    customer: customerSchema.describe('Master data the customers the suite creates must use (spec 2.3, 2.4).'),
  })
  .superRefine((f, ctx) => {
    if (f.otherBranchId === f.branchId) ctx.addIssue({ code: 'custom', path: ['otherBranchId'], message: 'must differ from branchId' });
    if (f.invalidBranchId === f.branchId || f.invalidBranchId === f.otherBranchId)
      ctx.addIssue({ code: 'custom', path: ['invalidBranchId'], message: 'must differ from branchId and otherBranchId' });
  });

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
