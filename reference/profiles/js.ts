// "js": the default vendor on a JavaScript stack. Its id filters and the index's limit and offset
// pass a format check of digits of any length, then Number(): a value past 2^53 is accepted and
// rounded (past about 309 digits it is Infinity), never a 500. An id rounded matches no id of its
// own, so the filter selects nothing. Correct under every MUST and SHOULD.
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What js chooses otherwise than the default vendor. */
export const jsDifference: ProfileDifference = {
  name: 'js',
  summary: "a JavaScript stack: ids of the report's filters and the index's limit and offset read by Number(), past 2^53 rounded, never a 500",
  stack: 'js',
};

export const jsProfile: Profile = derive(defaultProfile, jsDifference);
