// Faker takes its randomness from fast-check: every faker-backed value is made from an integer
// drawn by fast-check, so the run's seed is the only source of randomness and `{ seed, path }`
// replays the same values.
import fc from 'fast-check';
import type { Faker } from '@faker-js/faker';
// The en_IN entry is faker with the locales [en_IN, en, base] and no other: the package's index
// loads every locale.
import { faker } from '@faker-js/faker/locale/en_IN';

/** An arbitrary of values made by faker from a fast-check-drawn seed. */
export function fakerValue<T>(make: (f: Faker) => T): fc.Arbitrary<T> {
  return fc.noShrink(fc.integer({ min: 0, max: 0x7fffffff })).map((seed) => {
    faker.seed(seed);
    return make(faker);
  });
}

/** Drops characters that would break comma-joined or JSON-ish fields: names stay plain text. */
export function plain(text: string): string {
  return text
    .replace(/[,"\\\n\r\t]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
