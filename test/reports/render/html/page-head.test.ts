// The head of every page the kit writes (certificate, load, trend, comparison) is parts.ts pageHead:
// its Content-Security-Policy allows no script, no request and no frame (inline styles; data:
// images only for a page that asks), the title is escaped, and no renderer writes a head of its own.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageHead } from '../../../../reports/render/html/parts.ts';
import { certificateHtml } from '../../../../reports/render/html/certificate.ts';
import { trendHtml } from '../../../../reports/render/html/trend.ts';
import { comparisonHtml } from '../../../../reports/compare/render-html.ts';
import { compare } from '../../../../reports/compare/compare.ts';
import { ROOT } from '../../../../scripts/docs.ts';
import { fiveNights } from '../../history/nights.ts';
import { HOSTILE, sampleCertification } from '../../sample.ts';

/** The policy of a page: directive -> its sources. */
function policy(html: string): Record<string, string[]> {
  const metas = [...html.matchAll(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/g)];
  expect(metas).toHaveLength(1);
  return Object.fromEntries(
    metas[0]![1]!.split(';').map((d) => {
      const [name, ...sources] = d.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('pageHead', () => {
  it('allows inline styles only, and data: images only when asked', () => {
    expect(policy(pageHead({ title: 't', css: '' }))).toEqual({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"] });
    expect(policy(pageHead({ title: 't', css: '', images: true }))).toEqual({
      'default-src': ["'none'"],
      'style-src': ["'unsafe-inline'"],
      'img-src': ['data:'],
    });
  });

  it('escapes the title and holds the CSS, the charset and the viewport', () => {
    const head = pageHead({ title: `Vendor ${HOSTILE}`, css: 'body{color:red}' });
    expect(head).toMatch(/^<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">/);
    expect(head).not.toContain('<script');
    expect(head).toContain('<style>body{color:red}</style>');
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(head.match(/<title>([^<]*)<\/title>/)![1]).toContain('&lt;script&gt;');
    expect(head.endsWith('</head>')).toBe(true);
  });

  it('is the head of the certificate, the trend and the comparison, and no renderer writes its own', () => {
    const cert = sampleCertification();
    for (const html of [certificateHtml(cert), trendHtml(fiveNights())]) {
      expect(policy(html)['script-src']).toBeUndefined();
      expect(policy(html)['img-src']).toEqual(['data:']);
    }
    expect(policy(comparisonHtml(compare(cert, cert, { prev: 'a', next: 'b' })))).toEqual({ 'default-src': ["'none'"], 'style-src': ["'unsafe-inline'"] });
    for (const file of [
      'reports/render/html/certificate.ts',
      'reports/render/html/load.ts',
      'reports/render/html/trend.ts',
      'reports/compare/render-html.ts',
    ]) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      expect(source, file).toContain('pageHead({');
      expect(source, file).not.toMatch(/Content-Security-Policy"|<head>|<!doctype/i);
    }
  });
});
