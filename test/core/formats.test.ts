// core/formats.ts holdsNumberBeyondInt64: the line between RP-16 (MUST) and ENV-6 (SHOULD) for a
// 5xx to an id filter. A number a signed 64-bit integer holds is RP-16's; one beyond it (Java's
// Long.parseLong refuses it, Python's int() refuses more than 4300 digits) is ENV-6's alone.
import { describe, expect, it } from 'vitest';
import { holdsNumberBeyondInt64 } from '../../core/formats.ts';
import { anyFilterExamples, OVERLONG_DIGITS } from '../../generators/filter-text.ts';

describe('a number beyond a signed 64-bit integer', () => {
  it('is a digit run above 2^63-1, in any script, wherever it stands in the text', () => {
    for (const text of [
      '9223372036854775808',
      '18446744073709551616',
      '-9223372036854775809',
      '1,99999999999999999999',
      OVERLONG_DIGITS,
      'a१२३४५६७८९०१२३४५६७८९०१',
    ])
      expect(holdsNumberBeyondInt64(text), text).toBe(true);
  });

  it('is not a number a long holds, leading zeros or not, nor text without digits', () => {
    for (const text of [
      '',
      '0',
      '9223372036854775807',
      '-9223372036854775808',
      '0009223372036854775807',
      '1,2,3',
      '१,२',
      'नमस्ते',
      '1e309',
      '1'.repeat(19).replace(/^1/, '8'),
    ])
      expect(holdsNumberBeyondInt64(text), text).toBe(false);
  });

  it('is among the filter examples every run sends, the last id 64 bits hold, and one past int()', () => {
    const beyond = anyFilterExamples.filter((e) => e.field !== 'moduleName' && holdsNumberBeyondInt64(String(e.value))).map((e) => e.value);
    expect(beyond).toEqual([OVERLONG_DIGITS]);
    expect(OVERLONG_DIGITS).toMatch(/^[0-9]{4301}$/);
    expect(anyFilterExamples.some((e) => e.value === '9223372036854775807')).toBe(true);
  });
});
