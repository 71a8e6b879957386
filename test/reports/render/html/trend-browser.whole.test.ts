// trend.html in a real browser: headless Chromium (test/support/chromium.ts) opens the page of
// five nights from disk; each of its plots is visible and laid out at its size, the page asks for nothing over the
// network, and one full-page screenshot holds every plot (docs/img/trend.png is one such).
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trendHtml } from '../../../../reports/render/html/trend.ts';
import { fiveNights } from '../../history/nights.ts';
import { WHOLE_FILE } from '../../../tiers.ts';
import { browserTitle, HAVE_CHROMIUM, launchChromium, type Browser } from '../../../support/chromium.ts';

const PLOTS = ['verdict', 'grid', 'share429', 'limits', 'p95'];
const SCREENSHOT = path.join(os.tmpdir(), 'erp-conformance-trend.png');

describe.skipIf(!HAVE_CHROMIUM)(browserTitle('the trend page in headless Chromium'), WHOLE_FILE, () => {
  let browser: Browser;
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'erp-trend-')), 'trend.html');

  beforeAll(async () => {
    const nights = fiveNights().map((l) => ({ ...l, target: { name: 'Acme ERP staging', baseUrl: 'https://erp.staging.example' } }));
    writeFileSync(file, trendHtml(nights));
    browser = await launchChromium({ width: 1000, height: 800 });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows every plot at its size, asks for nothing, and one full-page screenshot holds them all', async () => {
    const page = await browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(file).href);
    const plots = page.locator('svg.trend-plot');
    expect(await plots.evaluateAll((list) => list.map((el) => el.getAttribute('data-plot')))).toEqual(PLOTS);
    const height = await page.evaluate(
      () => (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement.scrollHeight,
    );
    for (const name of PLOTS) {
      const plot = page.locator(`svg.trend-plot[data-plot="${name}"]`);
      expect(await plot.isVisible(), name).toBe(true);
      const box = (await plot.boundingBox())!;
      expect(box.width, name).toBeGreaterThan(300);
      expect(box.height, name).toBeGreaterThan(60);
      // Within the page the full-page screenshot takes.
      expect(box.x + box.width, name).toBeLessThanOrEqual(1000);
      expect(box.y + box.height, name).toBeLessThanOrEqual(height);
    }
    // What each plot draws is there: five nights' blocks, the grid's OS-4 row, the lines' points.
    expect(await page.locator('[data-plot="verdict"] g[data-verdict]').count()).toBe(5);
    expect(await page.locator('[data-plot="grid"] g[data-row="OS-4"] rect').count()).toBe(5);
    for (const name of ['share429', 'limits', 'p95']) expect(await page.locator(`[data-plot="${name}"] circle`).count(), name).toBeGreaterThan(3);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    console.log(`trend screenshot: ${SCREENSHOT}`);
    await page.close();
  });
});
