// 3: the six accepted order statuses, and values that are not among them (4.1 rules 2 and 4).
import fc from 'fast-check';
import { ORDER_STATUSES } from '../contract/schemas/order-status.ts';

export function acceptedOrderStatus(): fc.Arbitrary<string> {
  return fc.constantFrom(...ORDER_STATUSES);
}

/** 4.1 rule 4: near-miss values like the documentation sample's (the sample value itself is not quoted). */
export const NEAR_MISS_STATUSES = ['Completed', 'Dispatched', 'Packed', 'Returned', 'Canceled', 'Open', 'Hold', 'Refunded', 'InProcess'];

/** Every one of the six in lower and upper case. */
export function caseVariants(): string[] {
  return ORDER_STATUSES.flatMap((s) => [s.toLowerCase(), s.toUpperCase()]);
}

/** Every one of the six with a space, tab, newline or no-break space around it (one of the six once trimmed: OS-2f). */
export function whitespaceVariants(): string[] {
  return ORDER_STATUSES.flatMap((s) => [` ${s}`, `${s} `, `\t${s}`, `${s}\n`, `\u00a0${s}`]);
}

/** Strings outside the six even once trimmed: case variants, a zero-width space, near misses, unicode, empty. */
export function unacceptedOrderStatus(): fc.Arbitrary<string> {
  const six = fc.constantFrom(...ORDER_STATUSES);
  return fc
    .oneof(
      six.map((s) => s.toLowerCase()),
      six.map((s) => s.toUpperCase()),
      // U+200B is no whitespace: no trimming makes "Pending\u200b" one of the six.
      fc.tuple(six, fc.constantFrom('\u200b', '.', '-')).map(([s, ws]) => `${s}${ws}`),
      fc.tuple(six, fc.constantFrom('\u200b', '_')).map(([s, ws]) => `${ws}${s}`),
      six.map((s) => s.normalize('NFD').replace(/e/g, '\u0435')), // Cyrillic e look-alike
      fc.constantFrom(...NEAR_MISS_STATUSES),
      fc.constant(''),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    )
    .filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s.trim()));
}

/** JSON values that are not a string (4.1: orderStatus | string). */
export function nonStringValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.constantFrom(...ORDER_STATUSES).map((s) => [s]),
    fc.constantFrom(...ORDER_STATUSES).map((s) => ({ value: s })),
  );
}

/**
 * The boundary and class examples of an unaccepted orderStatus (sent first in every run, whatever
 * the seed): the empty string, another case, an invisible character after one of the six, a
 * look-alike letter, emoji and an Indian script, and a long value.
 */
export const UNACCEPTED_STATUS_EXAMPLES: readonly string[] = ['', 'pending', 'Pending\u200b', 'P\u0435nding', '😀 नमस्ते', 'Pending'.repeat(1000)];

/** The class examples of a body without a string orderStatus: none, a fraction, an object, another key. */
export const NON_STRING_BODY_EXAMPLES: readonly object[] = [{}, { orderStatus: -0.5 }, { orderStatus: { value: 'Pending' } }, { status: 'Pending' }];
