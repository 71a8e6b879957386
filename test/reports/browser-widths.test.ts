// The certificate at the widths people read it at (issue 20): no horizontal scrolling of the page
// at 400, 800 and 1280 px, the verdict column on screen at 400 px, for a failing certificate with
// every finding opened; and "Other observations" labelled in words, not internal camelCase keys.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { observationsHtml } from '../../reports/html-observed.ts';
import { readRateLimit } from '../../reports/rate-limit.ts';
import { writeReports } from '../../reports/write.ts';
import { RATE_LIMIT_FIXTURE, sampleCertification } from './sample.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const HAVE_CHROMIUM = existsSync(CHROMIUM);

describe('Other observations', () => {
  it('are labelled in words, the internal key kept small beside the label', () => {
    const html = observationsHtml({ tokenCheckedFirst: true, someNewThing: 1, 'fixtures.sales.lifecycle': 'took 1003' });
    expect(html).toContain('<summary>Token checked before validation <code class="muted">tokenCheckedFirst</code></summary>');
    expect(html).toContain('<summary>Some new thing <code class="muted">someNewThing</code></summary>');
    expect(html).toContain('<summary>fixtures.sales.lifecycle</summary>');
  });
});

describe.skipIf(!HAVE_CHROMIUM)(
  `the certificate at 400, 800 and 1280 px${HAVE_CHROMIUM ? '' : ` (skipped: ${CHROMIUM} is absent: apt-get install chromium)`}`,
  () => {
    let context: BrowserContext;
    let html: string;
    const profile = mkdtempSync(path.join(os.tmpdir(), 'erp-chromium-widths-'));

    beforeAll(async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'erp-widths-'));
      copyFileSync(RATE_LIMIT_FIXTURE, path.join(dir, 'rate-limit.json'));
      // A failing certificate: findings with long curl lines, a hostile server's text, a rate-limit plot.
      html = writeReports(dir, sampleCertification(), { rateLimit: readRateLimit(dir) }).html;
      context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS });
    }, 120_000);

    afterAll(async () => {
      await context?.close();
      rmSync(profile, { recursive: true, force: true });
    });

    for (const width of [400, 800, 1280]) {
      it(`does not scroll sideways at ${width} px, every finding open, and shows the verdict column`, async () => {
        const page = await context.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(pathToFileURL(html).href);
        await page.evaluate(() => {
          for (const d of (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ open: boolean }> } }).document.querySelectorAll(
            'details',
          ))
            d.open = true;
        });
        const { scrollWidth, clientWidth } = await page.evaluate(() => {
          const e = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
          return { scrollWidth: e.scrollWidth, clientWidth: e.clientWidth };
        });
        expect(scrollWidth, `scrollWidth at ${width} px`).toBeLessThanOrEqual(clientWidth);
        const badge = page.locator('tr[data-id="OS-4"] .badge');
        const box = (await badge.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await badge.textContent()).toBe('failed');
        await page.close();
      });
    }
  },
);
