// The ids of 4.3's filters a transaction holds, read with the index's lists: the product list's rows
// (under the field names a list commonly uses) give each name its ids; a recipe is held by a
// transaction whose every product is one of the recipe's; a name the list does not hold once
// leaves the transaction out (nothing is claimed of it).
import { describe, expect, it } from 'vitest';
import { idsHeld, masterListsOf } from '../../../contract/checks/report-list-ids.ts';
import { tx } from '../report-exchanges.ts';

const products = [
  { productId: 1, productName: 'Flour', categoryId: 10, brand_id: 7 },
  { id: 2, name: 'Sugar', categoryId: 20, brandId: 7 },
  { productId: 3, productName: 'Cake', categoryId: 10, brandId: 8 },
  { productId: 4, productName: 'Twice', categoryId: 30 },
  { productId: 5, productName: 'Twice', categoryId: 40 },
];
const recipes = [
  { recipeId: 50, consumedProductIds: [1, 2], producedProductIds: [{ productId: 3 }] },
  { recipeId: 51, consumedProductIds: ['1'], producedProductIds: [] },
];
const item = (id: number, consumed: string, produced: string) => ({ ...tx(id), consumedProduct: consumed, producedProduct: produced });

describe('the filter ids a transaction holds, by the lists', () => {
  const lists = masterListsOf(products, recipes);

  it('reads each product row under the names a list uses, and drops a name listed twice', () => {
    expect(lists.byName.get('Sugar')).toEqual({ name: 'Sugar', productIds: '2', categoryIds: '20', brandIds: '7' });
    expect(lists.byName.get('Flour')?.brandIds).toBe('7');
    expect(lists.byName.has('Twice')).toBe(false);
    expect([...lists.recipes.get('50')!]).toEqual(['1', '2', '3']);
  });

  it('gives the ids of each transaction the lists can read, and none of one naming a product they cannot place', () => {
    const items = [item(1, 'Flour,Sugar', 'Cake'), item(2, 'Flour', 'Twice'), item(3, 'Flour', '')];
    expect(idsHeld(items, lists, 'categoryIds').map((s) => [...s])).toEqual([['10', '20'], ['10']]);
    expect(idsHeld(items, lists, 'productIds').map((s) => [...s])).toEqual([['1', '2', '3'], ['1']]);
    // Recipe 50 holds every product of the first; the third (Flour alone) is of both recipes.
    expect(idsHeld(items, lists, 'recipeIds').map((s) => [...s])).toEqual([['50'], ['50', '51']]);
  });
});
