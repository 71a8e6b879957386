// The one way the tests open a real browser: headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core) with a throwaway profile, no sandbox, no GPU and nothing it would
// fetch on its own (no sync, updates or background requests), so a page's own requests are the
// only ones. A machine without it skips those tests with the title saying why (.ci/run installs it).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A describe title that says why it is skipped on a machine without Chromium. */
export const browserTitle = (title: string) =>
  HAVE_CHROMIUM ? title : `${title} (skipped: ${CHROMIUM} is absent; .ci/run installs it: apt-get install chromium)`;

export interface Browser {
  context: BrowserContext;
  /** Closes the browser and removes its profile. */
  close(): Promise<void>;
}

/** One browser for a file's tests (a launch costs seconds of CPU): pages open in its context at `viewport`. */
export async function launchChromium(viewport: { width: number; height: number }): Promise<Browser> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'erp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
