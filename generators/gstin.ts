// 2.3/2.4 gstin: a GSTIN with a valid check character for Registered ("empty string when
// unregistered"). The first two digits are the state code of the address.
import fc from 'fast-check';
import { gstinCheckChar } from '../contract/gstin.ts';
import { pan } from './pan.ts';

/** A numeric 2-digit GST state code from a master-data state code ("27" stays, others map to 27). */
export function gstStateCode(stateCode: string): string {
  return /^[0-9]{2}$/.test(stateCode) ? stateCode : '27';
}

export function gstin(constraints: { stateCode: string }): fc.Arbitrary<string> {
  return fc.tuple(pan(), fc.constantFrom(...'123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split(''))).map(([p, entity]) => {
    const first14 = `${gstStateCode(constraints.stateCode)}${p}${entity}Z`;
    return first14 + gstinCheckChar(first14);
  });
}
