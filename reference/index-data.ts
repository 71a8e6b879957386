// The master data behind the index operations of section 1 ("Paths, parameters and payloads of
// every operation other than the three below: not shown"): one data set with the report (2.5,
// 4.3) and the three operations. The categories, brands, departments and recipes are the ids the
// report's transactions carry (data.ts); the branches are the ones the fixtures name
// (constants.ts); the cities and states the ones contactSave checks (2.4). Field names and shapes
// are the reference's choice, not the spec's. Derived once per seed, never changed.
import { referenceData, type Product } from './data.ts';
import { CITIES, COUNTRY_CODE, VALID_BRANCHES } from './constants.ts';

export interface IndexData {
  branches: Array<{ branchId: number; branchName: string }>;
  departments: Array<{ departmentId: number; departmentName: string }>;
  categories: Array<{ categoryId: number; categoryName: string }>;
  subCategories: Array<{ subCategoryId: number; subCategoryName: string; categoryId: number }>;
  brands: Array<{ brandId: number; brandName: string }>;
  subBrands: Array<{ subBrandId: number; subBrandName: string; brandId: number }>;
  countries: Array<{ countriesCode: string; countriesName: string }>;
  states: Array<{ stateCode: string; stateName: string; countriesCode: string }>;
  cities: Array<{ cityCode: string; cityName: string; stateCode: string }>;
  taxes: Array<{ taxId: number; taxName: string; rate: string }>;
  charges: Array<{ chargeId: number; chargeName: string }>;
  products: Array<Record<string, unknown> & { productId: number; variants: Array<{ variantId: number; variantName: string }> }>;
  recipes: Array<{ recipeId: number; consumedProductIds: number[]; producedProductIds: number[] }>;
  transporters: Array<{ contactId: number; name: string; mobNo: string }>;
  suppliers: Array<{ contactId: number; name: string; gstin: string }>;
  users: Array<{ userId: number; userName: string }>;
  /** Customers that exist before any run (ids below every profile's firstContactId), by branch. */
  customers: Array<{ contactId: number; branchId: number; firstName: string; mobNo: string; whatsAppNo: string; gstin: string }>;
}

const uniq = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const money = (cents: number) => (cents / 100).toFixed(2);

function productRow(p: Product) {
  return {
    productId: p.id,
    productName: p.name,
    measurementCode: p.measurementCode,
    categoryId: p.categoryId,
    subCategoryId: p.subCategoryId,
    brandId: p.brandId,
    subBrandId: p.subBrandId,
    departmentId: p.departmentId,
    landingCost: money(p.landingCents),
    sellingPrice: money(p.sellingCents),
    // Two variants per product (a pack size each), ids derived from the product id.
    variants: [
      { variantId: p.id * 10 + 1, variantName: `${p.name} small` },
      { variantId: p.id * 10 + 2, variantName: `${p.name} large` },
    ],
  };
}

function generate(seed: number): IndexData {
  const data = referenceData(seed);
  const ps = data.products;
  const cities = Object.entries(CITIES);
  return {
    branches: VALID_BRANCHES.map((b) => ({ branchId: b, branchName: `Branch ${b}` })),
    departments: uniq(ps.map((p) => p.departmentId)).map((id) => ({ departmentId: id, departmentName: `Department ${id}` })),
    categories: uniq(ps.map((p) => p.categoryId)).map((id) => ({ categoryId: id, categoryName: `Category ${id}` })),
    subCategories: uniq(ps.map((p) => p.subCategoryId)).map((id) => ({
      subCategoryId: id,
      subCategoryName: `Sub category ${id}`,
      categoryId: Math.floor(id / 10),
    })),
    brands: uniq(ps.map((p) => p.brandId)).map((id) => ({ brandId: id, brandName: `Brand ${id}` })),
    subBrands: uniq(ps.map((p) => p.subBrandId)).map((id) => ({ subBrandId: id, subBrandName: `Sub brand ${id}`, brandId: Math.floor(id / 10) })),
    countries: [{ countriesCode: COUNTRY_CODE, countriesName: 'India' }],
    states: [...new Map(cities.map(([, c]) => [c.stateCode, c.stateName]))].map(([stateCode, stateName]) => ({
      stateCode,
      stateName,
      countriesCode: COUNTRY_CODE,
    })),
    cities: cities.map(([cityCode, c]) => ({ cityCode, cityName: c.name, stateCode: c.stateCode })),
    taxes: [0, 5, 12, 18, 28].map((rate, i) => ({ taxId: i + 1, taxName: `GST ${rate}%`, rate: rate.toFixed(2) })),
    charges: ['Freight', 'Packing', 'Insurance'].map((chargeName, i) => ({ chargeId: i + 1, chargeName })),
    products: ps.map(productRow),
    recipes: data.recipes.map((r) => ({ recipeId: r.id, consumedProductIds: r.consumed.map((p) => p.id), producedProductIds: r.produced.map((p) => p.id) })),
    transporters: [1, 2, 3].map((i) => ({ contactId: 800 + i, name: `Transporter ${i}`, mobNo: `98000000${i}0` })),
    suppliers: [1, 2, 3, 4].map((i) => ({ contactId: 900 + i, name: `Supplier ${i}`, gstin: '' })),
    users: [1, 2].map((i) => ({ userId: i, userName: `user${i}` })),
    // 120 customers over the branches, so that a page cap of 50 shows on a walk.
    customers: Array.from({ length: 120 }, (_, i) => ({
      contactId: 1001 + i,
      branchId: VALID_BRANCHES[i % 3]!,
      firstName: `Customer ${i + 1}`,
      mobNo: `97${String(10_000_000 + i).padStart(8, '0')}`,
      whatsAppNo: `97${String(10_000_000 + i).padStart(8, '0')}`,
      gstin: '',
    })),
  };
}

const cache = new Map<number, IndexData>();

export function indexData(seed: number): IndexData {
  let d = cache.get(seed);
  if (!d) cache.set(seed, (d = generate(seed)));
  return d;
}
