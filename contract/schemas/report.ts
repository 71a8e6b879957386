// 2.5 Consumption/production transaction and 4.3 Consumption Production Report.
import { z } from 'zod';
import { AMOUNT_2DP, DAY_MONTH_YEAR, ID_LIST, ISO_UTC, QUANTITY, parseDayMonthYear, splitJoined } from '../../core/formats.ts';
import { envelopeOf, jsonInteger } from './envelope.ts';

export const MODULES = ['bom', 'mc'] as const;
/** 2.5: "Recipe for bom, Material Creation for mc". */
export const MODULE_NAMES = { bom: 'Recipe', mc: 'Material Creation' } as const;

const joinedOf = (element: RegExp, what: string) => z.string().refine((v) => splitJoined(v).every((e) => element.test(e)), `comma-joined ${what}`);

export const reportRequest = z.object({
  dateFrom: z.string().regex(ISO_UTC, 'ISO 8601 in UTC (trailing Z)'),
  dateTo: z.string().regex(ISO_UTC, 'ISO 8601 in UTC (trailing Z)'),
  branchList: z.string().regex(ID_LIST, 'comma-separated branch ids'),
  limit: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  moduleName: z.array(z.enum(MODULES)).optional(),
  recipeIds: z.string().optional(),
  productIds: z.string().optional(),
  categoryIds: z.string().optional(),
  subCategoryIds: z.string().optional(),
  brandIds: z.string().optional(),
  subBrandIds: z.string().optional(),
  departmentIds: z.string().optional(),
});
export type ReportRequest = z.infer<typeof reportRequest>;

export const reportItem = z.object({
  transactionId: jsonInteger,
  transactionNo: z.string(),
  date: z
    .string()
    .regex(DAY_MONTH_YEAR, 'dd/mm/yyyy')
    .refine((v) => parseDayMonthYear(v) !== null, 'a calendar day'),
  module: z.enum(MODULES),
  moduleName: z.string(),
  consumedProduct: z.string(),
  consumedQty: joinedOf(QUANTITY, 'quantities'),
  consumedMeasurementCode: z.string(),
  consumedLandingCost: joinedOf(AMOUNT_2DP, 'amounts with two decimals'),
  producedProduct: z.string(),
  producedQty: joinedOf(QUANTITY, 'quantities'),
  producedMeasurementCode: z.string(),
  producedLandingCost: joinedOf(AMOUNT_2DP, 'amounts with two decimals'),
  producedSellingPrice: joinedOf(AMOUNT_2DP, 'amounts with two decimals'),
  producedMargin: joinedOf(AMOUNT_2DP, 'amounts with two decimals'),
});
export type ReportItem = z.infer<typeof reportItem>;

export const reportPage = z.object({
  totalCount: z.number().int().nonnegative(),
  items: z.array(z.unknown()),
});

/** 4.3 Success: "response object: totalCount | integer; items | array". Items are checked one by one. */
export const reportSuccess = envelopeOf(reportPage).extend({ status: z.literal(true), code: z.literal('200') });

/** The per-product fields of each group, in the spec's order. */
export const CONSUMED_FIELDS = ['consumedProduct', 'consumedQty', 'consumedMeasurementCode', 'consumedLandingCost'] as const;
export const PRODUCED_FIELDS = [
  'producedProduct',
  'producedQty',
  'producedMeasurementCode',
  'producedLandingCost',
  'producedSellingPrice',
  'producedMargin',
] as const;
