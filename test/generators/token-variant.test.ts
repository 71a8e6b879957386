// generators/token-variant.ts: the near miss each index operation gets, from the seed alone.
import { describe, expect, it } from 'vitest';
import { nearMissPool, sampledNearMisses } from '../../generators/token-variant.ts';

describe('sampledNearMisses', () => {
  it('gives one near miss per operation, the same for the same seed', () => {
    const a = sampledNearMisses('Secret-Token-123', 35, 7);
    expect(a).toHaveLength(35);
    expect(sampledNearMisses('Secret-Token-123', 35, 7)).toEqual(a);
    expect(sampledNearMisses('Secret-Token-123', 0, 7)).toEqual([]);
  });

  it('chooses only near misses that differ from the token, and the seeds together choose each of them', () => {
    const token = 'secret-token-123';
    const pool = nearMissPool(token);
    // All lower case already: lower case would be the token itself.
    expect(pool.map((v) => v.kind)).not.toContain('case');
    const seen = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) for (const v of sampledNearMisses(token, 5, seed)) seen.add(JSON.stringify(v));
    expect([...seen].sort()).toEqual(pool.map((v) => JSON.stringify(v)).sort());
  });
});
