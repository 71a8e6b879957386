import { describe, expect, it } from 'vitest';
import { unknownCityCode } from '../../generators/unknown-city-code.ts';

describe('the city code no list holds', () => {
  it('is unlike every listed one whatever their case', () => {
    expect(unknownCityCode(['MUM'])).toBe('ZQA');
    expect(unknownCityCode(['zqa', 'ZQB'])).toBe('ZQC');
  });

  it('passes over every taken code, past the 26 of one letter', () => {
    const taken = Array.from({ length: 26 }, (_, i) => `ZQ${String.fromCharCode(65 + i)}`);
    expect(unknownCityCode(taken)).toBe('ZQA1');
  });
});
