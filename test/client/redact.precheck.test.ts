// The redactor's pre-check (mayHoldTest) skips its patterns only for a text that holds no spelling of a
// secret: every text holding a whole spelling (any mix of each character's spellings, any letter case) or a
// part of minPart characters must pass it, whatever the secrets' characters.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { charSpellings, mayHoldTest, minPart, redactorOf } from '../../client/redact.ts';

/** A secret of characters that change under URL, JSON and HTML encoding, letters and digits, some not ASCII. */
const secret = fc.array(fc.constantFrom(...'abcXYZ019-_."\\/%+&<>\'= éßσςΣİ'.split('')), { minLength: 1, maxLength: 24 }).map((cs) => cs.join(''));
const filler = fc.string({ maxLength: 12 });
/** Letter case changed the way a server may: one character at a time, where it stays one character. */
const flip = (c: string, up: boolean) => {
  const o = up ? c.toUpperCase() : c.toLowerCase();
  return o.length === c.length ? o : c;
};

describe('the redactor pre-check', () => {
  it('passes every text that holds a whole secret in any mix of spellings and letter cases', () => {
    fc.assert(
      fc.property(fc.array(secret, { minLength: 1, maxLength: 3 }), fc.infiniteStream(fc.nat()), filler, filler, (secrets, picks, before, after) => {
        const it = picks[Symbol.iterator]();
        const s = secrets[it.next().value % secrets.length]!;
        const spelled = [...s]
          .map((c) => {
            const forms = charSpellings(c);
            return [...forms[it.next().value % forms.length]!].map((x) => flip(x, it.next().value % 2 === 0)).join('');
          })
          .join('');
        expect(mayHoldTest(secrets)(before + spelled + after)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('passes every text that holds a part of minPart characters of a secret, in any letter case', () => {
    fc.assert(
      fc.property(secret, fc.nat(), fc.boolean(), filler, filler, (s, at, up, before, after) => {
        const k = Math.min(minPart(s), s.length);
        const from = at % (s.length - k + 1);
        const part = [...s.slice(from, from + k)].map((c) => flip(c, up)).join('');
        expect(mayHoldTest([s])(before + part + after)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('turns away a report body that holds neither the core of a token nor an escape character, and the redactor leaves it', () => {
    // The core of each token (its characters 6 to 11, as minPart is 11 of 17) is "nce-t".
    const tokens = ['reference-token-1', 'reference-token-2'];
    const body = JSON.stringify({ status: true, response: { items: [{ id: 1, name: 'reference token', note: 'e-to k' }] } });
    expect(mayHoldTest(tokens)(body)).toBe(false);
    expect(redactorOf(tokens)(body)).toBe(body);
    expect(mayHoldTest(tokens)(body.replace('note', 'NCE-T'))).toBe(true);
    expect(mayHoldTest(tokens)(body + '%')).toBe(true);
  });
});
