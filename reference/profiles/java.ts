// "java": the default vendor on a Java stack. Its id filters and the index's limit and offset pass
// a format check of digits of any length, then Long.parseLong, which refuses a value past 2^63-1
// (more than 19 significant digits): the NumberFormatException is unhandled, answered 500. Correct
// under every MUST; a 500 the spec names no answer for is ENV-6 (SHOULD).
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What java chooses otherwise than the default vendor. */
export const javaDifference: ProfileDifference = {
  name: 'java',
  summary: "a Java stack: ids of the report's filters and the index's limit and offset read by Long.parseLong, a value past 2^63-1 answered 500",
  stack: 'java',
};

export const javaProfile: Profile = derive(defaultProfile, javaDifference);
