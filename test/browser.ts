// Debian's chromium driven by playwright-core (no browser download: `npx playwright install`
// cannot work here). playwright-core's launch gives every browser a fresh temporary
// --user-data-dir. Without chromium, vitest.config.ts leaves the browser tests out with a
// loud warning (or fails when LAPAK_REQUIRE_BROWSER=1, as .ci/run sets: CI never skips them).
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} not found: install Debian's chromium (apt-get install -y chromium); .ci/run does this`);
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** A phone: the viewport of a common cheap Android handset. */
export const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;
