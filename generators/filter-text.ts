// 4.3 filter strings as a report receives them, not only as the kit means them: "The list format
// inside the filter id strings (other than an empty string meaning no filter): not shown", so a
// vendor gets ids in every form - odd separators, numbers at the edges of their types, ids in
// Indic digits, Indic and right-to-left scripts, combining marks, emoji, invisible controls,
// surrounding spaces, and values of 255, 1,000 and 10,000 characters.
import fc from 'fast-check';
import { FILTER_KEYS } from '../config/schema.ts';

/** Unicode blocks Indian ERPs receive text in, and the oddities that break parsers. */
const BLOCKS: Array<[number, number]> = [
  [0x0900, 0x097f], // Devanagari (digits ० .. ९ at 0x0966)
  [0x0980, 0x09ff], // Bengali
  [0x0b80, 0x0bff], // Tamil
  [0x0c00, 0x0c7f], // Telugu
  [0x0a80, 0x0aff], // Gujarati
  [0x0600, 0x06ff], // Arabic (right to left; Arabic-Indic digits at 0x0660)
  [0x0590, 0x05ff], // Hebrew (right to left)
  [0x0300, 0x036f], // combining marks
  [0x1f300, 0x1faff], // emoji (outside the BMP: surrogate pairs in UTF-16)
  [0xff10, 0xff19], // fullwidth digits
];

const ODD_CHARS = [
  ',',
  ';',
  ' ',
  '-',
  '+',
  '.',
  '[',
  ']',
  '{',
  '}',
  '"',
  "'",
  '\\',
  '/',
  '%',
  '*',
  '\t',
  '\n',
  '\u0000',
  '\u200d',
  '\u200f',
  '\u202e',
  '\ufeff',
  '\u00a0',
];

/** One character: a digit, an odd ASCII or invisible character, or one of a script block. */
export const filterChar: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.integer({ min: 0x30, max: 0x39 }).map((c) => String.fromCodePoint(c)), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_CHARS), weight: 2 },
  ...BLOCKS.map(([a, b]) => ({ arbitrary: fc.integer({ min: a, max: b }).map((c) => String.fromCodePoint(c)), weight: 1 })),
);

/** Separators and list forms a vendor may or may not read. */
export const ODD_FILTERS = [
  '1;2',
  ' 1 , 2 ',
  '1,,2',
  '[1,2]',
  '-1',
  '1e3',
  '1.5',
  '0x1F',
  ',',
  ',,',
  '1,',
  ',1',
  ' ',
  '0',
  '00001',
  '-0',
  '+1',
  '1 2',
  '1|2',
  '1-3',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '{}',
  '[]',
  '"1"',
  "' OR '1'='1",
  '1; DROP TABLE x',
  '%00',
  '\\u0031',
  '१,२',
  '١,٢',
  '１,２',
  '2147483647',
  '2147483648',
  '4294967296',
  '9007199254740993',
  '18446744073709551616',
  '-9223372036854775809',
];

/** Text of `n` characters (code points) made by repeating `piece`. */
function lengthened(piece: string, n: number): string {
  const chars = Array.from(piece);
  return Array.from({ length: n }, (_, i) => chars[i % chars.length]).join('');
}

/** A filter value: odd forms, lists of ids or words joined by odd separators, free text, long text. */
export const filterText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...ODD_FILTERS),
  fc.string({ unit: filterChar, minLength: 1, maxLength: 40 }),
  fc
    .tuple(
      fc.array(fc.oneof(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String), fc.string({ unit: filterChar, minLength: 1, maxLength: 8 })), {
        minLength: 1,
        maxLength: 6,
      }),
      fc.constantFrom(',', ', ', ' , ', ';', '|', ' ', ',,'),
    )
    .map(([parts, sep]) => parts.join(sep)),
  fc.tuple(fc.constantFrom(' ', '  ', '\t', '\u00a0'), fc.constantFrom('1', '1,2', '१')).map(([pad, v]) => `${pad}${v}${pad}`),
  fc.tuple(fc.constantFrom(255, 1000, 10_000), fc.string({ unit: filterChar, minLength: 1, maxLength: 6 })).map(([n, piece]) => lengthened(piece, n)),
);

export type FilterField = (typeof FILTER_KEYS)[number] | 'moduleName';

/** A 4.3 filter of the report with any text: an id filter's string, or one value of moduleName. */
export const anyFilter: fc.Arbitrary<{ field: FilterField; value: string | string[] }> = fc
  .tuple(fc.constantFrom<FilterField>(...FILTER_KEYS, 'moduleName'), filterText)
  .map(([field, text]) => ({ field, value: field === 'moduleName' ? [text] : text }));

/** A run of digits longer than Python's int() reads (4300 digits): beyond any 64-bit integer. */
export const OVERLONG_DIGITS = '7'.repeat(4301);

/**
 * The boundary and class examples of a filter (the property's examples phase: sent in every run,
 * whatever the seed), one request each, a few classes in each (requests are scarce): the empty
 * string (no filter), the largest 64-bit id, digits beyond 64 bits and longer than int() reads,
 * padding around Indic, Arabic and fullwidth digits and odd separators, Indian scripts with
 * combining marks, emoji and bidi controls, and the longest text.
 */
export const anyFilterExamples: ReadonlyArray<{ field: FilterField; value: string | string[] }> = [
  { field: 'recipeIds', value: '' },
  { field: 'categoryIds', value: '9223372036854775807' },
  { field: 'brandIds', value: OVERLONG_DIGITS },
  { field: 'subBrandIds', value: ' \t१,٢;３|1,,2 ' },
  { field: 'moduleName', value: ['नमस्ते a\u0301\u0302 😀\u202e\u200f\u200dשלום'] },
  { field: 'departmentIds', value: lengthened('1,', 10_000) },
];
