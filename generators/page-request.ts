// 4.3 rule 2: limit and offset of a page.
import fc from 'fast-check';

export interface PageRequest {
  limit: number;
  offset: number;
}

/** A page request: limit 1..maxLimit, offset 0..maxOffset (often 0, often a multiple of limit). */
export function pageRequest(c: { maxLimit?: number; maxOffset?: number } = {}): fc.Arbitrary<PageRequest> {
  const maxLimit = c.maxLimit ?? 60;
  const maxOffset = c.maxOffset ?? 400;
  return fc.integer({ min: 1, max: maxLimit }).chain((limit) =>
    fc
      .oneof(
        fc.constant(0),
        fc.integer({ min: 0, max: maxOffset }),
        fc.integer({ min: 0, max: Math.floor(maxOffset / limit) }).map((k) => k * limit),
      )
      .map((offset) => ({ limit, offset })),
  );
}
