// "shared": the default vendor on a shared staging server, as VasyERP's are ("other integrators
// write while you read"): every 300 requests served another integrator adds a transaction back-dated into the
// report's range, a customer and an order (reference/other-writer.ts). Paced by requests, not the
// clock: a loaded machine reads each relation between the same writes as a fast one. Correct in every rule: a
// run must certify it, judging relations between answers read at different moments only on data
// that stayed still (suites/report/still.ts).
import { defaultProfile } from './default.ts';
import { derive, type ProfileDifference } from './derive.ts';
import type { Profile } from './types.ts';

/** What shared chooses otherwise than the default vendor. */
export const sharedDifference: ProfileDifference = {
  name: 'shared',
  summary:
    'the default vendor on a shared staging server: another integrator adds a back-dated transaction in the report range, a customer and an order every 300 requests served',
  otherWriter: { everyRequests: 300 },
};

export const sharedProfile: Profile = derive(defaultProfile, sharedDifference);
