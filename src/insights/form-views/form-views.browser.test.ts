// The form's view beacon in a real browser (Debian's chromium): opening the form page sends
// exactly one beacon, counted with the page URL's utm values; embedded on a seller's page, with
// the parent page's utm values (the embed script hands them over); the form's CSP lets it
// through (no violation, no console error). Filling the form sends no second one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from '../../../test/browser.js';
import { freePort } from '../../../test/server-ready.js';
import { startLandingPage, type LandingPage } from '../../../test/landing-page.js';
import { seedFormStore, seedKaos } from '../../../test/form-helpers.js';
import { json, startTestApp, type Store } from '../../../test/helpers.js';
import type { Product } from '../../products/product-record.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let browser: Browser;
let parent: LandingPage;
let formOrigin: string;
let store: Store;
let kaos: Product;
let snippet: string;

beforeAll(async () => {
  const port = await freePort();
  formOrigin = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { PUBLIC_URL: formOrigin } });
  await t.app.listen({ host: '127.0.0.1', port });
  store = await seedFormStore(t.ctx);
  kaos = await seedKaos(t.ctx, store.tenantId);
  const embed = await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${kaos.id}`, headers: { 'x-api-key': store.keys.reader! } });
  snippet = json(embed).embed.iframe;
  // The seller's landing page, on another origin.
  parent = await startLandingPage(() => `<!doctype html><html><head><title>Landing</title></head><body><h1>Promo</h1>${snippet}</body></html>`);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await parent?.close();
  await t?.drop();
});

interface Watched {
  page: Page;
  beacons: string[];
  violations: string[];
  errors: string[];
}

async function watchedPage(): Promise<Watched> {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const watched: Watched = { page, beacons: [], violations: [], errors: [] };
  await page.exposeFunction('reportViolation', (text: string) => watched.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/view')) watched.beacons.push(request.url());
  });
  page.on('console', (message) => message.type() === 'error' && watched.errors.push(message.text()));
  page.on('pageerror', (error) => watched.errors.push(error.message));
  return watched;
}

async function views() {
  await t.ctx.formViews.counter.flush();
  const rows = await t.ctx.db.selectFrom('form_views').select(['product_id', 'utm_source', 'utm_campaign', 'views']).where('tenant_id', '=', store.tenantId).execute();
  await t.ctx.db.deleteFrom('form_views').execute();
  return rows.map((r) => ({ ...r, product_id: Number(r.product_id), views: Number(r.views) }));
}

describe('the form page\'s view beacon', () => {
  it('opening the form sends exactly one beacon, counted with the page URL\'s utm values; the CSP lets it through', async () => {
    await views();
    const w = await watchedPage();
    const response = await w.page.goto(`${formOrigin}/form/${store.tenantId}/${kaos.slug}?utm_source=facebook&utm_campaign=promo-gajian&fbclid=abc`);
    expect(response?.headers()['content-security-policy']).toContain("connect-src 'self'");
    await expect.poll(() => w.beacons.length).toBe(1);
    // Using the form sends no other.
    await w.page.fill('#f-name', 'Siti Aminah');
    await w.page.selectOption('#f-province', 'Jawa Barat');
    await w.page.waitForTimeout(500);
    expect(w.beacons).toHaveLength(1);
    expect(w.beacons[0]).toBe(`${formOrigin}/form/${store.tenantId}/${kaos.slug}/view`);
    await expect.poll(views).toEqual([{ product_id: kaos.id, utm_source: 'facebook', utm_campaign: 'promo-gajian', views: 1 }]);
    expect(w.violations).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.page.context().close();
  });

  it('embedded on a seller\'s page: one beacon, with the utm values the embed script passes on from the parent page', async () => {
    await views();
    const w = await watchedPage();
    await w.page.goto(`${parent.url}/promo?utm_source=tiktok&utm_campaign=flash-sale`);
    const frame = (await (await w.page.waitForSelector(`#lapak-form-${kaos.id}`)).contentFrame())!;
    await frame.waitForSelector('form.lf-card');
    await expect.poll(() => w.beacons.length).toBe(1);
    await w.page.waitForTimeout(3_500);
    expect(w.beacons).toHaveLength(1);
    await expect.poll(views).toEqual([{ product_id: kaos.id, utm_source: 'tiktok', utm_campaign: 'flash-sale', views: 1 }]);
    expect(w.violations).toEqual([]);
    expect(w.errors).toEqual([]);
    await w.page.context().close();
  });
});
