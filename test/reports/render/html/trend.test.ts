// trend.html from five nights' history lines: every plot is there with the figures of its nights
// (a gap where a night has none, never a 0), the grid shows the requirements whose verdict changed
// and counts the rest, and the page runs no script and loads nothing.
import { describe, expect, it } from 'vitest';
import { gridRows, limitSeries, nightLabel, share429Series, trendHtml } from '../../../../reports/render/html/trend.ts';
import { fiveNights, SHOULD_ID } from '../../history/nights.ts';

describe('the trend page', () => {
  const nights = fiveNights();
  const html = trendHtml(nights);

  it('has the five plots, one column per night, oldest left', () => {
    const plots = [...html.matchAll(/<svg class="trend-plot" data-plot="([^"]+)"/g)].map((m) => m[1]);
    expect(plots).toEqual(['verdict', 'grid', 'share429', 'limits', 'p95']);
    expect([...html.matchAll(/<g data-verdict="([^"]+)">/g)].map((m) => m[1])).toEqual([
      'inconclusive',
      'inconclusive',
      'not-certified',
      'not-certified',
      'inconclusive',
    ]);
    expect(nightLabel(nights[0]!)).toBe('11-21 02:00');
    expect(html).toContain('>11-25 02:00</text>');
  });

  it('shows in the grid the requirements whose verdict changed or stayed open, and counts the others', () => {
    const { rows, steady } = gridRows(nights);
    const ids = rows.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['OS-4', SHOULD_ID(), 'AUTH-1', 'RP-1']));
    expect(ids).not.toContain('ENV-1'); // passed every night
    expect(rows.find((r) => r.id === 'OS-4')!.statuses).toEqual(['passed', 'passed', 'failed', 'failed', 'passed']);
    expect(rows.every((r) => r.level !== 'INFO')).toBe(true);
    expect(steady.passed).toBeGreaterThan(0);
    expect(html).toContain(`<g data-row="OS-4">`);
    expect(html).toMatch(/Not shown: INFO observations, and those with one verdict every night \(\d+ passed, \d+ skipped\)/);
  });

  it('plots the 429 share of all requests and of each operation that met one, and the limits: a gap where a night has none', () => {
    const share = share429Series(nights);
    expect(share.map((s) => s.name)).toEqual(['all requests', 'report']);
    expect(share[0]!.values).toEqual([0, 0, 10, 4, 0]);
    expect(share[1]!.values[1]).toBeUndefined(); // the second night kept no exchanges
    expect(share[1]!.values[2]).toBeCloseTo(40, 6); // 2 of its 5 report requests
    const limits = limitSeries(nights);
    expect(limits.map((s) => [s.name, s.values])).toEqual([
      ['report', [10, 10, 5, 5, 10]],
      ['probed limit', [undefined, undefined, undefined, 360, undefined]],
    ]);
  });

  it('plots p95 per operation with a gap for the night without exchanges', () => {
    const p95 = html.slice(html.indexOf('data-plot="p95"'), html.indexOf('</svg>', html.indexOf('data-plot="p95"')));
    expect(p95).toContain('data-series="order-status"');
    expect(p95).toContain('data-series="report"');
    // Four nights with figures: four points per operation, and the gap splits the line in two.
    expect([...p95.slice(p95.indexOf('data-series="report"')).matchAll(/<circle /g)]).toHaveLength(4);
    expect(p95).toContain('report 11-24 02:00: 460 ms');
  });

  it('runs no script and asks for nothing: one file', () => {
    expect(html).toContain(`content="default-src 'none'; style-src 'unsafe-inline'; img-src data:"`);
    const clean = trendHtml(fiveNights().map((l) => ({ ...l, target: { name: 'Acme', baseUrl: 'http://erp.test' } })));
    expect(clean).not.toMatch(/<script|<link|<img|\ssrc=|\shref=|url\(|https?:\/\/(?!www\.w3\.org|erp\.test)/);
  });

  it('escapes what a target named itself', () => {
    const hostile = fiveNights().map((l) => ({ ...l, target: { name: '<img src=x onerror=alert(1)>', baseUrl: 'http://t' } }));
    const page = trendHtml(hostile, 2);
    expect(page).not.toContain('<img src=x');
    expect(page).toContain('&lt;img src=x');
    expect(page).toContain('2 line(s) of the file are not history lines');
  });
});
