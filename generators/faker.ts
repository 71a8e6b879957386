// Faker takes its randomness from fast-check: every faker-backed value is made from an integer
// drawn by fast-check, so the run's seed is the only source of randomness and `{ seed, path }`
// replays the same values.
import fc from 'fast-check';
import { Faker, base, en, en_IN } from '@faker-js/faker';

const faker = new Faker({ locale: [en_IN, en, base] });

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
