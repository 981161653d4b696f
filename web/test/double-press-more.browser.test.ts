// Issue 40 §1, the rest of "a double click on each creating button" (double-press.browser.test.ts
// has the first ones), in chromium on the real server on a 360×740 phone, as a person uses each
// button: a very fast double click creates one thing. A webhook endpoint, a product's image, a
// note on an order, a follow-up press (one history entry, one tab, on wa.me), a new store, the
// CSV import's "Terapkan" and the transfers' "Konfirmasi". Where it matters, also the harshest
// double press: two clicks in one task, before React can draw the button busy. Each new state is
// checked with axe (WCAG 2.2 AA) and the 44 px targets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatTimestamp } from '../../src/lib/time.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { seedOrder } from '../../test/helpers.js';
import { account, checkPage, PHONE, startDashboard, loggedInPhone, postJson, requestsTo, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Dobel Lagi', name: 'Sari Dobel' });
let tenantId: number;
let userId: number;
let kaos: number;

type Counted = 'webhook_endpoints' | 'product_images' | 'order_notes' | 'transfer_applied_lines';
const count = async (table: Counted) =>
  Number((await d.t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).n);

const history = (orderId: number, field: string) =>
  d.t.ctx.db.selectFrom('order_history').select(['old_value', 'new_value']).where('tenant_id', '=', tenantId).where('order_id', '=', orderId).where('field', '=', field).execute();

const order = (extra: Record<string, unknown> = {}) => seedOrder({ db: d.t.ctx.db, clock: d.t.clock }, tenantId, { product_id: kaos, variant: '', courier: 'JNE REG', ...extra });

beforeAll(async () => {
  // The endpoint's address is checked to be public unless private ones are allowed (no DNS here).
  d = await startDashboard({ WEBHOOK_ALLOW_PRIVATE: '1' });
  const context = await d.context();
  const r = context.request;
  await postJson(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  const me = (await (await r.get('/dashboard/api/me')).json()) as { store: { id: number }; user: { id: number } };
  tenantId = me.store.id;
  userId = me.user.id;
  kaos = (await postJson(r, '/api/products.php', { name: 'Kaos Polos', price: 75000 })).id;
  await d.t.ctx.db.transaction().execute((tx) => replaceRates(tx, tenantId, [{ courier: 'JNE REG', province: '*', fee: 18000 }]));
  await context.close();
});

afterAll(() => d?.close());

/** Lets a second request, had the double click sent one, reach the server and the page. */
const settle = (page: Page) => page.waitForTimeout(400);

it('a double click on "Tambah endpoint" adds one webhook endpoint and shows its secret once', async () => {
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto('/dashboard/webhooks');
  await page.getByRole('button', { name: 'Tambah endpoint' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('URL (https)').fill('http://127.0.0.1:9/lapak');
  await dialog.getByLabel('Keterangan').fill('CRM dobel');
  const before = await count('webhook_endpoints');
  const sent = requestsTo(page, 'POST', '/dashboard/api/webhooks');
  await dialog.getByRole('button', { name: 'Tambah endpoint' }).dblclick();
  await dialog.getByRole('textbox', { name: 'Rahasia penandatanganan' }).waitFor();
  await settle(page);
  expect(sent()).toBe(1);
  expect(await count('webhook_endpoints')).toBe(before + 1);
  await checkPage(page, 'webhook-added-double-click', 'phone');
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'CRM dobel' }).count()).toBe(1);
  await context.close();
});

it('a double click on "Tambah gambar" opens one picker, and the picked image is uploaded once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-double-image-'));
  const file = path.join(dir, 'kaos.jpg');
  fs.writeFileSync(file, await sharp({ create: { width: 800, height: 800, channels: 3, background: '#2563eb' } }).jpeg().toBuffer());
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto(`/dashboard/products/${kaos}`);
  const images = page.locator('[data-product-images]');
  await expect.poll(() => images.getByText('Belum ada gambar', { exact: false }).count()).toBeGreaterThan(0);
  const choosers: FileChooser[] = [];
  page.on('filechooser', (chooser) => choosers.push(chooser));
  const before = await count('product_images');
  const sent = requestsTo(page, 'POST', `/dashboard/api/products/${kaos}/images`);
  await images.getByRole('button', { name: 'Tambah gambar' }).dblclick();
  await expect.poll(() => choosers.length).toBeGreaterThan(0);
  // The person picks the photo in the picker that opened.
  await choosers[0]!.setFiles(file);
  await expect.poll(() => images.getByRole('img').count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(1);
  expect(await count('product_images')).toBe(before + 1);
  await checkPage(page, 'product-image-double-click', 'phone');
  await context.close();
});

it('a double click on "Tambah catatan" adds one note', async () => {
  const { id } = await order();
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto(`/dashboard/orders/${id}`);
  await page.getByLabel('Catatan baru').fill('Pembeli minta dikirim sore.');
  const before = await count('order_notes');
  const sent = requestsTo(page, 'POST', `/dashboard/api/orders/${id}/notes`);
  await page.getByRole('button', { name: 'Tambah catatan' }).dblclick();
  await expect.poll(() => page.getByText('Pembeli minta dikirim sore.').count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(1);
  expect(await count('order_notes')).toBe(before + 1);
  expect(await page.getByLabel('Catatan baru').inputValue()).toBe('');

  // The harshest double press, both clicks in one task before React draws the button busy: the
  // mutation's own once-guard (use-once-mutation.ts) drops the second.
  await page.getByLabel('Catatan baru').fill('Sudah dikonfirmasi lewat WA.');
  await page.getByRole('button', { name: 'Tambah catatan' }).evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect.poll(() => page.getByText('Sudah dikonfirmasi lewat WA.').count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(2);
  expect(await count('order_notes')).toBe(before + 2);
  await checkPage(page, 'order-note-double-click', 'phone');
  await context.close();
});

it('a double click on a follow-up step records one press and opens one tab, on wa.me', async () => {
  const { id } = await order({ customer: { name: 'Rina Dobel', phone: '081298765432', email: null, address: 'Jl. Kenanga No. 7', village: 'Sukajadi', district: 'Sukasari', city: 'Bandung', province: 'Jawa Barat', postal_code: '40162' } });
  const { context, page } = await loggedInPhone(d, owner);
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>WhatsApp</p>' }));
  await page.goto(`/dashboard/orders/${id}`);
  const fu1 = page.getByRole('button', { name: 'FU1 — pengingat pertama' });
  await expect.poll(() => fu1.textContent()).toContain('Kak Rina Dobel');
  const tabs: Page[] = [];
  context.on('page', (tab) => tabs.push(tab));
  const sent = requestsTo(page, 'POST', `/dashboard/api/orders/${id}/follow-ups`);
  await fu1.dblclick();
  await expect.poll(() => tabs.length).toBeGreaterThan(0);
  await tabs[0]!.waitForURL(/^https:\/\/wa\.me\//);
  await expect.poll(() => page.getByTestId('follow-up-summary').textContent()).toMatch(/^1× follow-up · terakhir FU1, /);
  await settle(page);
  expect(sent()).toBe(1);
  expect(tabs.length).toBe(1);
  expect(new URL(tabs[0]!.url()).pathname).toBe('/6281298765432');
  expect(await history(id, 'follow_up')).toHaveLength(1);
  await tabs[0]!.close();
  await checkPage(page, 'order-follow-up-double-click', 'phone');
  await context.close();
});

it('two presses of a step in one task, before the page can draw it busy, still record one press and open one tab', async () => {
  const { id } = await order();
  const { context, page } = await loggedInPhone(d, owner);
  await context.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>WhatsApp</title><p>WhatsApp</p>' }));
  await page.goto(`/dashboard/orders/${id}`);
  const fu1 = page.getByRole('button', { name: 'FU1 — pengingat pertama' });
  await fu1.waitFor();
  const tabs: Page[] = [];
  context.on('page', (tab) => tabs.push(tab));
  const sent = requestsTo(page, 'POST', `/dashboard/api/orders/${id}/follow-ups`);
  // The harshest double press: the second click comes before React has drawn the first one.
  await fu1.evaluate((button: HTMLButtonElement) => {
    button.click();
    button.click();
  });
  await expect.poll(() => tabs.length).toBeGreaterThan(0);
  await tabs[0]!.waitForURL(/^https:\/\/wa\.me\//);
  await expect.poll(() => page.getByTestId('follow-up-summary').textContent()).toMatch(/^1× follow-up · terakhir FU1, /);
  await settle(page);
  expect(sent()).toBe(1);
  expect(tabs.map((tab) => new URL(tab.url()).host)).toEqual(['wa.me']);
  expect(await history(id, 'follow_up')).toHaveLength(1);
  await context.close();
});

it('a double click on "Buat toko" (the store menu\'s "Buat toko baru") creates one store and enters it', async () => {
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto('/dashboard/');
  await page.getByRole('button', { name: `Ganti toko: ${owner.storeName}` }).click();
  await page.getByRole('menuitem', { name: '+ Buat toko baru' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buat toko baru' });
  await dialog.getByLabel('Nama toko').fill('Toko Dobel Uji');
  const stores = () => d.t.ctx.db.selectFrom('memberships').innerJoin('tenants', 'tenants.id', 'memberships.tenant_id').select('tenants.name').where('memberships.user_id', '=', userId).execute();
  const before = (await stores()).length;
  const sent = requestsTo(page, 'POST', '/dashboard/api/stores');
  await dialog.getByRole('button', { name: 'Buat toko' }).dblclick();
  await expect.poll(() => page.getByRole('button', { name: 'Ganti toko: Toko Dobel Uji' }).count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(1);
  const after = await stores();
  expect(after).toHaveLength(before + 1);
  expect(after.filter((store) => store.name === 'Toko Dobel Uji')).toHaveLength(1);
  await checkPage(page, 'store-created-double-click', 'phone');
  await context.close();
});

it('the CSV import on a phone: a double click on "Periksa file" checks once, on "Terapkan" applies once', async () => {
  const { id } = await order();
  await d.t.ctx.db.updateTable('orders').set({ status: 'paid' }).where('tenant_id', '=', tenantId).where('id', '=', id).execute();
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto('/dashboard/orders');
  await page.getByRole('button', { name: 'Lainnya' }).click();
  await page.getByRole('button', { name: 'Impor CSV' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('File CSV').setInputFiles({ name: 'resi.csv', mimeType: 'text/csv', buffer: Buffer.from(`order;resi;status\n${id};JNE 555 1;Dikirim\n`) });
  const sent = requestsTo(page, 'POST', '/dashboard/api/orders/import');
  await dialog.getByRole('button', { name: 'Periksa file' }).dblclick();
  await expect.poll(() => dialog.getByTestId('import-lines').getByRole('listitem').count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(1);
  await dialog.getByRole('button', { name: 'Terapkan' }).dblclick();
  await expect.poll(() => dialog.getByRole('button', { name: 'Tutup' }).count()).toBe(1);
  await settle(page);
  expect(sent()).toBe(2);
  expect(await history(id, 'status')).toEqual([{ old_value: 'paid', new_value: 'shipped' }]);
  expect(await history(id, 'resi')).toHaveLength(1);
  await checkPage(page, 'import-applied-double-click', 'phone');
  await context.close();
});

it('transfers: a double click on "Cocokkan" reads once, on "Konfirmasi" marks the order paid once', async () => {
  // A bank-transfer order of a total no other open order has.
  const { id } = await order({ quantity: 3, shipping_fee: 12345 });
  const total = Number((await d.t.ctx.db.selectFrom('orders').select('total').where('id', '=', id).executeTakeFirstOrThrow()).total);
  const today = formatTimestamp(d.t.clock.now(), 'Asia/Jakarta').slice(0, 10);
  const [y, m, dd] = today.split('-');
  const statement = [
    'No. rekening : 1234567890',
    'Nama : TOKO DOBEL',
    `Periode : 01/${m}/${y} - ${dd}/${m}/${y}`,
    'Kode Mata Uang : Rp',
    '',
    'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo',
    `'${dd}/${m},TRSF E-BANKING CR RINA,'0000,${total}.00,CR,${1_000_000 + total}.00`,
    'Saldo Awal,:,1000000.00',
  ].join('\n');
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto('/dashboard/transfers');
  await page.getByLabel('File mutasi (CSV)').setInputFiles({ name: 'mutasi.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await page.getByLabel('Format').selectOption('bca');
  const read = requestsTo(page, 'POST', '/dashboard/api/transfers/statements');
  const confirmed = requestsTo(page, 'POST', '/dashboard/api/transfers/confirm');
  await page.getByRole('button', { name: 'Cocokkan' }).dblclick();
  const matches = page.getByRole('region', { name: 'Cocok' });
  await expect.poll(() => matches.getByRole('heading', { name: `Pesanan #${id}` }).count()).toBe(1);
  await settle(page);
  expect(read()).toBe(1);
  const before = await count('transfer_applied_lines');
  await page.getByRole('button', { name: 'Konfirmasi 1 pembayaran' }).dblclick();
  const results = page.getByRole('region', { name: 'Hasil konfirmasi' });
  await expect.poll(() => results.getByText('Dibayar').count()).toBe(1);
  await settle(page);
  expect(confirmed()).toBe(1);
  expect(await results.getByRole('heading').allTextContents()).toEqual(['Hasil konfirmasi', `Pesanan #${id}`]);
  expect(await count('transfer_applied_lines')).toBe(before + 1);
  expect(await history(id, 'status')).toEqual([{ old_value: 'pending', new_value: 'paid' }]);
  await checkPage(page, 'transfers-confirmed-double-click', 'phone');
  await context.close();
});

it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request', () => {
  expect(d.problems).toEqual([]);
});
