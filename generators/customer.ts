// 2.3 Customer contact with its 2.4 addresses: a realistic customer to create (contactId 0).
import fc from 'fast-check';
import type { Address, Customer } from '../contract/schemas/customer.ts';
import { address } from './address.ts';
import { calendarDate, type DateFormat } from './calendar-date.ts';
import { fakerValue, plain } from './faker.ts';
import { gstin } from './gstin.ts';
import { mobileNumber } from './mobile-number.ts';
import { pan } from './pan.ts';
import { uniqueCustomer, type UniqueKey } from './unique-values.ts';

export interface CustomerConstraints {
  countriesCode: string;
  cities: Record<string, string>;
  contactTypes: string[];
  dateFormat: DateFormat | null;
  /** The customer's own gstType (default: either). */
  gstType?: 'Registered' | 'UnRegistered';
  /** Number of addresses (inclusive bounds); 4.2: "several addresses can be sent in one request". */
  minAddresses?: number;
  maxAddresses?: number;
  /** false: no "may be empty string" field is empty (CU-7 sends the empty ones on purpose). Default true. */
  empties?: boolean;
  /** Mobile numbers, e-mails, GSTIN and PAN made unique per run and use (generators/unique-values.ts). */
  unique?: UniqueKey;
}

/** Addresses of which exactly one has isDefault 1. */
export function addressList(c: CustomerConstraints): fc.Arbitrary<Address[]> {
  const min = c.minAddresses ?? 1;
  const max = c.maxAddresses ?? 3;
  const isDefault = address({ ...c, isDefault: 1 });
  const notDefault = address({ ...c, isDefault: 0 });
  // n addresses, the one at a drawn position default: built once per length, not per value.
  const lists = Array.from({ length: max + 1 }, (_, n) =>
    n === 0
      ? fc.constant([] as Address[])
      : fc.integer({ min: 0, max: n - 1 }).chain((def) => fc.tuple(...Array.from({ length: n }, (_, i) => (i === def ? isDefault : notDefault)))),
  );
  return fc.integer({ min, max }).chain((n) => lists[n]!);
}

const landline = fc.stringMatching(/^0[1-9][0-9]{9}$/);
const noneEmpty = fc.constant({ lastName: false, companyName: false, email: false, remark: false });
const amount = fc.integer({ min: 0, max: 10_000_000 }).map((paise) => (paise / 100).toFixed(2));

export function customer(c: CustomerConstraints): fc.Arbitrary<Customer> {
  const drawn = drawnCustomer(c);
  const key = c.unique;
  return key ? drawn.map((cu) => uniqueCustomer(key, cu)) : drawn;
}

function drawnCustomer(c: CustomerConstraints): fc.Arbitrary<Customer> {
  const words = fakerValue((f) => ({
    firstName: plain(f.person.firstName()),
    lastName: plain(f.person.lastName()),
    companyName: plain(f.company.name()),
    email: f.internet.email().toLowerCase(),
    remark: plain(f.lorem.sentence()),
  }));
  const stateCodes = Object.values(c.cities);
  const gstinOf = new Map(stateCodes.map((code) => [code, gstin({ stateCode: code })]));
  const unregistered = fc.constant('');
  const addresses = addressList(c);
  return fc
    .record({
      w: words,
      accountCustomId: fc.integer({ min: 1, max: 999_999 }),
      contactType: fc.constantFrom(...c.contactTypes),
      mobNo: mobileNumber(),
      whatsappNo: mobileNumber(),
      telephone: c.empties === false ? landline : fc.option(landline, { nil: '' }),
      dateOfBirth: fc.option(calendarDate({ format: c.dateFormat }), { nil: '' }),
      anniversaryDate: fc.option(calendarDate({ format: c.dateFormat }), { nil: '' }),
      gstType: c.gstType ? fc.constant(c.gstType) : fc.constantFrom('Registered' as const, 'UnRegistered' as const),
      stateCode: fc.constantFrom(...stateCodes),
      panNo: c.empties === false ? pan() : fc.option(pan(), { nil: '' }),
      opening: amount,
      creditLimit: fc.integer({ min: 0, max: 500_000 }).map(String),
      // "may be empty string": lastName, companyName, email, telephone, panNo, remark
      empty: c.empties === false ? noneEmpty : fc.record({ lastName: fc.boolean(), companyName: fc.boolean(), email: fc.boolean(), remark: fc.boolean() }),
      addresses,
    })
    .chain((r) =>
      (r.gstType === 'Registered' ? gstinOf.get(r.stateCode)! : unregistered).map((g): Customer => ({
        accountCustomId: r.accountCustomId,
        contactId: 0, // 2.3: "0 when creating"
        contactType: r.contactType,
        firstName: r.w.firstName,
        lastName: r.empty.lastName ? '' : r.w.lastName,
        companyName: r.empty.companyName ? '' : r.w.companyName,
        email: r.empty.email ? '' : r.w.email,
        mobNo: r.mobNo,
        telephone: r.telephone,
        whatsappNo: r.whatsappNo,
        dateOfBirth: r.dateOfBirth,
        anniversaryDate: r.anniversaryDate,
        gstType: r.gstType,
        gstin: g, // "empty string when unregistered"
        panNo: r.panNo,
        opening: r.opening,
        openingType: 'debitAmount', // "value seen: debitAmount"
        creditLimit: r.creditLimit,
        remark: r.empty.remark ? '' : r.w.remark,
        deletedAddressIds: [], // "empty array when none"
        contactAddressDTO: r.addresses,
      })),
    );
}
