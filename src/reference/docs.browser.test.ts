// /docs and /openapi.json in real chromium with the network cut off: every request that
// does not go to this server is aborted (and recorded), and the page must still render the
// five operations and the webhook openapi/lapak.json documents (under OpenAPI 3.1 `webhooks`,
// which Swagger UI shows in its own section), on a phone and on a laptop, without a
// Content-Security-Policy violation.
// Screenshots go to docs/screenshots/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from '../../test/browser.js';
import { startTestApp } from '../../test/helpers.js';
import { freePort } from '../../test/server-ready.js';

// The pictures go to docs/screenshots/ only when asked (LAPAK_WRITE_SCREENSHOTS=1, as
// `npm run screenshots:dashboard` sets); a plain test run leaves the tree clean.
const SCREENSHOTS = process.env.LAPAK_WRITE_SCREENSHOTS === '1' ? new URL('../../docs/screenshots/', import.meta.url) : pathToFileURL(`${fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-docs-shots-'))}/`);
const OPERATIONS = ['getProductEmbed', 'duplicateProduct', 'getOrder', 'updateOrderStatus', 'lookupCustomer'];
/** The webhook's operation id and the event type Swagger UI shows in place of a path. */
const WEBHOOK = { id: 'orderStatusChanged', event: 'order.status_changed' };

let t: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { PUBLIC_URL: base } });
  await t.app.listen({ host: '127.0.0.1', port });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await t?.drop();
});

const LAPTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

describe.each([
  ['phone', PHONE, 'docs-360x740.png'],
  ['laptop', LAPTOP, 'docs-1280x800.png'],
] as const)('/docs on a %s, offline', (_label, device, screenshot) => {
  it('renders the five operations and the webhook from this server alone', async () => {
    const context = await browser.newContext(device);
    const outside: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${base}/`) || url.startsWith('data:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    const page = await context.newPage();
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const response = await page.goto(`${base}/docs`);
    expect(response?.status()).toBe(200);
    await page.locator('.opblock').first().waitFor();
    for (const id of OPERATIONS) {
      await expect.poll(() => page.locator(`[id$="${id}"]`).count(), { message: id }).toBeGreaterThan(0);
    }
    const webhook = page.locator(`[id$="webhooks-${WEBHOOK.id}"]`);
    await expect.poll(() => webhook.count(), { message: WEBHOOK.id }).toBe(1);
    expect(await webhook.locator('.opblock-summary').innerText()).toContain(WEBHOOK.event);
    expect(await page.locator('.opblock').count()).toBe(OPERATIONS.length + 1);
    expect(await page.locator('.opblock-summary-path').allInnerTexts()).toEqual(
      expect.arrayContaining(['/api/products.php', '/api/order_status.php', '/api/customer_lookup.php', WEBHOOK.event].map((p) => expect.stringContaining(p))),
    );

    // An operation opens with its curl example and without a "Try it out" button.
    await page.locator('.opblock-summary').filter({ hasText: 'Read one order' }).first().click().catch(async () => {
      await page.locator('.opblock-summary').nth(2).click();
    });
    // Swagger UI fills the opened block after it appears: wait for the example itself.
    await expect.poll(() => page.locator('.opblock-body').first().innerText()).toContain('curl -s');
    expect(await page.locator('.try-out__btn').count()).toBe(0);
    expect(await page.evaluate(() => Object.keys(localStorage).length)).toBe(0);

    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: new URL(screenshot, SCREENSHOTS).pathname, fullPage: false });

    const file = await page.goto(`${base}/openapi.json`);
    expect(file?.status()).toBe(200);
    expect(file?.headers()['content-type']).toBe('application/json; charset=utf-8');
    expect((JSON.parse(await file!.text()) as { openapi: string }).openapi).toBe('3.1.0');

    expect(outside, 'requests that left the server').toEqual([]);
    expect(violations, 'CSP violations').toEqual([]);
    expect(errors, 'page errors').toEqual([]);
    await context.close();
  });
});
