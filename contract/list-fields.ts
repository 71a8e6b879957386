// Where a list of the index keeps each kind of value: field names are the vendor's ("Paths,
// parameters and payloads ... not shown"), so a row's value is looked up under the names a list
// commonly uses (branchId, branch_id, id ...). Pure: the client reading the lists, the checks
// judging them and init's discovery look values up the same way.

/** The first of `names` a row holds (null and "" count as absent). */
export function field(row: Record<string, unknown>, names: readonly string[]): unknown {
  for (const n of names) {
    const v = row[n];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

/** A row's value as an id text (digits, or a code), or undefined. */
export function idText(row: Record<string, unknown>, names: readonly string[]): string | undefined {
  const v = field(row, names);
  return typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && v.trim() !== '') ? String(v).trim() : undefined;
}

/** The names a list commonly keeps each kind of value under. */
export const FIELDS = {
  branch: ['branchId', 'branch_id', 'id'],
  sales: ['salesId', 'sales_id', 'salesOrderId', 'id'],
  orderStatus: ['orderStatus', 'order_status', 'status'],
  paymentStatus: ['paymentStatus', 'payment_status'],
  country: ['countriesCode', 'countryCode', 'country_code', 'code'],
  state: ['stateCode', 'state_code', 'code'],
  city: ['cityCode', 'city_code', 'code'],
  product: ['productId', 'product_id', 'id'],
  productName: ['productName', 'product_name', 'name'],
  category: ['categoryId', 'category_id'],
  subCategory: ['subCategoryId', 'sub_category_id'],
  brand: ['brandId', 'brand_id'],
  subBrand: ['subBrandId', 'sub_brand_id'],
  department: ['departmentId', 'department_id'],
  recipe: ['recipeId', 'recipe_id', 'id'],
} as const;
