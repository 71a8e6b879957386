// The index's master-data reads (section 1: Branch, Department, Category, Brand, Master): GET,
// the whole list in one answer. Paths: the production deployment's where its integrators
// published one (GET /api/v1/branch, GET /api/v1/master/tax); the reference's own choice
// elsewhere (the spec shows none). The state and city lists take the code of their parent.
import { queryParam } from '../body.ts';
import type { Ctx, Req } from '../context.ts';
import { indexData } from '../index-data.ts';
import { invalid } from '../respond.ts';
import { listReply, type IndexRoute } from './index-list.ts';

const data = (ctx: Ctx) => indexData(ctx.data.seed);
const whole = { key: null };

/** A required code parameter of the query (?countriesCode=IN): letters and digits only. */
function code(req: Req, name: string): string {
  const v = queryParam(req, name);
  if (v === undefined || !/^[A-Za-z0-9]{1,10}$/.test(v)) invalid(`${name} is required: a code of letters and digits`);
  return v;
}

/** A parent id of the query (?categoryId=): absent means every parent. */
function parent(req: Req, name: string): number | undefined {
  const v = queryParam(req, name);
  if (v === undefined) return undefined;
  if (!/^\d{1,9}$/.test(v)) invalid(`${name} must be an integer`);
  return Number(v);
}

export const masterRoutes: IndexRoute[] = [
  // Published: "GET /api/v1/branch (response: list of {branchId, branchName})".
  { name: 'branch-list', method: 'GET', path: '/api/v1/branch', list: 'response', handle: (ctx) => listReply(ctx, 'Branch list', data(ctx).branches, whole) },
  {
    name: 'department',
    method: 'GET',
    path: '/api/v1/department',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Department list', data(ctx).departments, whole),
  },
  {
    name: 'category',
    method: 'GET',
    path: '/api/v1/category',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Category list', data(ctx).categories, whole),
  },
  {
    name: 'sub-category',
    method: 'GET',
    path: '/api/v1/category/sub-category',
    list: 'response',
    handle: (ctx, req) => {
      const p = parent(req, 'categoryId');
      return listReply(
        ctx,
        'Sub category list',
        data(ctx).subCategories.filter((s) => p === undefined || s.categoryId === p),
        whole,
      );
    },
  },
  { name: 'brand', method: 'GET', path: '/api/v1/brand', list: 'response', handle: (ctx) => listReply(ctx, 'Brand list', data(ctx).brands, whole) },
  {
    name: 'sub-brand',
    method: 'GET',
    path: '/api/v1/brand/sub-brand',
    list: 'response',
    handle: (ctx, req) => {
      const p = parent(req, 'brandId');
      return listReply(
        ctx,
        'Sub brand list',
        data(ctx).subBrands.filter((s) => p === undefined || s.brandId === p),
        whole,
      );
    },
  },
  {
    name: 'get-country-list',
    method: 'GET',
    path: '/api/v1/master/country',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Country list', data(ctx).countries, whole),
  },
  {
    name: 'get-state-list',
    method: 'GET',
    path: '/api/v1/master/state',
    query: { countriesCode: '{countriesCode}' },
    list: 'response',
    handle: (ctx, req) => {
      const c = code(req, 'countriesCode');
      return listReply(
        ctx,
        'State list',
        data(ctx).states.filter((s) => s.countriesCode === c),
        whole,
      );
    },
  },
  {
    name: 'get-city-list',
    method: 'GET',
    path: '/api/v1/master/city',
    query: { stateCode: '{stateCode}' },
    list: 'response',
    handle: (ctx, req) => {
      const c = code(req, 'stateCode');
      return listReply(
        ctx,
        'City list',
        data(ctx).cities.filter((s) => s.stateCode === c),
        whole,
      );
    },
  },
  // Published: "GET /api/v1/master/tax".
  { name: 'get-tax-list', method: 'GET', path: '/api/v1/master/tax', list: 'response', handle: (ctx) => listReply(ctx, 'Tax list', data(ctx).taxes, whole) },
  {
    name: 'get-additional-charge-list',
    method: 'GET',
    path: '/api/v1/master/additional-charge',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'Additional charge list', data(ctx).charges, whole),
  },
  {
    name: 'created-by',
    method: 'GET',
    path: '/api/v1/user/created-by',
    list: 'response',
    handle: (ctx) => listReply(ctx, 'User list', data(ctx).users, whole),
  },
];
