// A profile written as its difference from another (the default vendor): what a vendor chooses
// otherwise is then visible at a glance, and a choice added to the default reaches every profile.
import type { Profile } from './types.ts';

/** Every key optional down to the leaves; arrays, null and bigints are leaves (they replace). */
type Difference<T> = T extends readonly unknown[] | bigint | null ? T : T extends object ? { [K in keyof T]?: Difference<T[K]> } : T;

/** A profile's own choices: its name and summary, and each value that differs from its base. */
export type ProfileDifference = Difference<Profile> & Pick<Profile, 'name' | 'summary'>;

/** An object literal (not an array, null, a bigint or a class instance): the one kind that merges. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}

/** A copy of objects and arrays, so that no two profiles share one (a test may change its own). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}

/** `base` with `difference` laid over it: objects merge key by key, every other value replaces. */
function merge(base: unknown, difference: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(difference)) return copy(difference);
  const out = copy(base) as Record<string, unknown>;
  for (const [key, value] of Object.entries(difference)) out[key] = merge(base[key], value);
  return out;
}

/** The whole profile that differs from `base` by `difference`; neither is changed. */
export function derive(base: Profile, difference: ProfileDifference): Profile {
  return merge(base, difference) as Profile;
}
