// The Transfer page in chromium on the real server: the owner turns the unique code on in the
// settings page (with the password again), two buyers order the same product at the same price through the real form,
// the owner uploads a KlikBCA statement that pays one of them, ticks and confirms, and exactly
// that order becomes paid.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUYER, RATES } from '../../test/form-helpers.js';
import { seedProduct } from '../../test/helpers.js';
import { formatTimestamp } from '../../src/lib/time.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { updateStoreSettings } from '../../src/tenants/update-store-settings.js';
import { account, currentStoreId, openSection, PHONE, signUp, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
beforeAll(async () => {
  d = await startDashboard();
});
afterAll(() => d?.close());

/** Orders through the store's real form page; returns the order number, total and unique code from the thank-you page. */
async function order(page: Page, formPath: string): Promise<{ id: number; total: string; code: string }> {
  await page.goto(formPath);
  for (const field of ['name', 'phone', 'email', 'address', 'village', 'district', 'city', 'postal_code'] as const) await page.fill(`#f-${field}`, BUYER[field]);
  await page.selectOption('#f-province', BUYER.province);
  await page.check('input[name=payment_method][value=bank_transfer]');
  await Promise.all([page.waitForURL(/terima-kasih/), page.click('.lf-submit')]);
  return {
    id: Number((await page.textContent('#lf-order-id'))!.replace('#', '')),
    total: (await page.textContent('#lf-total'))!,
    code: (await page.textContent('#lf-unique-code'))!,
  };
}

it('two transfer orders of one price; a statement pays one; exactly that order becomes paid', async () => {
  const owner = account({ storeName: 'Toko Transfer' });
  const context = await d.context(PHONE);
  const page = await context.newPage();
  await signUp(page, owner);
  const tenantId = await currentStoreId(page);
  const { ctx, clock } = d.t;
  const updated = await updateStoreSettings(ctx.db, clock, ctx.sealer, tenantId, {
    payment_methods: ['bank_transfer', 'cod'],
    bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Transfer' }],
  });
  expect(updated.ok).toBe(true);
  // The owner turns the unique code on where a seller does: the settings page, password again.
  await page.goto('/dashboard/settings');
  const uniqueCode = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Kode unik transfer' }) });
  await uniqueCode.getByLabel('Tambahkan kode unik 1–3 digit pada total pesanan transfer bank').check();
  await uniqueCode.getByRole('button', { name: 'Simpan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kata sandi').fill(owner.password);
  await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(async () => (await (await page.context().request.get('/dashboard/api/settings')).json()).unique_code).toBe(true);
  await ctx.db.transaction().execute((tx) => replaceRates(tx, tenantId, RATES));
  const mug = await seedProduct(ctx, tenantId, { name: 'Mug Keramik', price: 35_000 });

  const buyer = await d.context(PHONE);
  const buyerPage = await buyer.newPage();
  const first = await order(buyerPage, `/form/${tenantId}/${mug.slug}`);
  const second = await order(buyerPage, `/form/${tenantId}/${mug.slug}`);
  expect(first.total).not.toBe(second.total);
  expect(first.code).toMatch(/^Rp\d{1,3}$/);
  const rupiah = (text: string) => Number(text.replace(/\D/g, ''));
  // 35.000 + JNE REG to Jawa Barat (12.000) + the code.
  expect(rupiah(first.total)).toBe(35_000 + 12_000 + rupiah(first.code));

  const today = formatTimestamp(clock.now(), 'Asia/Jakarta').slice(0, 10);
  const [y, m, dd] = today.split('-');
  const statement = [
    'No. rekening : 1234567890',
    'Nama : TOKO TRANSFER',
    `Periode : 01/${m}/${y} - ${dd}/${m}/${y}`,
    'Kode Mata Uang : Rp',
    '',
    'Tanggal Transaksi,Keterangan,Cabang,Jumlah,,Saldo',
    `'${dd}/${m},TRSF E-BANKING CR SITI AMINAH,'0000,${rupiah(first.total)}.00,CR,${1_000_000 + rupiah(first.total)}.00`,
    `'${dd}/${m},BIAYA ADM,'0000,10000.00,DB,${990_000 + rupiah(first.total)}.00`,
    'Saldo Awal,:,1000000.00',
  ].join('\n');

  await page.goto('/dashboard/');
  await openSection(page, 'Transfer');
  // The page says what the unique code does for matching, that it is on, and leads to its switch (issue 30, point 14).
  const code = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Kode unik transfer' }) });
  await expect.poll(() => code.getByText('Aktif di toko ini').count()).toBe(1);
  expect(await code.textContent()).toContain('dua pesanan dengan harga yang sama meminta nominal yang berbeda');
  expect(await code.getByRole('link', { name: 'Atur kode unik di Pengaturan' }).getAttribute('href')).toBe('/dashboard/settings#unique-code');
  await page.getByLabel('File mutasi (CSV)').setInputFiles({ name: 'mutasi.csv', mimeType: 'text/csv', buffer: Buffer.from(statement) });
  await page.getByLabel('Format').selectOption('bca');
  await page.getByRole('button', { name: 'Cocokkan' }).click();
  const matches = page.getByRole('region', { name: 'Cocok' });
  await expect.poll(() => matches.getByRole('heading', { name: `Pesanan #${first.id}` }).count()).toBe(1);
  expect(await matches.getByText(`Pesanan #${second.id}`).count()).toBe(0);
  expect(await page.getByLabel(`Tandai pesanan #${first.id} dibayar`).isChecked()).toBe(true);
  await page.getByRole('button', { name: 'Konfirmasi 1 pembayaran' }).click();
  const results = page.getByRole('region', { name: 'Hasil konfirmasi' });
  await expect.poll(() => results.getByText('Dibayar').count()).toBe(1);
  expect(await results.getByRole('heading').allTextContents()).toEqual(['Hasil konfirmasi', `Pesanan #${first.id}`]);

  const statuses = await ctx.db.selectFrom('orders').select(['id', 'status']).where('tenant_id', '=', tenantId).orderBy('id').execute();
  expect(statuses).toEqual([{ id: first.id, status: 'paid' }, { id: second.id, status: 'pending' }]);
  await context.close();
  await buyer.close();
  expect(d.problems).toEqual([]);
});
