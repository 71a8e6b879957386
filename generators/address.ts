// 2.4 Address object: a realistic Indian address from the target's master data.
import fc from 'fast-check';
import type { Address } from '../contract/schemas/customer.ts';
import { fakerValue, plain } from './faker.ts';
import { gstin } from './gstin.ts';
import { cityName, stateName } from './india-names.ts';
import { mobileNumber } from './mobile-number.ts';
import { pan } from './pan.ts';
import { pinCode } from './pin-code.ts';

export interface AddressConstraints {
  /** City code -> state code of the target's master data (config fixtures.customer.cities). */
  cities: Record<string, string>;
  countriesCode: string;
  /** 2.4: "1 marks the default address, 0 otherwise". */
  isDefault: 0 | 1;
  gstType?: 'Registered' | 'UnRegistered';
}

export function address(c: AddressConstraints): fc.Arbitrary<Address> {
  const cityCodes = Object.keys(c.cities);
  if (cityCodes.length === 0) throw new Error('address(): fixtures.customer.cities is empty');
  const words = fakerValue((f) => ({
    addressLine1: plain(f.location.streetAddress()),
    addressLine2: plain(f.location.secondaryAddress()),
    firstName: plain(f.person.firstName()),
    lastName: plain(f.person.lastName()),
    companyName: plain(f.company.name()),
    contactEmail: f.internet.email().toLowerCase(),
  }));
  const gstType = c.gstType ? fc.constant(c.gstType) : fc.constantFrom('Registered' as const, 'UnRegistered' as const);
  // Arbitraries are built once, not inside chain: building one (regex parsing) costs more than drawing from it.
  const gstinOf = new Map(cityCodes.map((code) => [code, gstin({ stateCode: c.cities[code]! })]));
  const unregistered = fc.constant('');
  return fc
    .record({
      w: words,
      cityCode: fc.constantFrom(...cityCodes),
      gstType,
      pinCode: pinCode(),
      contactNo: mobileNumber(),
      panNo: pan(),
      withNames: fc.boolean(),
    })
    .chain((r) => {
      const stateCode = c.cities[r.cityCode]!;
      const gst = r.gstType === 'Registered' ? gstinOf.get(r.cityCode)! : unregistered;
      return gst.map((g): Address => ({
        addressId: 0, // 2.4: "0 for a new address"
        addressLine1: r.w.addressLine1,
        addressLine2: r.w.addressLine2, // 2.4 does not say it may be empty: never sent empty
        cityCode: r.cityCode,
        cityName: r.withNames ? cityName(r.cityCode) : '', // "may be empty string"
        countriesCode: c.countriesCode,
        countriesName: r.withNames && c.countriesCode === 'IN' ? 'India' : '',
        stateCode,
        stateName: r.withNames ? stateName(stateCode) : '',
        pinCode: r.pinCode,
        isDefault: c.isDefault,
        gstType: r.gstType,
        gstin: g,
        firstName: r.w.firstName,
        lastName: r.w.lastName,
        companyName: r.w.companyName,
        panNo: r.panNo, // 2.4 does not say it may be empty (2.3's panNo may be)
        contactNo: r.contactNo,
        contactEmail: r.w.contactEmail,
      }));
    });
}
