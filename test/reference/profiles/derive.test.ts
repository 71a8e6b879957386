// Profiles are written as their difference from the default vendor (reference/profiles/derive.ts):
// the merge itself, and that each profile's difference states only what differs (a value equal
// to the default's would hide a choice the profile does not make).
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { defaultProfile } from '../../../reference/profiles/default.ts';
import { derive, isPlainObject, type ProfileDifference } from '../../../reference/profiles/derive.ts';
import { cursorNoCountDifference } from '../../../reference/profiles/cursor-nocount.ts';
import { forwardOnlyDifference } from '../../../reference/profiles/forward-only.ts';
import { PROFILES } from '../../../reference/profiles/index.ts';
import { ledgerDifference } from '../../../reference/profiles/ledger.ts';
import { ledgerBareDifference } from '../../../reference/profiles/ledger-bare.ts';
import { minimalDifference } from '../../../reference/profiles/minimal.ts';
import { sharedDifference } from '../../../reference/profiles/shared.ts';
import { strictDifference } from '../../../reference/profiles/strict.ts';
import { strictestDifference } from '../../../reference/profiles/strictest.ts';
import { vasyDifference } from '../../../reference/profiles/vasy.ts';
import { javaDifference } from '../../../reference/profiles/java.ts';
import { jsDifference } from '../../../reference/profiles/js.ts';
import { pythonDifference } from '../../../reference/profiles/python.ts';

const DIFFERENCES: ProfileDifference[] = [
  ledgerDifference,
  forwardOnlyDifference,
  strictDifference,
  minimalDifference,
  strictestDifference,
  vasyDifference,
  sharedDifference,
  ledgerBareDifference,
  pythonDifference,
  javaDifference,
  jsDifference,
  cursorNoCountDifference,
];

/** Dot paths of the difference whose value the base already has (or that differ by nothing: `{}`). */
function restated(base: unknown, difference: Record<string, unknown>, at = ''): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(difference)) {
    const path = `${at}${key}`;
    const under = isPlainObject(base) ? base[key] : undefined;
    if (isPlainObject(value) && isPlainObject(under)) {
      const inner = restated(under, value, `${path}.`);
      found.push(...(Object.keys(value).length === 0 ? [path] : inner));
    } else if (isDeepStrictEqual(value, under)) found.push(path);
  }
  return found;
}

describe('profiles as differences from the default vendor', () => {
  it('merges objects key by key and replaces arrays, null and limits given whole', () => {
    const p = derive(defaultProfile, {
      name: 'x',
      summary: 'y',
      messages: { tooMany: 'Slow down' },
      rateLimit: { probe: null, always: { limit: 1, windowSeconds: 1, algorithm: 'fixed', scope: 'global' } },
      customer: { contactTypes: ['Only'] },
    });
    expect(p.messages).toEqual({ ...defaultProfile.messages, tooMany: 'Slow down' });
    expect(p.rateLimit).toEqual({ ...defaultProfile.rateLimit, probe: null, always: { limit: 1, windowSeconds: 1, algorithm: 'fixed', scope: 'global' } });
    expect(p.customer.contactTypes).toEqual(['Only']);
    expect(p.report).toEqual(defaultProfile.report);
  });

  it('leaves the default as it is and shares no object or array with it', () => {
    const before = structuredClone(defaultProfile);
    const p = derive(defaultProfile, { name: 'x', summary: 'y', rateLimit: { probe: { limit: 5 } } });
    expect(defaultProfile).toEqual(before);
    expect(p.rateLimit.probe).toEqual({ ...defaultProfile.rateLimit.probe, limit: 5 });
    expect(p.report).not.toBe(defaultProfile.report);
    expect(p.customer.contactTypes).not.toBe(defaultProfile.customer.contactTypes);
  });

  it('has each profile but the default as the default with its difference', () => {
    expect(PROFILES[0]).toBe(defaultProfile);
    expect(PROFILES.slice(1).map((p) => p.name)).toEqual(DIFFERENCES.map((d) => d.name));
    for (const [i, difference] of DIFFERENCES.entries()) expect(PROFILES[i + 1]).toEqual(derive(defaultProfile, difference));
  });

  it.each(DIFFERENCES.map((d) => [d.name, d] as const))('%s states no value the default already has', (_, difference) => {
    expect(restated(defaultProfile, difference)).toEqual([]);
  });
});
