// CU-15's sure case: one valid customer holding each kind of text a save silently changes, so one
// creation and one read-back show each: a remark of 256 or 1,000 Latin characters (a column's
// width), an address line of 256 characters in an Indian script (a wrong charset and a width in
// bytes), a first name in an Indian script, and a company name with an emoji outside the BMP (a
// utf8mb3 column), a last name holding every HTML/XML special, an entity and a tag (a store that
// escapes or strips markup), and an address line with runs of spaces, a tab and a no-break space
// inside (a store that collapses them). `short` leaves the long values out, `plain` the markup
// too, for a target that refuses them (a 4xx is its right: CU-13).
import fc from 'fast-check';
import type { Customer } from '../contract/schemas/customer.ts';
import type { HostileCustomer } from './hostile-customer.ts';
import { customer, type CustomerConstraints } from './customer.ts';
import { EMOJI } from './emoji-text.ts';
import { latinText } from './latin-text.ts';
import { markupText, spaceRunText } from './markup-text.ts';
import { repeatTo } from './long-text.ts';
import { scriptText } from './script-text.ts';

/** Emoji of EMOJI made of characters outside the BMP only (no variation selector, keycap or ZWJ). */
export const ASTRAL_EMOJI = EMOJI.filter((e) => [...e].every((ch) => ch.codePointAt(0)! > 0xffff));

export function savedTexts(c: CustomerConstraints, o: { short?: boolean; plain?: boolean } = {}): fc.Arbitrary<HostileCustomer> {
  return fc
    .record({
      base: customer({ ...c, empties: false, minAddresses: 1, maxAddresses: 1 }),
      remark: fc.tuple(latinText('remark'), fc.constantFrom(256, 1000)).map(([t, n]) => repeatTo(t || 'remark', n)),
      line: scriptText('line').map((t) => repeatTo(t, 256)),
      firstName: scriptText('name'),
      company: fc.tuple(latinText('company'), fc.constantFrom(...ASTRAL_EMOJI)).map(([t, e]) => `${t} ${e}`),
      markup: markupText('name'),
      spaced: spaceRunText('line'),
    })
    .map((r) => {
      const body: Customer = { ...r.base, firstName: r.firstName, companyName: r.company, contactAddressDTO: r.base.contactAddressDTO.map((a) => ({ ...a })) };
      const values = [
        { field: 'firstName', value: r.firstName },
        { field: 'companyName', value: r.company },
      ];
      body.contactAddressDTO[0]!.addressLine2 = r.spaced;
      values.push({ field: 'contactAddressDTO[0].addressLine2', value: r.spaced });
      if (!o.plain) {
        body.lastName = r.markup;
        values.push({ field: 'lastName', value: r.markup });
      }
      if (!o.short && !o.plain) {
        body.remark = r.remark;
        body.contactAddressDTO[0]!.addressLine1 = r.line;
        values.push({ field: 'remark', value: r.remark }, { field: 'contactAddressDTO[0].addressLine1', value: r.line });
      }
      return { values, body };
    });
}
