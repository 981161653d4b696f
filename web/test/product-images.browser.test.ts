// Product images as a seller uses them in the product editor, in Debian's chromium on the real
// server, on a phone: upload two through the file picker, see the thumbnails, move one
// forward, see the server's own text for a file that is not an image, delete one after the
// confirmation, and see the image on the product's order form (loaded, as WebP). The editor
// passes axe and fits 360 px; a CS member sees the images without the buttons.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedProduct } from '../../test/helpers.js';
import { RATES } from '../../test/form-helpers.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { updateStoreSettings } from '../../src/tenants/update-store-settings.js';
import { seedMember } from '../../test/dashboard-helpers.js';
import { account, AXE_TAGS, currentStoreId, signUp, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
let page: Page;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-upload-'));
// Pictures for a person to look at: a temporary folder (the lead's screenshot run may move them to docs/screenshots/).
const SHOTS = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-image-shots-'));
const owner = account({ storeName: 'Toko Kopi Sari', name: 'Sari Wulandari' });

async function file(name: string, colour: string, width: number, height: number): Promise<string> {
  const target = path.join(dir, name);
  fs.writeFileSync(target, await sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer());
  return target;
}

beforeAll(async () => {
  d = await startDashboard();
  page = await (await d.context()).newPage();
});

afterAll(async () => {
  await d?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const images = () => page.getByRole('region', { name: 'Gambar produk' });
const thumbnails = () => images().getByRole('listitem').getByRole('img');
const loaded = (selector: string) =>
  page.$$eval(selector, (images) => (images as HTMLImageElement[]).map((img) => ({ complete: img.complete, width: img.naturalWidth, src: img.currentSrc })));

it('in the product editor: upload, reorder, a refusal, delete, and the image on the order form', async () => {
  await signUp(page, owner);
  const tenantId = await currentStoreId(page);
  const settings = await updateStoreSettings(d.t.ctx.db, d.t.ctx.clock, d.t.ctx.sealer, tenantId, { payment_methods: ['cod'], whatsapp_number: '0812-9999-0000' });
  expect(settings.ok).toBe(true);
  await d.t.ctx.db.transaction().execute((tx) => replaceRates(tx, tenantId, RATES));
  const product = await seedProduct(d.t.ctx, tenantId, { name: 'Kopi Gayo', price: 80000 });

  await page.goto(`/dashboard/products/${product.id}`);
  await expect.poll(() => page.getByRole('heading', { name: 'Gambar produk' }).count()).toBe(1);
  await expect.poll(() => page.getByText('Belum ada gambar.', { exact: false }).count()).toBe(1);

  // Two files picked at once, as from a phone's gallery.
  await page.getByTestId('product-image-input').setInputFiles([await file('merah.jpg', '#dc2626', 1600, 1200), await file('hijau.jpg', '#16a34a', 900, 900)]);
  await expect.poll(() => thumbnails().count()).toBe(2);
  await expect.poll(async () => (await loaded('[data-product-images] li img')).every((img) => img.complete && img.width > 0)).toBe(true);
  expect(await images().getByText('Gambar utama', { exact: true }).count()).toBe(1);
  const [red, green] = await page.$$eval('[data-product-images] li img', (images) => (images as HTMLImageElement[]).map((img) => img.getAttribute('src')));

  await images().getByRole('button', { name: 'Pindahkan gambar 2 ke depan' }).click();
  await expect.poll(() => page.$$eval('[data-product-images] li img', (images) => (images as HTMLImageElement[]).map((img) => img.getAttribute('src')))).toEqual([green, red]);

  // Bytes that are not an image, named and typed as one: the server's own text.
  const fake = path.join(dir, 'bukan-gambar.png');
  fs.writeFileSync(fake, '<!doctype html><script>alert(1)</script>');
  d.expectFailure('POST', `/dashboard/api/products/${product.id}/images`, 415);
  await page.getByTestId('product-image-input').setInputFiles(fake);
  await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Gambar harus berupa file JPEG, PNG, atau WebP.' }).count()).toBe(1);
  expect(await thumbnails().count()).toBe(2);

  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await images().screenshot({ path: path.join(SHOTS, 'dashboard-product-images-phone.png') });

  await images().getByRole('button', { name: 'Hapus gambar 2' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Hapus' }).click();
  await expect.poll(() => thumbnails().count()).toBe(1);
  expect(await page.$$eval('[data-product-images] li img', (images) => (images as HTMLImageElement[]).map((img) => img.getAttribute('src')))).toEqual([green]);

  // The order form shows the remaining image, loaded from the server as WebP.
  const form = await page.context().newPage();
  await form.goto(`/form/${tenantId}/${product.slug}`);
  const gallery = form.getByRole('group', { name: 'Gambar produk' });
  await gallery.scrollIntoViewIfNeeded();
  await expect.poll(async () => (await form.$$eval('.lf-gallery img', (images) => (images as HTMLImageElement[]).map((img) => img.complete && img.naturalWidth > 0))).join()).toBe('true');
  const shown = await form.$eval('.lf-gallery img', (img) => ({ src: (img as HTMLImageElement).currentSrc, alt: img.getAttribute('alt') }));
  expect(shown.src).toMatch(/\/images\/[A-Za-z0-9_-]{22}-\d+\.webp$/);
  expect(shown.alt).toBe('Kopi Gayo gambar 1');
  await form.screenshot({ path: path.join(SHOTS, 'form-with-image-phone.png') });

  // A CS member of the store sees the image and none of the buttons.
  const cs = await seedMember(d.t.ctx, tenantId, 'cs');
  const csContext = await d.context();
  await csContext.addCookies([{ name: 'lapak_session', value: cs.token, url: d.base }]);
  const csPage = await csContext.newPage();
  await csPage.goto(`/dashboard/products/${product.id}`);
  const csImages = csPage.getByRole('region', { name: 'Gambar produk' });
  await expect.poll(() => csImages.getByRole('listitem').getByRole('img', { name: 'Gambar 1' }).count()).toBe(1);
  expect(await csImages.getByRole('button').count()).toBe(0);
  expect(d.problems).toEqual([]);
});
