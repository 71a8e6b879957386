// The vendor profiles of the reference (`serve --profile NAME`, `startReference({ profile })`).
// Between them every choice the spec leaves open has at least two correct answers.
import { defaultProfile } from './default.ts';
import { forwardOnlyProfile } from './forward-only.ts';
import { ledgerProfile } from './ledger.ts';
import { ledgerBareProfile } from './ledger-bare.ts';
import { minimalProfile } from './minimal.ts';
import { sharedProfile } from './shared.ts';
import { strictProfile } from './strict.ts';
import { strictestProfile } from './strictest.ts';
import { vasyProfile } from './vasy.ts';
import { javaProfile } from './java.ts';
import { jsProfile } from './js.ts';
import { pythonProfile } from './python.ts';
import { cursorNoCountProfile } from './cursor-nocount.ts';
import { derive } from './derive.ts';
import type { Profile } from './types.ts';

export type { Profile } from './types.ts';

export const PROFILES: readonly Profile[] = [
  defaultProfile,
  ledgerProfile,
  forwardOnlyProfile,
  strictProfile,
  minimalProfile,
  strictestProfile,
  vasyProfile,
  sharedProfile,
  ledgerBareProfile,
  pythonProfile,
  javaProfile,
  jsProfile,
  cursorNoCountProfile,
];
export const PROFILE_NAMES: readonly string[] = PROFILES.map((p) => p.name);
export { defaultProfile };

export function isProfileName(name: string): boolean {
  return PROFILE_NAMES.includes(name);
}

/** The profile of a name (or the profile itself); undefined/"default": the default vendor. */
export function profileOf(p: string | Profile | undefined): Profile {
  if (p === undefined) return defaultProfile;
  if (typeof p !== 'string') return p;
  const found = PROFILES.find((x) => x.name === p);
  if (!found) throw new Error(`unknown profile ${JSON.stringify(p)}; profiles: ${PROFILE_NAMES.join(', ')}`);
  return found;
}

/** The vendor `p` serving only the three operations of section 4 and its two read-backs, none of
 *  the index's other operations (`serve --only-detailed`): what an integrator often builds first. */
export function onlyDetailed(p: string | Profile | undefined): Profile {
  const profile = profileOf(p);
  return derive(profile, { name: profile.name, summary: `${profile.summary}; only the three detailed operations and the read-backs`, index: { served: [] } });
}
