// Seeded, deterministic master data and consumption/production transactions of the reference
// (2.5, 4.3). Generated once per seed and never changed: the report only reads it.
import { mulberry32, type Random } from './random.ts';

export const DAY_MS = 86_400_000;
/** 4.3: transactions lie between 2026-01-01 and 2026-04-30 (UTC). */
export const DATA_FIRST_DAY = Date.UTC(2026, 0, 1);
export const DATA_DAYS = 120;
export const TRANSACTION_COUNT = 1500;
export const MEASUREMENT_CODES = ['KG', 'PCS', 'LTR', 'GM'] as const;
export const DATA_BRANCHES = [1, 2, 3] as const;

export interface Product {
  id: number;
  /** No commas: 2.5 joins product names with a comma. */
  name: string;
  measurementCode: (typeof MEASUREMENT_CODES)[number];
  categoryId: number;
  subCategoryId: number;
  brandId: number;
  subBrandId: number;
  departmentId: number;
  /** Per unit, in paise (hundredths). */
  landingCents: number;
  sellingCents: number;
}

export interface Recipe {
  id: number;
  consumed: Product[];
  produced: Product[];
}

/** One product of a transaction: quantity and line amounts (in hundredths). */
export interface Line {
  product: Product;
  qtyText: string;
  landingCents: number;
  sellingCents: number;
}

export interface Transaction {
  transactionId: number;
  transactionNo: string;
  /** Instant of the transaction, whole seconds, UTC ms. */
  t: number;
  branchId: number;
  module: 'bom' | 'mc';
  recipeId: number | null;
  consumed: Line[];
  produced: Line[];
}

export interface ReferenceData {
  seed: number;
  products: Product[];
  recipes: Recipe[];
  /** Sorted by t, then transactionId (stable pagination). */
  transactions: Transaction[];
}

const WORDS_A = ['Basmati', 'Refined', 'Organic', 'Roasted', 'Golden', 'Fresh', 'Dried', 'Spiced', 'Plain', 'Premium', 'Crushed', 'Whole'];
const WORDS_B = ['Rice', 'Sugar', 'Flour', 'Tomato Puree', 'Mango Pulp', 'Cashew', 'Milk', 'Butter', 'Masala', 'Lentils', 'Ghee', 'Chilli'];

function makeProducts(r: Random): Product[] {
  const names = r.sample(
    WORDS_A.flatMap((a) => WORDS_B.map((b) => `${a} ${b}`)),
    60,
  );
  return names.map((name, i) => {
    const categoryId = r.int(1, 6);
    const brandId = r.int(1, 8);
    const landingCents = r.int(500, 90_000);
    return {
      id: 101 + i,
      name,
      measurementCode: r.pick(MEASUREMENT_CODES),
      categoryId,
      subCategoryId: categoryId * 10 + r.int(1, 3),
      brandId,
      subBrandId: brandId * 10 + r.int(1, 2),
      departmentId: r.int(1, 4),
      landingCents,
      sellingCents: landingCents + r.int(1, Math.max(2, Math.floor(landingCents * 0.6))),
    };
  });
}

/** Picks 1-4 consumed and 1-3 produced products, distinct within and across the groups. */
function pickGroups(r: Random, products: Product[]): { consumed: Product[]; produced: Product[] } {
  const nc = r.int(1, 4);
  const np = r.int(1, 3);
  const chosen = r.sample(products, nc + np);
  return { consumed: chosen.slice(0, nc), produced: chosen.slice(nc) };
}

function line(r: Random, product: Product): Line {
  // Quantities are decimal (2.5 "comma-joined quantities"); pieces are whole numbers.
  const milli = product.measurementCode === 'PCS' ? r.int(1, 40) * 1000 : r.int(250, 25_000);
  const qtyText = product.measurementCode === 'PCS' ? String(milli / 1000) : (milli / 1000).toFixed(3);
  return {
    product,
    qtyText,
    landingCents: Math.round((milli * product.landingCents) / 1000),
    sellingCents: Math.round((milli * product.sellingCents) / 1000),
  };
}

/** A second of the day: about 9% at 23:59:xx and 9% at 00:00:xx UTC, the rest anywhere. */
function secondOfDay(r: Random): number {
  const kind = r.next();
  if (kind < 0.09) return 23 * 3600 + 59 * 60 + r.int(0, 59);
  if (kind < 0.18) return r.int(0, 59);
  return r.int(0, 86_399);
}

function generate(seed: number): ReferenceData {
  const r = mulberry32(seed);
  const products = makeProducts(r);
  const recipes: Recipe[] = Array.from({ length: 24 }, (_, i) => ({ id: 1 + i, ...pickGroups(r, products) }));
  const transactions: Transaction[] = [];
  for (let i = 0; i < TRANSACTION_COUNT; i++) {
    const transactionId = 1 + i;
    const module = r.next() < 0.6 ? 'bom' : 'mc';
    const recipe = module === 'bom' ? r.pick(recipes) : null;
    const groups = recipe ?? pickGroups(r, products);
    transactions.push({
      transactionId,
      transactionNo: `CP-${String(transactionId).padStart(6, '0')}`,
      t: DATA_FIRST_DAY + r.int(0, DATA_DAYS - 1) * DAY_MS + secondOfDay(r) * 1000,
      branchId: r.pick(DATA_BRANCHES),
      module,
      recipeId: recipe?.id ?? null,
      consumed: groups.consumed.map((p) => line(r, p)),
      produced: groups.produced.map((p) => line(r, p)),
    });
  }
  transactions.sort((a, b) => a.t - b.t || a.transactionId - b.transactionId);
  return { seed, products, recipes, transactions };
}

const cache = new Map<number, ReferenceData>();

/** The reference data of a seed (generated once, then shared: it is never modified). */
export function referenceData(seed: number): ReferenceData {
  let data = cache.get(seed);
  if (!data) {
    data = generate(seed);
    cache.set(seed, data);
  }
  return data;
}
