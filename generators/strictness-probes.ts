// CU-12: one valid customer and, from it, one variant per value whose validation the spec leaves
// open: gstType outside the values seen, GSTINs a Verify GST would refuse, a lower-case PAN, a
// five-digit pin code, a date in another format, an openingType not seen. The target may accept
// or refuse each; the run records which (never a failure).
import fc from 'fast-check';
import type { Customer } from '../contract/schemas/customer.ts';
import { gstinCheckChar } from '../contract/gstin.ts';
import { formatDate, type DateFormat } from './calendar-date.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { gstin } from './gstin.ts';
import { malformedGstin } from './malformed-gstin.ts';
import { uniqueEmail, uniqueMobile } from './unique-values.ts';

export interface StrictnessProbe {
  /** What differs from the valid customer, e.g. 'gstType "SEZ"'. */
  variant: string;
  body: Customer;
}

const otherFormat = (f: DateFormat | null): DateFormat => (f === 'YYYY-MM-DD' ? 'DD/MM/YYYY' : 'YYYY-MM-DD');

export function strictnessProbes(c: CustomerConstraints): fc.Arbitrary<StrictnessProbe[]> {
  const stateCode = Object.values(c.cities)[0]!;
  // One address, UnRegistered, nothing empty: the variant is the only unusual thing.
  const base = customer({ ...c, gstType: 'UnRegistered', empties: false, minAddresses: 1, maxAddresses: 1 });
  return fc.record({ base, valid: gstin({ stateCode }), malformed: malformedGstin({ stateCode }) }).map(({ base: b, valid, malformed }) => {
    const wrongCheck = valid.slice(0, 14) + (gstinCheckChar(valid.slice(0, 14)) === '0' ? '1' : '0');
    const day = formatDate(new Date('1990-05-17T00:00:00Z'), otherFormat(c.dateFormat));
    const set = (variant: string, patch: Partial<Customer>): StrictnessProbe => ({ variant, body: { ...b, ...patch } });
    const onAddress = (variant: string, patch: Record<string, unknown>): StrictnessProbe => ({
      variant,
      body: { ...b, contactAddressDTO: b.contactAddressDTO.map((a) => ({ ...a, ...patch })) },
    });
    return [
      set('gstType "Composition" with a valid GSTIN', { gstType: 'Composition' as never, gstin: valid }),
      set('gstType "Consumer"', { gstType: 'Consumer' as never }),
      set('gstType "SEZ" with a valid GSTIN', { gstType: 'SEZ' as never, gstin: valid }),
      set('gstType "registered" (lower case)', { gstType: 'registered' as never, gstin: valid }),
      set('Registered, GSTIN with a wrong check character', { gstType: 'Registered', gstin: wrongCheck }),
      set(`Registered, malformed GSTIN ${JSON.stringify(malformed)}`, { gstType: 'Registered', gstin: malformed }),
      set('Registered, GSTIN in lower case', { gstType: 'Registered', gstin: valid.toLowerCase() }),
      set('panNo in lower case', { panNo: b.panNo.toLowerCase() }),
      onAddress('pinCode of 5 digits', { pinCode: b.contactAddressDTO[0]!.pinCode.slice(0, 5) }),
      set(`dateOfBirth written ${otherFormat(c.dateFormat)}`, { dateOfBirth: day }),
      set('openingType "creditAmount"', { openingType: 'creditAmount' }),
    ].map((p) => ownContact(c, p));
  });
}

/** Each probe is another customer: its mobile numbers and e-mail are its own, so that a target that
 *  keeps them unique judges the variant, not a number the probe before it saved. */
function ownContact(c: CustomerConstraints, p: StrictnessProbe): StrictnessProbe {
  if (!c.unique) return p;
  const key = { ...c.unique, salt: `${c.unique.salt}/${p.variant}` };
  const b = p.body;
  return { ...p, body: { ...b, mobNo: uniqueMobile(key, b.mobNo), whatsappNo: uniqueMobile(key, b.whatsappNo), email: uniqueEmail(key, b.email) } };
}
