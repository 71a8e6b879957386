// Issue 40's texts: the generators put HTML/XML specials, an entity, a tag and runs of spaces, tabs
// and no-break spaces (inside, never at the ends) into what the run saves, on every seed: the sure
// case (savedTexts) always, in each of its forms (the properties' mix, hostileText, in
// hostile-text.test.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markupClasses, markupText, spaceRunText } from '../../generators/markup-text.ts';
import { savedTexts } from '../../generators/saved-texts.ts';

const fixtures = { countriesCode: 'IN', cities: { MUM: '27', BLR: '29' }, contactTypes: ['Wholesale', 'Retail'], dateFormat: 'YYYY-MM-DD' as const };
const MARKUP = ['&', '<', '>', '"', "'", 'entity', 'tag'];
const SPACES = ['spaces', 'tab', 'no-break space'];
const SEEDS = [1, 2, 3, 7, 42, 99, 2026];

describe('markup and runs of spaces in the texts the run saves', () => {
  it('every value of markupText holds every special, an entity and a tag; of spaceRunText every kind of run, inside', () => {
    for (const seed of SEEDS) {
      for (const kind of ['name', 'company', 'line', 'remark', 'place'] as const) {
        for (const t of fc.sample(markupText(kind), { seed, numRuns: 4 })) expect(markupClasses(t), t).toEqual(expect.arrayContaining(MARKUP));
        for (const t of fc.sample(spaceRunText(kind), { seed, numRuns: 4 })) {
          expect(markupClasses(t), JSON.stringify(t)).toEqual(expect.arrayContaining(SPACES));
          expect(t, JSON.stringify(t)).toBe(t.trim()); // a trim at the ends (allowed) leaves every run
        }
      }
    }
  });

  it('the sure case holds every class on every seed, in each of its forms; `plain` leaves markup out, never the runs', () => {
    for (const seed of SEEDS) {
      for (const o of [{}, { short: true }, { plain: true }]) {
        const [v] = fc.sample(savedTexts(fixtures, o), { seed, numRuns: 1 });
        const classes = new Set(v!.values.flatMap((x) => markupClasses(x.value)));
        const want = 'plain' in o ? SPACES : [...MARKUP, ...SPACES];
        expect([...classes].filter((c) => want.includes(c)).sort(), `seed ${seed} ${JSON.stringify(o)}`).toEqual([...want].sort());
        if ('plain' in o) expect(MARKUP.filter((c) => c !== "'" && classes.has(c))).toEqual([]);
        // Each value is where its field says.
        const line2 = v!.values.find((x) => x.field === 'contactAddressDTO[0].addressLine2')!;
        expect(v!.body.contactAddressDTO[0]!.addressLine2).toBe(line2.value);
      }
    }
  });
});
