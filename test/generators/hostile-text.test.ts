// The input space of CU-13: every kind of unusual text the generators promise (markup and runs of
// spaces among them) is drawn, each
// value is what its name says (a script's own letters, exact lengths, NFC and NFD forms ...), and
// the customers that carry it stay valid under 2.3/2.4.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidGstin } from '../../contract/gstin.ts';
import { DECIMAL_TEXT } from '../../core/formats.ts';
import { customer as customerSchema } from '../../contract/schemas/customer.ts';
import { bidiText } from '../../generators/bidi-text.ts';
import { combiningMarksText } from '../../generators/combining-marks-text.ts';
import { EDGE_AMOUNTS } from '../../generators/edge-amount.ts';
import { emojiText } from '../../generators/emoji-text.ts';
import { hostileCustomer, oneHostileField } from '../../generators/hostile-customer.ts';
import { hostileText } from '../../generators/hostile-text.ts';
import { SCRIPT_WORDS } from '../../generators/indic-words.ts';
import { LONG_LENGTHS, longText, repeatTo } from '../../generators/long-text.ts';
import { markupClasses } from '../../generators/markup-text.ts';
import { paddedText } from '../../generators/padded-text.ts';
import { scriptText } from '../../generators/script-text.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };
const JOINERS = /[\s,\u060c\u200c\u200d]/u;

describe('Indian-script text', () => {
  it('holds words of the script they are listed under (joiners, spaces and commas aside)', () => {
    for (const s of SCRIPT_WORDS) {
      const own = new RegExp(`\\p{Script_Extensions=${s.script}}`, 'u');
      for (const w of [...s.given, ...s.family, ...s.company, ...s.street, ...s.places, ...s.digits]) {
        for (const ch of w) expect(own.test(ch) || JOINERS.test(ch), `${s.script}: ${w} (${ch})`).toBe(true);
      }
    }
  });

  it('draws every one of the ten scripts, and right-to-left Urdu', () => {
    const seen = new Set<string>();
    for (const t of fc.sample(scriptText('name'), { seed: 1, numRuns: 600 })) {
      for (const s of SCRIPT_WORDS) if (new RegExp(`\\p{Script=${s.script}}`, 'u').test(t)) seen.add(s.script);
    }
    expect([...seen].sort()).toEqual(SCRIPT_WORDS.map((s) => s.script).sort());
    expect(SCRIPT_WORDS.filter((s) => s.rtl).map((s) => s.script)).toEqual(['Arabic']);
  });
});

describe('unusual text', () => {
  const draw = (arb: fc.Arbitrary<string>, n = 800) => fc.sample(arb, { seed: 7, numRuns: n });

  it('has combining marks in both NFC and NFD forms, stacked marks and marks without a base', () => {
    const all = draw(combiningMarksText('name'));
    expect(all.some((t) => t !== t.normalize('NFC'))).toBe(true); // NFD (or a composition exclusion kept decomposed)
    expect(all.some((t) => t === t.normalize('NFC') && t !== t.normalize('NFD'))).toBe(true);
    expect(all.some((t) => /\p{M}{3,}/u.test(t))).toBe(true);
    expect(all.some((t) => /^\p{M}/u.test(t))).toBe(true);
  });

  it('has emoji with skin tones and ZWJ sequences', () => {
    const all = draw(emojiText('company'));
    expect(all.some((t) => /\u{1F3FB}|\u{1F3FC}|\u{1F3FD}|\u{1F3FE}|\u{1F3FF}/u.test(t))).toBe(true);
    expect(all.some((t) => /\p{Extended_Pictographic}\u200d\p{Extended_Pictographic}/u.test(t))).toBe(true);
  });

  it('has right-to-left text and bidi controls', () => {
    const all = draw(bidiText('line'));
    expect(all.some((t) => /\p{Script=Arabic}/u.test(t) && /[A-Za-z0-9]/.test(t))).toBe(true);
    expect(all.some((t) => /[\u202a-\u202e\u2066-\u2069]/.test(t))).toBe(true);
    expect(all.some((t) => /[\u200e\u200f\u061c]/.test(t))).toBe(true);
  });

  it('has values of exactly 255, 256, 1,000 and 10,000 code points', () => {
    const lengths = new Set(draw(longText('remark'), 200).map((t) => [...t].length));
    expect([...lengths].sort((a, b) => a - b)).toEqual([...LONG_LENGTHS]);
    expect([...repeatTo('🙏🏽', 255)]).toHaveLength(255);
  });

  it('has spaces around the text, and values of spaces only', () => {
    const all = draw(paddedText('name'));
    expect(all.some((t) => t !== t.trim() && t.trim() !== '')).toBe(true);
    expect(all.some((t) => t.trim() === '' || /^[\s\u200b\ufeff]+$/u.test(t))).toBe(true);
  });

  it('mixes every kind for every field kind, never an empty value', () => {
    for (const kind of ['name', 'company', 'line', 'remark', 'place'] as const) {
      const all = draw(hostileText(kind), 1500);
      expect(all.every((t) => t.length > 0)).toBe(true);
      expect(all.some((t) => [...t].length >= 1000)).toBe(true);
      expect(all.some((t) => /\p{Script=Devanagari}/u.test(t))).toBe(true);
      expect(all.some((t) => /\p{Extended_Pictographic}/u.test(t))).toBe(true);
      expect(all.some((t) => t === '9007199254740993' || t === '1e309' || t === '-0')).toBe(true);
      expect(all.some((t) => markupClasses(t).length >= 7 && markupClasses(t).includes('tag'))).toBe(true);
      expect(all.some((t) => ['spaces', 'tab', 'no-break space'].every((c) => markupClasses(t).includes(c)))).toBe(true);
    }
  });

  it('amounts at their edges are decimal text', () => {
    for (const a of EDGE_AMOUNTS) expect(a).toMatch(DECIMAL_TEXT);
  });
});

describe('customers with unusual text', () => {
  const valid = (body: unknown) => {
    const parsed = customerSchema.safeParse(body);
    expect(parsed.success).toBe(true);
    const c = parsed.data!;
    expect(c.contactAddressDTO.filter((a) => a.isDefault === 1)).toHaveLength(1);
    expect(c.gstType === 'Registered' ? isValidGstin(c.gstin) : c.gstin === '').toBe(true);
    for (const a of c.contactAddressDTO) expect(fixtures.cities[a.cityCode as 'MUM']).toBe(a.stateCode);
  };

  it('one field at a time: valid under 2.3/2.4, the value where its field says', () => {
    fc.assert(
      fc.property(oneHostileField(fixtures), ({ values, body }) => {
        valid(body);
        expect(values).toHaveLength(1);
        const [{ field, value }] = values as [{ field: string; value: string }];
        const m = /^contactAddressDTO\[(\d)\]\.(\w+)$/.exec(field);
        const at = m ? (body.contactAddressDTO[Number(m[1])] as Record<string, unknown>)[m[2]!] : (body as Record<string, unknown>)[field];
        expect(at).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('every field at once: valid, several values, bodies of bounded size', () => {
    const all = fc.sample(hostileCustomer(fixtures), { seed: 3, numRuns: 100 });
    for (const v of all) valid(v.body);
    expect(all.filter((v) => v.values.length >= 8).length).toBeGreaterThan(80);
    expect(Math.max(...all.map((v) => Buffer.byteLength(JSON.stringify(v.body))))).toBeLessThan(1_000_000);
  });

  it('reach what the long-text and non-Latin faults need within a few runs, for any seed', () => {
    // The whole-customer property runs at least 5 times: it must put a non-Latin letter in a name,
    // company or address, and more than 255 characters in addressLine1 or remark, in most of them.
    for (const seed of [1, 2, 3, 42, 99]) {
      const runs = fc.sample(hostileCustomer(fixtures), { seed, numRuns: 5 });
      const long = runs.filter((v) => v.body.remark.length > 255 || v.body.contactAddressDTO.some((a) => a.addressLine1.length > 255));
      const nonLatin = runs.filter((v) =>
        [
          v.body.firstName,
          v.body.lastName,
          v.body.companyName,
          ...v.body.contactAddressDTO.flatMap((a) => [a.addressLine1, a.addressLine2, a.firstName, a.companyName]),
        ].some((t) => /[^\u0000-\u00ff]/.test(t)),
      );
      expect(long.length, `seed ${seed}`).toBeGreaterThan(0);
      expect(nonLatin.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('are decided by the seed alone', () => {
    expect(fc.sample(oneHostileField(fixtures), { seed: 5, numRuns: 5 })).toEqual(fc.sample(oneHostileField(fixtures), { seed: 5, numRuns: 5 }));
    expect(fc.sample(hostileCustomer(fixtures), { seed: 5, numRuns: 3 })).toEqual(fc.sample(hostileCustomer(fixtures), { seed: 5, numRuns: 3 }));
  });
});
