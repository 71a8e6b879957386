// The HTML certificate in a real browser: headless Chromium (test/support/chromium.ts) opens
// certification.html from disk, shows the verdict and a section table, expands a failed
// requirement to its curl line, and runs no script a server smuggled into it; and the certificate
// at the widths people read it at: no horizontal scrolling of the page at 400, 800 and 1280 px,
// the verdict column on screen at 400 px, for a failing certificate with every finding opened; no
// word broken inside at those widths (measured by broken-words.ts), and its failed MUSTs first on
// the first screen, linked to their findings. One browser for all of them (a launch costs seconds).
// Its first screenshot of the fault run is the README's docs/img/certificate.png.
import { copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRateLimit } from '../../../../reports/records/rate-limit.ts';
import { writeReports } from '../../../../reports/write.ts';
import { runAgainstReference, tempOut } from '../../../e2e/self-test/run-reference.ts';
import { writtenPaths } from '../../../e2e/cli/spawn.ts';
import { inProcess } from '../../../e2e/cli/in-process.ts';
import { inertDocumentText } from '../../../../reports/render/inert.ts';
import { brokenWords } from './broken-words.ts';
import { BIG_ID, HOSTILE, HOSTILE_CONTROLS, RATE_LIMIT_FIXTURE, sampleCertification } from '../../sample.ts';
import { WHOLE_FILE } from '../../../tiers.ts';
import { browserTitle, HAVE_CHROMIUM, launchChromium, type Browser } from '../../../support/chromium.ts';

const SCREENSHOT = path.join(os.tmpdir(), 'erp-conformance-certificate.png');
const SCREENSHOT_FAILURE = path.join(os.tmpdir(), 'erp-conformance-certificate-failure.png');

describe.skipIf(!HAVE_CHROMIUM)(browserTitle('the certificate in headless Chromium'), WHOLE_FILE, () => {
  let browser: Browser;
  let context: BrowserContext;
  let out: string;

  beforeAll(async () => {
    // A real run with two MUST failures, and the probe's result beside it, rebuilt by `report --in`.
    // No preflight: this is about the certificate of a run (the preflight has its own tests).
    const run = await runAgainstReference({ faults: ['os-any-status'], only: ['OS'], numRuns: 5, seed: 5, preflight: false });
    out = run.out;
    copyFileSync(RATE_LIMIT_FIXTURE, path.join(out, 'rate-limit.json'));
    // report --in as the CLI runs it, in this process (the real CLI's is test/e2e/cli/report-command.test.ts).
    const report = await inProcess(['report', '--in', out]);
    expect(report.code).toBe(1);
    expect(writtenPaths(report.stdout)).toEqual([path.join(out, 'certification.html'), path.join(out, 'junit.xml')]);
    browser = await launchChromium({ width: 1200, height: 900 });
    context = browser.context;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the verdict, a section table, a failure expanded to its curl line, and the rate-limit plot', async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(path.join(out, 'certification.html')).href);
    await expect(page.locator('#verdict').textContent()).resolves.toBe('NOT CERTIFIED');
    expect(await page.locator('#verdict').isVisible()).toBe(true);
    const section = page.locator('#section-4\\.1');
    expect(await section.locator('h2').textContent()).toMatch(/^Section 4\.1 Update Order Status/);
    expect(await section.locator('tr[data-id="OS-2"] .badge').textContent()).toBe('failed');

    const failure = page.locator('#req-OS-2');
    const curl = failure.locator('article.finding pre.curl').first();
    expect(await curl.isVisible()).toBe(false); // collapsed until asked
    await failure.locator('summary').first().click();
    expect(await failure.getAttribute('open')).toBe('');
    expect(await curl.isVisible()).toBe(true);
    const line = (await curl.textContent())!;
    expect(line).toMatch(
      /^curl -sS -X POST 'http:\/\/127\.0\.0\.1:\d+\/api\/v1\/sales\/\d+\/update-order-status\?branch_id=1' -H "api-token: \$ERP_API_TOKEN"/,
    );
    expect(await failure.locator('pre.replay').first().textContent()).toMatch(
      // A property's finding replays its input (--property, --path); any other its whole test.
      /^npx erp-conformance run .*--replay-test '.+::.+'( --property \d+)? --seed 5 --nonce '[0-9a-f]{8}'( --path '(example:\d+|[\d:]+)')? --num-runs 5 --out '[^']+-replay'$/,
    );

    const plot = page.locator('svg.rate-plot');
    expect(await plot.isVisible()).toBe(true);
    expect(await plot.getAttribute('data-limited')).toBe('119');
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);

    const top = await section
      .locator('tr[data-id="OS-2"]')
      .evaluate((el) => el.getBoundingClientRect().top + (globalThis as unknown as { scrollY: number }).scrollY);
    await page.screenshot({ path: SCREENSHOT_FAILURE, fullPage: true, clip: { x: 0, y: top - 40, width: 1200, height: 1000 } });
    await page.evaluate(() => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 0));
    await page.screenshot({ path: SCREENSHOT });
    console.log(`certificate screenshots: ${SCREENSHOT} (verdict, run facts, first section table), ${SCREENSHOT_FAILURE} (OS-2 expanded)`);
    await page.close();
  });

  it('runs no script and loads nothing that a hostile server put into a finding', async () => {
    const dir = tempOut('hostile');
    const files = writeReports(dir, sampleCertification());
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(pathToFileURL(files.html).href);
    await page.locator('#req-OS-4 > summary').click();
    await page.locator('#req-CU-12 > summary').click();
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();
    // The server's text is there to read, its escape sequences and bidi overrides shown as \uXXXX.
    const message = (await page.locator('#req-OS-4 pre.message').textContent())!;
    expect(message).toContain(inertDocumentText(HOSTILE));
    for (const c of HOSTILE_CONTROLS) expect(message).not.toContain(c);
    expect(await page.locator('#req-CU-12 pre.response').textContent()).toContain(`"contactId": ${BIG_ID},`);
    expect(await page.locator('script, img, iframe, object, embed').count()).toBe(0);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('#verdict').textContent()).toBe('NOT CERTIFIED');
    expect(await page.locator('tr[data-id="RP-1"] .reason').isVisible()).toBe(true);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    await page.close();
  });

  let widthsHtml: string | undefined;
  /** A failing certificate: findings with long curl lines, a hostile server's text, a rate-limit plot. */
  const widthsCertificate = () => {
    if (widthsHtml) return widthsHtml;
    const dir = tempOut('widths');
    copyFileSync(RATE_LIMIT_FIXTURE, path.join(dir, 'rate-limit.json'));
    return (widthsHtml = writeReports(dir, sampleCertification(), { rateLimit: readRateLimit(dir) }).html);
  };

  for (const width of [400, 800, 1280]) {
    it(`does not scroll sideways at ${width} px, every finding open, and shows the verdict column`, async () => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(pathToFileURL(widthsCertificate()).href);
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
      // No word broken inside: only a token wider than its line breaks.
      expect(await page.evaluate(brokenWords), `words broken at ${width} px`).toEqual([]);
      // The failed MUSTs lead, on the first screen, each linked to its findings.
      const lead = page.locator('#lead li[data-lead="OS-4"] a');
      expect((await lead.boundingBox())!.y + 20).toBeLessThanOrEqual(900);
      expect(await lead.getAttribute('href')).toBe('#req-OS-4');
      // And the certificate of a real fault run (NOT CERTIFIED, every table of a run), the same way.
      await page.goto(pathToFileURL(path.join(out, 'certification.html')).href);
      await page.evaluate(() => {
        for (const d of (globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ open: boolean }> } }).document.querySelectorAll(
          'details',
        ))
          d.open = true;
      });
      expect(await page.locator('#verdict').textContent()).toBe('NOT CERTIFIED');
      expect(await page.evaluate(brokenWords), `words broken at ${width} px in the fault run's certificate`).toEqual([]);
      await page.close();
    });
  }

  it('finds a word broken inside (the check itself), and lets a long URL or id break', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 400, height: 300 });
    // The layout that broke words: a column narrower than its header, overflow-wrap: anywhere.
    await page.setContent(
      '<table style="table-layout: fixed; width: 200px; overflow-wrap: anywhere; font: 14px sans-serif"><col style="width: 40px"><col>' +
        '<tr><th>Evidence</th><td>https://erp.test/api/v1/sales/1003/update-order-status?branch_id=1 deletedAddressIds</td></tr></table>',
    );
    const broken = await page.evaluate(brokenWords);
    expect(broken.map((b) => b.word)).toEqual(['Evidence']);
    expect(broken[0]!.lines).toBeGreaterThan(1);
    await page.close();
  });

  it('opens a NOT-CERTIFIED certificate with its failed MUSTs, each a link that leads to its findings', async () => {
    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(pathToFileURL(widthsCertificate()).href);
    const lines = page.locator('#lead li');
    expect(await lines.evaluateAll((list) => list.map((li) => (li as unknown as { dataset: { lead: string } }).dataset.lead))).toEqual([
      'OS-4',
      'CU-1',
      'AUTH-1',
      'RP-1',
    ]);
    // Above the run facts and every passing row.
    const leadY = (await page.locator('#lead').boundingBox())!.y;
    expect(leadY).toBeLessThan((await page.locator('#facts').boundingBox())!.y);
    expect(leadY).toBeLessThan((await page.locator('tr.status-passed').first().boundingBox())!.y);
    await page.locator('#lead li[data-lead="OS-4"] a').click();
    expect(page.url()).toMatch(/#req-OS-4$/);
    const finding = page.locator('#req-OS-4');
    const box = (await finding.boundingBox())!;
    // Scrolled to it: at the top of the window (within a pixel of rounding).
    expect(Math.abs(box.y)).toBeLessThan(2);
    await page.locator('#lead li[data-lead="RP-1"] a').click();
    expect((await page.locator('#row-RP-1').boundingBox())!.y).toBeLessThan(900);
    await page.close();
  });
});
