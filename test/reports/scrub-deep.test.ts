// scrubDeep (reports/scrub.ts): a copy with every string scrubbed, object keys too, at any depth;
// what is not plain data (numbers, bigints, class instances) as it was; a key `__proto__` stays an
// own key of the copy, as Object.fromEntries made it, never the copy's prototype.
import { describe, expect, it } from 'vitest';
import { scrubDeep, scrubber } from '../../reports/scrub.ts';

const scrub = scrubber(['s3cret-token-42']);

describe('scrubDeep', () => {
  it('scrubs every string and key at any depth, keeps the rest as it was, and leaves the input unchanged', () => {
    const when = new Date(0);
    const input = { 's3cret-token-42': ['a s3cret-token-42 b', { n: 1, big: 2n ** 70n, when, deep: [[{ t: 'S3CRET-TOKEN-42' }]] }], ok: null };
    const out = scrubDeep(input, scrub);
    expect(out).toEqual({ '***': ['a *** b', { n: 1, big: 2n ** 70n, when, deep: [[{ t: '***' }]] }], ok: null });
    expect((out['***' as keyof typeof out] as unknown[])[1]).not.toBe(input['s3cret-token-42'][1]);
    expect(input['s3cret-token-42'][0]).toBe('a s3cret-token-42 b');
  });

  it('keeps a key named __proto__ as an own key, and the copy a plain object', () => {
    const input = JSON.parse('{"__proto__":{"x":"s3cret-token-42"},"y":1}') as Record<string, unknown>;
    const out = scrubDeep(input, scrub);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'y']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ x: '***' });
    expect(out).toEqual(Object.fromEntries(Object.entries(input).map(([k, v]) => [k, k === '__proto__' ? { x: '***' } : v])));
  });
});
