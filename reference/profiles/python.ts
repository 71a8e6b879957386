// "python": the default vendor on a Python stack. Its id filters and the index's limit and offset
// pass a format check of digits of any length, then Python's int(), which refuses more than 4300
// digits (leading zeros counted): the ValueError it raises is unhandled, answered 500. Correct
// under every MUST; a 500 the spec names no answer for is ENV-6 (SHOULD).
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What python chooses otherwise than the default vendor. */
export const pythonDifference: ProfileDifference = {
  name: 'python',
  summary: "a Python stack: ids of the report's filters and the index's limit and offset read by int(), more than 4300 digits answered 500",
  stack: 'python',
};

export const pythonProfile: Profile = derive(defaultProfile, pythonDifference);
