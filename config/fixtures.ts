// The run config's fixtures: the ids of the target (a positive integer, also past 2^53), the
// vouchers by role, the report's range and filters, the customers' master data, and the branches.
// config/schema.ts puts them into the run config; what a rejected value shows, shortened, is here.
import { z } from 'zod';
import { ID_LIST, parseIsoUtc } from '../core/formats.ts';

/** Shows a rejected (non-secret) value in a message, shortened. */
export function showValue(v: unknown): string {
  if (v === undefined) return 'nothing';
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 80 ? `${s.slice(0, 77)}...` : s;
}

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

export const VOUCHER_ROLES = ['lifecycle', 'cancel', 'deliver', 'refusals', 'parallel', 'otherBranch'] as const;
export type VoucherRole = (typeof VOUCHER_ROLES)[number];
/** The pools of the walks: optional when operations["order-create"] makes a fresh voucher per run. */
export const POOL_ROLES = ['lifecycle', 'cancel', 'deliver'] as const;

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

export const fixturesSchema = z
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
