// 3: the six accepted order statuses, and values that are not among them (4.1 rules 2 and 4).
import fc from 'fast-check';
import { ORDER_STATUSES } from '../contract/schemas/order-status.ts';

export function acceptedOrderStatus(): fc.Arbitrary<string> {
  return fc.constantFrom(...ORDER_STATUSES);
}

/** 4.1 rule 4: near-miss values like the documentation sample's (the sample value itself is not quoted). */
export const NEAR_MISS_STATUSES = ['Completed', 'Dispatched', 'Packed', 'Returned', 'Canceled', 'Delivered ', 'Open', 'Hold', 'Refunded', 'InProcess'];

/** Every one of the six in lower and upper case and with a space, tab or newline around it. */
export function caseAndWhitespaceVariants(): string[] {
  return ORDER_STATUSES.flatMap((s) => [s.toLowerCase(), s.toUpperCase(), ` ${s}`, `${s} `, `\t${s}`, `${s}\n`]);
}

/** Strings outside the six: case and whitespace variants, near misses, unicode, empty. */
export function unacceptedOrderStatus(): fc.Arbitrary<string> {
  const six = fc.constantFrom(...ORDER_STATUSES);
  return fc
    .oneof(
      six.map((s) => s.toLowerCase()),
      six.map((s) => s.toUpperCase()),
      fc.tuple(six, fc.constantFrom(' ', '\t', '\n', '\u00a0')).map(([s, ws]) => `${ws}${s}`),
      fc.tuple(six, fc.constantFrom(' ', '\t', '\u200b')).map(([s, ws]) => `${s}${ws}`),
      six.map((s) => s.normalize('NFD').replace(/e/g, '\u0435')), // Cyrillic e look-alike
      fc.constantFrom(...NEAR_MISS_STATUSES),
      fc.constant(''),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
    )
    .filter((s) => !(ORDER_STATUSES as readonly string[]).includes(s));
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
