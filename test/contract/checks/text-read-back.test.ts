// CU-15's oracle: read-back = sent, with what correct vendors do on save allowed (any trim, NFC or
// NFD), and each silent change named by its kind; the pairing of sent texts with a read-back
// (an address found by its other fields, place names and amounts left out); CU-16's lookup reader.
import { describe, expect, it } from 'vitest';
import { allowedNormalisation, sameText, silentChange, textReadBack } from '../../../contract/checks/text-read-back.ts';
import type { Exchange } from '../../../core/types.ts';
import type { FaultName } from '../../../reference/faults.ts';
import { storedText } from '../../../reference/silent-changes.ts';
import { contactsHolding } from '../../../suites/customer/mobile-lookup.ts';
import { pairTexts, textClasses } from '../../../suites/customer/text-read-back.ts';
import * as ex from '../examples.ts';

const read = (response: unknown): Exchange =>
  ({
    seq: 1,
    operation: 'contact-read',
    tokenKind: 'valid',
    request: { method: 'GET', url: 'http://127.0.0.1:1/api/v1/contact/5', headers: {} },
    response: { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(response), ms: 1 },
    json: { status: true, message: 'Contact', code: '200', response },
  }) as unknown as Exchange;

describe('read-back = sent (CU-15)', () => {
  it('allows what correct vendors do on save: any trim, NFC or NFD', () => {
    expect(sameText('Ravi', '  Ravi ')).toBe(true);
    expect(sameText('Ravi', '\u00a0\u3000Ravi\u200b\ufeff')).toBe(true); // Unicode, zero-width and BOM trims
    expect(sameText('\u00a0Ravi', '\u00a0Ravi')).toBe(true); // Java's trim() keeps the NBSP
    expect(sameText('Jose\u0301', 'Jos\u00e9')).toBe(true); // NFD stored for NFC sent
    expect(sameText('Ravi', 'Ravi Kumar')).toBe(false);
    expect(sameText('Ra vi', 'Ravi')).toBe(false);
  });

  it('names each silent change', () => {
    const long = 'ab '.repeat(400);
    expect(silentChange(long.slice(0, 255), long)).toMatch(/^cut to 255 of its 1200 characters/);
    expect(silentChange('Shop ', 'Shop 🪔')).toMatch(/outside the BMP/);
    expect(silentChange('??? x', 'राम x')).toMatch(/Latin-1: characters outside it became "\?"/);
    expect(silentChange(Buffer.from('राम', 'utf8').toString('latin1'), 'राम')).toMatch(/UTF-8 bytes read back as Latin-1/);
    expect(silentChange('Other', 'Ravi')).toBe('changed');
    expect(silentChange(`Shah &amp; Sons &lt;b&gt;&quot;Ltd&quot;&lt;/b&gt; O&#39;Neil`, `Shah & Sons <b>"Ltd"</b> O'Neil`)).toMatch(/^HTML-escaped/);
    expect(silentChange('Tom & Co', 'Tom &amp; Co')).toMatch(/^HTML-unescaped/);
    expect(silentChange('Shah Ltd', 'Shah <b>Ltd</b>')).toBe('its markup (tags) stripped');
    expect(silentChange('Plot 12 MG', 'Plot  12   MG')).toBe('runs of spaces collapsed to one');
    expect(silentChange('Plot 12 MG', 'Plot \t12\u00a0\u00a0MG')).toMatch(/^runs of spaces, tabs or no-break spaces collapsed/);
  });

  it('counts every character inside a value: markup and runs of spaces, tabs and no-break spaces', () => {
    for (const sent of ['a & b', 'a <b>x</b>', 'a &amp; b', `"q" 'q'`, 'a  b', 'a\tb', 'a\u00a0\u00a0b']) {
      expect(sameText(sent, sent), sent).toBe(true);
      expect(sameText(` ${sent}\u00a0`, sent), sent).toBe(true); // ends trimmed or padded: allowed
    }
    expect(sameText('a b', 'a  b')).toBe(false);
    expect(sameText('a b', 'a\tb')).toBe(false);
    expect(sameText('a b', 'a\u00a0b')).toBe(false);
    expect(sameText('a &amp; b', 'a & b')).toBe(false);
  });

  it('names what a correct vendor did on save, for the certificate, and nothing for a change', () => {
    expect(allowedNormalisation('Ravi', 'Ravi')).toEqual([]);
    expect(allowedNormalisation('Ravi', ' Ravi ')).toEqual(['ends trimmed']);
    expect(allowedNormalisation('Jose\u0301', 'Jos\u00e9')).toEqual(['Unicode normalised']);
    expect(allowedNormalisation('Jose\u0301', ' Jos\u00e9')).toEqual(['ends trimmed', 'Unicode normalised']);
    expect(allowedNormalisation('a b', 'a  b')).toEqual([]);
  });

  it('judges the texts the read holds, counts each as a case, and files differences under CU-15', () => {
    const cases: number[] = [];
    const texts = [
      { field: 'firstName', value: 'राम', got: '???' },
      { field: 'remark', value: 'ok', got: ' ok ' },
      { field: 'companyName', value: 'x', got: undefined },
    ];
    const r = textReadBack(read({ firstName: '???' }), texts);
    for (const e of r.evidence) cases.push(e.n);
    const found = r.findings;
    expect(found.map((f) => [f.requirementId, f.title])).toEqual([
      ['CU-15', 'Saved firstName reads back changed: stored through Latin-1: characters outside it became "?"'],
    ]);
    expect(cases).toEqual([2]);
    expect(textReadBack(read({}), [{ field: 'x', value: 'y', got: undefined }]).findings).toEqual([]);
  });

  it('pairs an address text with the read-back address that is the same address, whatever the order', () => {
    const a0 = { ...ex.address, addressLine1: 'Line 🪔', isDefault: 0 as const };
    const a1 = { ...ex.address, addressLine1: 'Other', pinCode: '400002', isDefault: 1 as const };
    const body = { ...ex.customer, firstName: 'राम', contactAddressDTO: [a0, a1] };
    const values = [
      { field: 'firstName', value: 'राम' },
      { field: 'contactAddressDTO[0].addressLine1', value: 'Line 🪔' },
      { field: 'contactAddressDTO[0].cityName', value: 'मुंबई' },
      { field: 'opening', value: '0.00' },
    ];
    const got = { ...body, firstName: 'राम', contactAddressDTO: [{ ...a1 }, { ...a0, addressLine1: 'Line ' }] };
    expect(pairTexts(values, body, got).map((t) => [t.field, t.got])).toEqual([
      ['firstName', 'राम'],
      ['contactAddressDTO[0].addressLine1', 'Line '],
    ]);
  });

  it('classes the texts a property reads back', () => {
    expect(textClasses('x'.repeat(255))).toEqual(['long']);
    expect(textClasses('🙏 x')).toEqual(['outside the BMP']);
    expect(textClasses('राम')).toEqual(['non-ASCII']);
    expect(textClasses('Ravi')).toEqual(['ASCII']);
  });
});

const reference = (faults: FaultName[], text: string) => storedText(new Set(faults), text);

describe("the reference's silent-change faults", () => {
  it('each changes only its kind of text', () => {
    expect(reference(['cu-truncates-long-text'], 'é'.repeat(300))).toBe('é'.repeat(255));
    expect(reference(['cu-mangles-non-ascii'], 'é राम 🙏')).toBe('é ??? ?');
    expect(reference(['cu-drops-non-bmp'], 'é राम 🙏')).toBe('é राम ');
    expect(reference([], 'é राम 🙏')).toBe('é राम 🙏');
    expect(reference(['cu-html-escapes-text'], `a & <b>"x"</b> 'y' &amp;`)).toBe('a &amp; &lt;b&gt;&quot;x&quot;&lt;/b&gt; &#39;y&#39; &amp;amp;');
    expect(reference(['cu-html-escapes-text'], 'Ravi  Kumar राम')).toBe('Ravi  Kumar राम');
    expect(reference(['cu-collapses-spaces'], 'a  b\t\tc\u00a0\u00a0d   e')).toBe('a b\t\tc\u00a0\u00a0d e');
    expect(reference(['cu-collapses-spaces'], 'a & <b>')).toBe('a & <b>');
  });

  it('are each named by the oracle as what they do', () => {
    const sent = `Shah  & Sons <b>"Ltd"</b>`;
    expect(silentChange(reference(['cu-html-escapes-text'], sent), sent)).toMatch(/^HTML-escaped/);
    expect(silentChange(reference(['cu-collapses-spaces'], sent), sent)).toBe('runs of spaces collapsed to one');
  });
});

describe("Get Contact By Mobile No's answer (CU-16)", () => {
  it('lists the contacts holding the number, not a message repeating it', () => {
    const answer = {
      status: true,
      message: 'Contacts with mobile 9876543210',
      response: [
        { contactId: 7, mobNo: '9876543210' },
        { contactId: 8, mobileNo: '+91 98765 43210' },
        { contactId: 9, mobNo: '9000000000' },
      ],
    };
    expect(contactsHolding(answer, '9876543210')).toEqual(['7', '8']);
    expect(contactsHolding({ response: { mobNo: '9876543210' } }, '9876543210')).toEqual(['?']);
    expect(contactsHolding({ message: 'no contact with 9876543210', response: [] }, '9876543210')).toEqual([]);
  });
});
