// The run config's own derivations from the reference data (the whole printed config: server.test.ts).
import { describe, expect, it } from 'vitest';
import { EMPTY_BRANCH_ID, VALID_BRANCHES } from '../../reference/constants.ts';
import { reportFilterIds } from '../../reference/run-config.ts';

describe('reference run config', () => {
  it('lists filter ids that occur in the report range, three per filter, and an empty branch that is valid', () => {
    const ids = reportFilterIds(42);
    expect(Object.keys(ids).sort()).toEqual(['brandIds', 'categoryIds', 'departmentIds', 'productIds', 'recipeIds', 'subBrandIds', 'subCategoryIds']);
    for (const list of Object.values(ids)) {
      expect(list).toHaveLength(3);
      expect(new Set(list).size).toBe(3);
    }
    expect(VALID_BRANCHES).toContain(EMPTY_BRANCH_ID);
  });
});
