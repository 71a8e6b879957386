// The one redactor: every spelling a server or an output format can give a token is replaced.
import { describe, expect, it } from 'vitest';
import { minPart, REDACTED, redactorOf } from '../../client/redact.ts';

const TOKEN = `tk"\\/%+&<'=Abc-123456`; // characters that change under URL, JSON and HTML encoding
const SECOND = 'second-Token-9f8e7d6c';
const redact = redactorOf([TOKEN, SECOND]);

describe('the redactor', () => {
  it.each([
    ['raw', TOKEN],
    ['upper-cased', TOKEN.toUpperCase()],
    ['URL-encoded', encodeURIComponent(TOKEN)],
    ['URL-encoded, lower-case hex', encodeURIComponent(TOKEN).toLowerCase()],
    ['form-encoded', new URLSearchParams({ t: TOKEN }).toString().slice(2)],
    ['JSON-escaped', JSON.stringify(TOKEN).slice(1, -1)],
    ['JSON-escaped twice', JSON.stringify(JSON.stringify(TOKEN)).slice(1, -1)],
    ['JSON \\u escapes', [...TOKEN].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')],
    ['HTML-escaped', TOKEN.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;')],
    ['a part of it', SECOND.slice(3, 3 + minPart(SECOND))],
    ['its first 60%', SECOND.slice(0, minPart(SECOND))],
  ])('replaces the %s token', (_what, form) => {
    const out = redact(`before ${form} after`);
    expect(out).toContain(REDACTED);
    expect(out).not.toContain(form);
    expect(out.startsWith('before ')).toBe(true);
    expect(out.endsWith(' after')).toBe(true);
  });

  it('leaves text that shares only a few characters with a token', () => {
    expect(redact('second-To is not a secret; tk is not either')).toBe('second-To is not a secret; tk is not either');
  });

  it('redacts the tail of a text cut inside a token', () => {
    expect(redact(`echo: ${SECOND.slice(0, 6)}`, true)).toBe(`echo: ${REDACTED}`);
  });

  it('is quick on a 4 MB body', () => {
    const body = `${'x'.repeat(4 * 1024 * 1024)}${SECOND}`;
    const t0 = performance.now();
    expect(redact(body).endsWith(REDACTED)).toBe(true);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
