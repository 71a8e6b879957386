// The index's product and recipe reads (section 1: Product, Recipe). The products and recipes are
// the ones the report's transactions use (data.ts), so a report filter id is a product, category,
// brand, department or recipe id of these lists. Paths: the production deployment's where
// published (GET /api/v1/products, GET /api/v1/product/products-inventory with {totalCount,
// items}, GET /api/v1/product/{id} with productVariantDetails[]); the reference's own elsewhere.
// Page caps are the reference's choice (products-inventory: 1000, as in production).
import { queryParam } from '../body.ts';
import { idKey } from '../body.ts';
import type { Ctx, Req } from '../context.ts';
import { indexData } from '../index-data.ts';
import { invalid, success } from '../respond.ts';
import { branchOf, listReply, queryPage, type IndexRoute } from './index-list.ts';

const data = (ctx: Ctx) => indexData(ctx.data.seed);

/** Stock of a product in a branch: derived, whole units. */
const stock = (productId: number, branchId: number) => ((productId * 7 + branchId * 13) % 50) + 5;

function productById(ctx: Ctx, idText: string) {
  const key = idKey(idText);
  if (key === null) invalid('product id must be a positive integer');
  const p = data(ctx).products.find((x) => String(x.productId) === key);
  if (!p) invalid(`product ${key} does not exist`);
  return p;
}

function variantById(ctx: Ctx, idText: string) {
  const key = idKey(idText);
  if (key === null) invalid('variant id must be a positive integer');
  for (const p of data(ctx).products)
    for (const v of p.variants) if (String(v.variantId) === key) return { ...v, productId: p.productId, sellingPrice: p.sellingPrice };
  invalid(`variant ${key} does not exist`);
}

const branch = (req: Req) => branchOf(queryParam(req, 'branchId'), 'branchId');
const withoutVariants = ({ variants: _v, ...p }: ReturnType<typeof data>['products'][number]) => p;

export const productRoutes: IndexRoute[] = [
  // Published: "GET /api/v1/products (paginated)".
  {
    name: 'get-product-list',
    method: 'GET',
    path: '/api/v1/products',
    query: { limit: '{limit}', offset: '{offset}' },
    list: 'response.items',
    paged: true,
    handle: (ctx, req) => listReply(ctx, 'Product list', data(ctx).products.map(withoutVariants), { key: 'items', cap: 200 }, queryPage(req)),
  },
  // Published: "GET /api/v1/product/products-inventory (branchId, limit, offset ...) -> {totalCount, items}".
  {
    name: 'products-with-inventory',
    method: 'GET',
    path: '/api/v1/product/products-inventory',
    query: { branchId: '{branchId}', limit: '{limit}', offset: '{offset}' },
    list: 'response.items',
    paged: true,
    handle: (ctx, req) => {
      const b = branch(req);
      const rows = data(ctx).products.map((p) => ({ ...withoutVariants(p), branchId: b, stock: stock(p.productId, b) }));
      return listReply(ctx, 'Products with inventory', rows, { key: 'items', cap: 1000 }, queryPage(req));
    },
  },
  {
    name: 'product-details-with-inventory-by-product-id',
    method: 'GET',
    path: '/api/v1/product/products-inventory/{productId}',
    query: { branchId: '{branchId}' },
    params: { productId: 101 },
    handle: (ctx, req, id) => {
      const b = branch(req);
      const p = productById(ctx, id);
      return success(ctx, 'Product inventory details', { ...withoutVariants(p), branchId: b, stock: stock(p.productId, b) });
    },
  },
  {
    name: 'product-variant-list-id-name',
    method: 'GET',
    path: '/api/v1/product/variants',
    list: 'response',
    handle: (ctx) =>
      listReply(
        ctx,
        'Variant list',
        data(ctx).products.flatMap((p) => p.variants),
        { key: null },
      ),
  },
  {
    name: 'variant-details-by-variant-id',
    method: 'GET',
    path: '/api/v1/product/variant/{variantId}',
    params: { variantId: 1011 },
    handle: (ctx, _req, id) => success(ctx, 'Variant details', variantById(ctx, id)),
  },
  // Published: "GET /api/v1/product/{id} (productVariantDetails[])". After the literal paths above.
  {
    name: 'get-product-by-id',
    method: 'GET',
    path: '/api/v1/product/{productId}',
    params: { productId: 101 },
    handle: (ctx, _req, id) => {
      const { variants, ...p } = productById(ctx, id);
      return success(ctx, 'Product details', { ...p, productVariantDetails: variants });
    },
  },
  {
    name: 'get-all-recipe',
    method: 'GET',
    path: '/api/v1/recipe',
    query: { limit: '{limit}', offset: '{offset}' },
    list: 'response.recipeList',
    paged: true,
    handle: (ctx, req) => listReply(ctx, 'Recipe list', data(ctx).recipes, { key: 'recipeList', cap: 100 }, queryPage(req)),
  },
];
