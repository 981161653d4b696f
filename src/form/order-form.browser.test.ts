// The whole path in a real browser (Debian's chromium): a seller's landing page on another
// origin embeds the snippet from the embed operation; a buyer on a phone picks a variant of a
// two-dimension product, fills the form and orders; the order reads back through the API
// with its ad parameters; a Midtrans notification then moves it to closing.
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, PHONE } from '../../test/browser.js';
import { freePort } from '../../test/server-ready.js';
import { startLandingPage, type LandingPage } from '../../test/landing-page.js';
import { BUYER, seedFormStore, seedKaos } from '../../test/form-helpers.js';
import { startGatewayStandIn, type GatewayStandIn } from '../../test/gateway-stand-in.js';
import { json, startTestApp, type Store } from '../../test/helpers.js';
import { midtransNotification } from '../../test/payment-notifications.js';
import type { Product } from '../products/product-record.js';
import { FIELD_ERRORS } from './messages.js';

const MIDTRANS_KEY = 'SB-Mid-server-browser-test-0123456789';
const TIKTOK_PIXEL = 'C4ABCDEF1234567890AB';

let t: Awaited<ReturnType<typeof startTestApp>>;
let gateway: GatewayStandIn;
let browser: Browser;
let parent: LandingPage;
let parentUrl: string;
let store: Store;
let kaos: Product;
let snippet: { iframe: string; iframe_with_pixel: string };

beforeAll(async () => {
  gateway = await startGatewayStandIn();
  const port = await freePort();
  // The form's origin: http://127.0.0.1:PORT. The landing page's: http://localhost:OTHER.
  t = await startTestApp({ env: { PUBLIC_URL: `http://127.0.0.1:${port}`, MIDTRANS_BASE_URL: gateway.url } });
  await t.app.listen({ host: '127.0.0.1', port });
  store = await seedFormStore(t.ctx, { payment_methods: ['bank_transfer', 'gateway'], gateway: 'midtrans', midtrans_server_key: MIDTRANS_KEY });
  kaos = await seedKaos(t.ctx, store.tenantId, { tiktok_pixel_id: TIKTOK_PIXEL });
  const embed = await t.request({ method: 'GET', url: `/api/products.php?action=embed&id=${kaos.id}`, headers: { 'x-api-key': store.keys.reader! } });
  snippet = json(embed).embed;

  parent = await startLandingPage((path) => {
    const markup = path.startsWith('/pixel') ? snippet.iframe_with_pixel : snippet.iframe;
    return `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><title>Landing</title></head><body style="margin:0"><h1 style="height:300px">Promo Kaos Polos</h1>${markup}<footer id="after">Kontak</footer></body></html>`;
  });
  parentUrl = parent.url;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await parent?.close();
  await t?.drop();
  await gateway?.close();
});

async function openLanding(path: string): Promise<{ page: Page; form: Frame }> {
  const context = await browser.newContext(PHONE);
  // The pixel scripts would come from the internet: answer them locally, empty, so the
  // standard fbq/dataLayer queues keep what was reported.
  await context.route(/connect\.facebook\.net|googletagmanager\.com|analytics\.tiktok\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
  const page = await context.newPage();
  await page.goto(`${parentUrl}${path}`);
  const handle = await page.waitForSelector(`#lapak-form-${kaos.id}`);
  const form = (await handle.contentFrame())!;
  await form.waitForSelector('form.lf-card');
  return { page, form };
}

const frameHeight = (page: Page) => page.$eval(`#lapak-form-${kaos.id}`, (el) => el.getBoundingClientRect().height);
const contentHeight = (form: Frame) => form.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));

async function fillBuyer(form: Frame, overrides: Partial<typeof BUYER> = {}) {
  const buyer = { ...BUYER, ...overrides };
  for (const field of ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'postal_code'] as const) {
    await form.fill(`#f-${field}`, buyer[field]);
  }
  await form.selectOption('#f-province', buyer.province);
}

const orderRows = () => t.ctx.db.selectFrom('orders').selectAll().where('tenant_id', '=', store.tenantId).orderBy('id').execute();

describe('the embedded order form in chromium', () => {
  it('grows the iframe, prices the chosen variant, shows field errors without saving, places the order, and a payment closes it', async () => {
    const { page, form } = await openLanding('/pixel/promo?utm_source=ig&fbclid=abc');

    // The iframe grows to the form's content (far taller than its 480 px minimum on a phone).
    await page.waitForFunction((id) => document.getElementById(id)!.getBoundingClientRect().height > 1000, `lapak-form-${kaos.id}`);
    expect(Math.abs((await frameHeight(page)) - (await contentHeight(form)))).toBeLessThanOrEqual(2);
    // The landing page's ad parameters reached the form.
    expect(await form.inputValue('input[name=utm_source]')).toBe('ig');
    expect(await form.inputValue('input[name=fbclid]')).toBe('abc');

    // Pick Putih / XL: 62.000 (struck through 80.000); quantity 2; Jawa Barat by JNE REG 12.000.
    expect(await form.textContent('#lf-unit')).toBe('Rp50.000');
    await form.click('label.lf-chip:has-text("Putih")');
    await form.click('label.lf-chip:has-text("XL")');
    expect(await form.textContent('#lf-unit')).toBe('Rp62.000');
    expect(await form.textContent('#lf-compare')).toBe('Rp80.000');
    await form.click('label.lf-chip:has-text("L") >> nth=0');
    expect(await form.textContent('#lf-unit')).toBe('Rp57.000');
    expect(await form.isHidden('#lf-compare')).toBe(true);
    await form.click('label.lf-chip:has-text("XL")');
    await form.fill('#f-quantity', '2');

    // Invalid phone and postal code: the messages show beside the fields and nothing is saved.
    await fillBuyer(form, { phone: '12345', postal_code: '401' });
    expect(await form.textContent('#lf-total')).toBe('Rp136.000');
    await Promise.all([form.waitForNavigation(), form.click('.lf-submit')]);
    expect(await form.textContent('#e-phone')).toBe(FIELD_ERRORS.phone);
    expect(await form.textContent('#e-postal_code')).toBe(FIELD_ERRORS.postal_code);
    expect(await orderRows()).toHaveLength(0);
    // The form came back as it was, the ad parameters still in it; the iframe fits again.
    expect(await form.inputValue('#f-name')).toBe(BUYER.name);
    expect(await form.isChecked('input[name=v1][value="2"]')).toBe(true);
    expect(await form.inputValue('input[name=utm_source]')).toBe('ig');

    await form.fill('#f-phone', '0812 3456 7890');
    await form.fill('#f-postal_code', '40123');
    await form.check('input[name=payment_method][value=midtrans]');
    expect(await form.textContent('#lf-total')).toBe('Rp136.000');
    await Promise.all([form.waitForNavigation(), form.click('.lf-submit')]);
    await form.waitForSelector('#lf-order-id');

    const rows = await orderRows();
    expect(rows).toHaveLength(1);
    const orderId = rows[0]!.id;
    expect(await form.textContent('#lf-order-id')).toBe(`#${orderId}`);
    expect(await form.getAttribute('a.lf-pay', 'href')).toMatch(new RegExp(`^${gateway.url}/snap/v4/redirection/`));
    expect(JSON.parse(rows[0]!.ad_params)).toEqual({ utm_source: 'ig', fbclid: 'abc' });

    // The order reads back through the API.
    const read = json(await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}`, headers: { 'x-api-key': store.keys.reader! } }));
    expect(read.order).toMatchObject({
      status: 'pending', product: 'Kaos Polos', variant: 'Putih / XL', quantity: 2, total: 136000, shipping_fee: 12000,
      courier: 'JNE REG', payment_method: 'midtrans', customer: { ...BUYER, phone: '6281234567890' },
    });

    // The pixel: PageView on the landing page, Lead with the order's value once placed.
    await page.waitForFunction(() => ((window as unknown as { fbq?: { queue: unknown[] } }).fbq?.queue.length ?? 0) >= 3);
    const fbq = await page.evaluate(() => (window as unknown as { fbq: { queue: ArrayLike<unknown>[] } }).fbq.queue.map((args) => Array.from(args)));
    expect(fbq).toEqual([['init', '123456789012345'], ['track', 'PageView'], ['track', 'Lead', { value: 136000, currency: 'IDR' }]]);
    const dataLayer = await page.evaluate(() => (window as unknown as { dataLayer: Array<Record<string, unknown>> }).dataLayer.map((e) => e.event));
    expect(dataLayer).toEqual(['gtm.js', 'lapak_form_view', 'lapak_lead']);
    // TikTok's pixel: registered as its base code's load does, a page view, and SubmitForm once placed.
    const ttq = await page.evaluate(() => {
      const q = (window as unknown as { ttq: unknown[][] & { _i: Record<string, unknown> } }).ttq;
      return { calls: Array.from(q, (args) => Array.from(args)), pixels: Object.keys(q._i) };
    });
    expect(ttq).toEqual({ pixels: [TIKTOK_PIXEL], calls: [['page'], ['track', 'SubmitForm', { value: 136000, currency: 'IDR' }]] });
    expect(await page.evaluate(() => Array.from(document.scripts, (s) => s.src).filter((src) => src.includes('analytics.tiktok.com')))).toEqual([
      `https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=${TIKTOK_PIXEL}&lib=ttq`,
    ]);

    // The gateway confirms the payment: closing, with one event.
    const notification = midtransNotification(MIDTRANS_KEY, { order_id: `lapak-${store.tenantId}-${orderId}`, gross_amount: '136000.00' });
    const res = await fetch(`http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/payments/midtrans/notification`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(notification),
    });
    expect(res.status).toBe(200);
    const after = json(await t.request({ method: 'GET', url: `/api/order_status.php?id=${orderId}`, headers: { 'x-api-key': store.keys.reader! } }));
    expect(after.order.status).toBe('closing');
    expect(await t.ctx.db.selectFrom('events').select('id').where('order_id', '=', orderId).execute()).toHaveLength(1);
    await page.context().close();
  });

  it('the plain snippet loads no pixel, and the embed script ignores messages that are not from its iframe', async () => {
    const { page, form } = await openLanding('/plain?gclid=g-1&utm_medium=cpc&other=x');
    await page.waitForFunction((id) => document.getElementById(id)!.getBoundingClientRect().height > 1000, `lapak-form-${kaos.id}`);
    expect(await form.inputValue('input[name=gclid]')).toBe('g-1');
    expect(await form.inputValue('input[name=utm_medium]')).toBe('cpc');
    expect(await form.$('input[name=other]')).toBeNull();
    expect(await page.evaluate(() => 'fbq' in window || 'dataLayer' in window || 'ttq' in window)).toBe(false);
    // A height message from the landing page itself (not the iframe, not its origin) changes nothing.
    const before = await frameHeight(page);
    await page.evaluate(() => window.postMessage({ lapak: 1, type: 'height', height: 123 }, '*'));
    await page.waitForTimeout(100);
    expect(await frameHeight(page)).toBe(before);
    await page.context().close();
  });

  it('after a refused submit, a message goes away as soon as its field is valid by the server\'s rule, and comes back when it is not', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(snippet.iframe.match(/src="([^"]+)"/)![1]!);
    const form = page.mainFrame();
    await fillBuyer(form, { phone: '12345', postal_code: '128', email: 'siti@' });
    await form.selectOption('#f-province', '');
    await Promise.all([page.waitForNavigation(), page.click('.lf-submit')]);
    const refused = ['phone', 'postal_code', 'province', 'email'];
    for (const field of refused) expect(await form.isVisible(`#e-${field}`), field).toBe(true);
    const state = (field: string) =>
      form.evaluate((name) => {
        const p = document.getElementById(`e-${name}`)!;
        const control = document.getElementById(`f-${name}`)!;
        return { shown: !p.hidden, boxInvalid: p.parentElement!.classList.contains('lf-invalid'), ariaInvalid: control.getAttribute('aria-invalid'), describedBy: control.getAttribute('aria-describedby') };
      }, field);

    // "12810" is a postal code: its message goes at once, the others stay.
    await form.fill('#f-postal_code', '1281');
    expect((await state('postal_code')).shown).toBe(true);
    await form.fill('#f-postal_code', '12810');
    expect(await state('postal_code')).toEqual({ shown: false, boxInvalid: false, ariaInvalid: null, describedBy: null });
    expect((await state('phone')).shown).toBe(true);
    expect((await state('province')).shown).toBe(true);

    await form.selectOption('#f-province', 'DKI Jakarta');
    expect((await state('province')).shown).toBe(false);
    // An emptied optional email is valid; a number in any written form the server reads is valid.
    await form.fill('#f-email', '');
    expect((await state('email')).shown).toBe(false);
    await form.fill('#f-phone', '+62 812.3456.7890');
    expect((await state('phone')).shown).toBe(false);
    // Broken again: the message and the marks come back.
    await form.fill('#f-phone', '0812');
    expect(await state('phone')).toEqual({ shown: true, boxInvalid: true, ariaInvalid: 'true', describedBy: 'e-phone' });
    await form.fill('#f-phone', BUYER.phone);

    // Every field the page hid a message for is one the server now takes: the order is placed.
    const before = (await orderRows()).length;
    await Promise.all([page.waitForNavigation(), page.click('.lf-submit')]);
    expect(await page.textContent('h1')).toBe('Terima kasih, pesanan diterima!');
    expect(await orderRows()).toHaveLength(before + 1);
    await context.close();
  });

  it('works without JavaScript: a plain POST from the form page places the order', async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${snippet.iframe.match(/src="([^"]+)"/)![1]}?utm_campaign=nojs`);
    await fillBuyer(page.mainFrame(), { province: 'Bali' });
    await Promise.all([page.waitForNavigation(), page.click('.lf-submit')]);
    expect(await page.textContent('h1')).toBe('Terima kasih, pesanan diterima!');
    const last = (await orderRows()).at(-1)!;
    expect(last).toMatchObject({ variant: 'Hitam / M', quantity: 1, total: 50000 + 30000, payment_method: 'bank_transfer' });
    expect(JSON.parse(last.ad_params)).toEqual({ utm_campaign: 'nojs' });
    await context.close();
  });
});
