// The settings page as an owner uses it, on a 360 px phone in Debian's chromium on the real
// server: shipping rates and payment methods set from the page show on the order form of a
// product; a bank account is saved only after the password is entered again (a wrong one is
// refused in the dialog), and the change shows in the audit log without its value.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProduct } from '../../test/helpers.js';
import { account, currentStoreId, cutOff, signUp, smallTargets, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
let page: Page;
const owner = account({ storeName: 'Toko Setelan Sari', name: 'Sari Pengatur' });
let formUrl: string;

beforeAll(async () => {
  d = await startDashboard();
  page = await (await d.context()).newPage();
});

afterAll(async () => {
  await d?.close();
});

// Exact: "Pesan" is also the start of other sections' titles ("Pesanan beruntun").
const section = (title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

describe('an owner on the settings page', () => {
  it("opens it at its shipping section from the home checklist's shipping step", async () => {
    await signUp(page, owner);
    const tenantId = await currentStoreId(page);
    const product = await seedProduct(d.t.ctx, tenantId, { name: 'Kaos Sablon', price: 75000 });
    formUrl = `/form/${tenantId}/${product.slug}`;
    // The checklist's shipping step leads to the settings.
    await page.getByRole('listitem').filter({ hasText: 'Atur ongkos kirim' }).getByRole('link', { name: 'Buka' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pengaturan toko');
    expect(new URL(page.url()).pathname).toBe('/dashboard/settings');
    expect(new URL(page.url()).hash).toBe('#shipping');
    // The section is brought into view, clear of the sticky header (the page's top is far above it on a phone).
    await expect.poll(() => section('Ongkos kirim').getByRole('heading', { level: 2 }).evaluate((h) => Math.round(h.getBoundingClientRect().top))).toBeGreaterThanOrEqual(60);
    expect(await section('Ongkos kirim').getByRole('heading', { level: 2 }).evaluate((h) => h.getBoundingClientRect().top)).toBeLessThan(200);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  });

  it("shows the store's WhatsApp number as Indonesians write it, and saves it as typed (stored 628…)", async () => {
    const store = section('Toko & WhatsApp');
    await store.getByLabel('Nomor WhatsApp toko').fill('0812 3456 7001');
    await store.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => store.getByText('Pengaturan tersimpan.').count()).toBe(1);
    expect((await (await page.context().request.get('/dashboard/api/settings')).json()).whatsapp_number).toBe('6281234567001');
    expect(await store.getByLabel('Nomor WhatsApp toko').inputValue()).toBe('0812-3456-7001');
    await page.reload();
    await expect.poll(() => section('Toko & WhatsApp').getByLabel('Nomor WhatsApp toko').inputValue()).toBe('0812-3456-7001');
  });

  it('sets shipping rates at 360 px wide, and the order form offers those couriers at those fees', async () => {
    const rates = section('Ongkos kirim');
    const rows: Array<[string, string, string]> = [
      ['SiCepat REG', 'Bali', '15000'],
      ['SiCepat REG', '*', '25000'],
      ['Kurir Lokal', 'DKI Jakarta', '8000'],
    ];
    for (const [i, [courier, province, fee]] of rows.entries()) {
      await rates.getByRole('button', { name: 'Tambah tarif' }).click();
      await rates.getByLabel('Kurir').nth(i).fill(courier);
      await rates.getByLabel('Provinsi').nth(i).selectOption(province);
      await rates.getByLabel('Ongkir (Rp)').nth(i).fill(fee);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Each province select shows its whole choice ("Semua provinsi", not "Semua pro"), and every target is a thumb's (issue 30, points 6 and 7).
    expect(await cutOff(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
    await rates.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => rates.getByText('Pengaturan tersimpan.').count()).toBe(1);

    const payment = section('Metode pembayaran');
    await payment.getByLabel('COD (bayar di tempat)').uncheck();
    await payment.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => payment.getByText('Pengaturan tersimpan.').count()).toBe(1);
    expect(await payment.textContent()).toContain('Ditawarkan di formulir sekarangTransfer bank');

    const form = await (await page.context()).newPage();
    await form.goto(formUrl);
    const couriers = await form.locator('input[name="courier"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(couriers.sort()).toEqual(['Kurir Lokal', 'SiCepat REG']);
    const methods = await form.locator('input[name="payment_method"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(methods).toEqual(['bank_transfer']);
    const feeOf = (courier: string) => form.locator('label.lf-opt').filter({ has: form.locator(`input[value="${courier}"]`) }).locator('.lf-fee').textContent();
    await form.locator('select[name="province"]').selectOption('Bali');
    await expect.poll(() => feeOf('SiCepat REG')).toBe('Rp15.000');
    expect(await form.locator('input[value="Kurir Lokal"]').isDisabled()).toBe(true);
    await form.locator('select[name="province"]').selectOption('Jawa Barat');
    await expect.poll(() => feeOf('SiCepat REG')).toBe('Rp25.000');
    await form.locator('select[name="province"]').selectOption('DKI Jakarta');
    await expect.poll(() => feeOf('Kurir Lokal')).toBe('Rp8.000');
    await form.close();
  });

  it('saves a bank account only with the password again, and the audit log names the change, not the value', async () => {
    const banks = section('Rekening bank');
    await banks.getByRole('button', { name: 'Tambah rekening' }).click();
    await banks.getByLabel('Bank').fill('BCA');
    await banks.getByLabel('Nomor rekening').fill('8800112233');
    await banks.getByLabel('Atas nama').fill('Sari Pengatur');
    await banks.getByRole('button', { name: 'Simpan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    d.expectFailure('PATCH', '/dashboard/api/settings/sensitive', 403);
    await dialog.getByLabel('Kata sandi').fill('bukan-kata-sandinya');
    await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
    await expect.poll(() => dialog.getByText('Kata sandi salah. Pengaturan tidak diubah.').count()).toBe(1);
    expect((await (await page.context().request.get('/dashboard/api/settings')).json()).bank_accounts).toEqual([]);

    await dialog.getByLabel('Kata sandi').fill(owner.password);
    await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => page.getByText('Pengaturan tersimpan.').first().isVisible()).toBe(true);
    expect((await (await page.context().request.get('/dashboard/api/settings')).json()).bank_accounts).toEqual([{ bank: 'BCA', number: '8800112233', holder: 'Sari Pengatur' }]);

    const audit = page.getByTestId('audit-log');
    await expect.poll(() => audit.getByRole('listitem').count()).toBe(1);
    const entry = await audit.getByRole('listitem').first().textContent();
    expect(entry).toContain('Rekening bank');
    expect(entry).toContain(owner.name);
    expect(entry).not.toContain('8800112233');
  });

  it('sets a gateway credential that is then shown only as stored, never read back', async () => {
    const credentials = section('Kredensial payment gateway');
    await credentials.getByLabel('Nilai baru: Midtrans server key').fill('SB-Mid-server-rahasia-9');
    await credentials.getByRole('button', { name: 'Simpan' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Kata sandi').fill(owner.password);
    await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => section('Kredensial payment gateway').getByText('Tersimpan', { exact: true }).count()).toBe(1);
    expect(await section('Kredensial payment gateway').getByLabel('Nilai baru: Midtrans server key').inputValue()).toBe('');
    expect(await page.content()).not.toContain('SB-Mid-server-rahasia-9');
    await expect.poll(() => page.getByTestId('audit-log').getByRole('listitem').count()).toBe(2);
  });

  it('previews a message through the server while typing, and refuses an unknown placeholder on save', async () => {
    const messages = section('Pesan');
    const thankYou = messages.getByLabel('Pesan WhatsApp dari halaman terima kasih');
    await thankYou.fill('Halo {toko}, saya {nama}, pesanan #{pesanan} total {total}. Kode {kupon}');
    await expect.poll(() => page.getByTestId('preview-thank_you').textContent()).toBe(`Halo ${owner.storeName}, saya Budi Santoso, pesanan #1024 total Rp159.000. Kode {kupon}`);
    await expect.poll(() => messages.getByText('Placeholder tidak dikenal: {kupon}').count()).toBeGreaterThan(0);
    d.expectFailure('PATCH', '/dashboard/api/settings', 422);
    await messages.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(async () => (await messages.textContent()) ?? '').toContain('Yang tersedia: {nama}');
    expect((await (await page.context().request.get('/dashboard/api/settings')).json()).thank_you_template).toBeNull();
  });

  it("shows the dashboard's dates in the store's time zone once it is chosen", async () => {
    const entry = page.getByTestId('audit-log').getByRole('listitem').first();
    const before = (await entry.textContent()) ?? '';
    const hour = (text: string) => Number(/(\d{2})[.:]\d{2}/.exec(text)![1]);
    const zone = section('Zona waktu');
    await zone.getByLabel('Zona waktu toko').selectOption('Asia/Jayapura');
    await zone.getByRole('button', { name: 'Simpan' }).click();
    await expect.poll(() => zone.getByText('Pengaturan tersimpan.').count()).toBe(1);
    // Jayapura is two hours ahead of Jakarta (the server's TZ here).
    await expect.poll(async () => ((await entry.textContent()) ?? '') !== before).toBe(true);
    expect((hour((await entry.textContent())!) - hour(before) + 24) % 24).toBe(2);
    // The API's timestamps stay in the server's zone.
    const audit = (await (await page.context().request.get('/dashboard/api/settings/audit')).json()) as Array<{ created_at: string }>;
    expect(audit[0]!.created_at).toMatch(/\+07:00$/);
  });

  it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request', () => {
    expect(d.problems).toEqual([]);
  });
});
