// Issue 40 §4, "Smaller ones", in chromium on the real server, at 360 px (and 1280 px for the
// screenshots): the bank accounts' confirmation beside their section; the login's lockout saying
// how long; the follow-up editor opening with the text in use and placeholders inserted by a tap;
// Tambah pesanan marking every empty field at once and showing the fee and total (an agreed fee
// too); the buyer's edit choosing the province from the 38 (a CS); a CS's home without the set-up
// checklist; the selection kept after "Tugaskan CS"; the rotation page without "Bobot" in
// round-robin and with each member's orders of today; open invitations naming whom they are for;
// the product page's plain form link. Each page: axe WCAG 2.2 AA, 44 px targets, screenshots.
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrder } from '../../test/helpers.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { account, checkPage, DESKTOP, PHONE, smallTargets, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Kecil', name: 'Sari Kecil' });
const cs = account({ name: 'Budi Kasir' });
let tenantId: number;
let kaos: number;
let csId: number;
const orders: number[] = [];

async function post(request: APIRequestContext, url: string, data?: unknown, method: 'post' | 'put' = 'post') {
  const res = await request[method](url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

beforeAll(async () => {
  d = await startDashboard();
  const ownerContext = await d.context(DESKTOP);
  const r = ownerContext.request;
  await post(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  kaos = (await post(r, '/api/products.php', { name: 'Kaos Polos', price: 75000, variants: [{ dimension: 'Ukuran', options: ['M', 'L'] }], variant_prices: [75000, 80000] })).id;
  await d.t.ctx.db.transaction().execute((tx) => replaceRates(tx, tenantId, [{ courier: 'JNE REG', province: 'Jawa Barat', fee: 15000 }, { courier: 'JNE REG', province: '*', fee: 25000 }]));
  const invite = await post(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false, name: cs.name });
  const csContext = await d.context();
  await post(csContext.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: cs.name, email: cs.email, password: cs.password });
  await csContext.close();
  const team = (await (await r.get('/dashboard/api/team')).json()) as { members: Array<{ user_id: number; email: string }> };
  csId = team.members.find((member) => member.email === cs.email)!.user_id;
  const buyer = (name: string, phone: string) => ({ name, phone, email: null, address: 'Jl. Kenanga No. 7', village: 'Sukajadi', district: 'Sukasari', city: 'Bandung', province: 'Jawa Barat', postal_code: '40162' });
  for (const [name, phone] of [['Rina Marlina', '081298765432'], ['Dewi Lestari', '081311112222'], ['Eko Prasetyo', '081322223333']] as const) {
    orders.push((await seedOrder(d.t.ctx, tenantId, { product_id: kaos, variant: 'M', courier: 'JNE REG', customer: buyer(name, phone) })).id);
  }
  await post(r, '/dashboard/api/orders/assign', { ids: [orders[0]], cs: csId });
  await post(r, '/dashboard/api/rotation', { mode: 'round_robin', sticky: false, members: [{ user_id: csId, weight: 3, on_duty: true }] }, 'put');
  // An invitation sent to a number, without a name.
  await post(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false, whatsapp_number: '0857-1111-2222' });
  await ownerContext.close();
});

afterAll(() => d?.close());

async function loggedIn(device: typeof PHONE | typeof DESKTOP, who: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await d.context(device);
  await post(context.request, '/dashboard/api/login', { email: who.email, password: who.password });
  return { context, page: await context.newPage() };
}

const heading = (page: Page, text: string) => expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(text);
const section = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title }) });

it('saving bank accounts after the password dialog confirms beside the bank section, on the screen', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/settings#banks');
  await heading(page, 'Pengaturan toko');
  const banks = section(page, 'Rekening bank');
  await banks.getByRole('button', { name: 'Tambah rekening' }).click();
  await banks.getByLabel('Bank').fill('BCA');
  await banks.getByLabel('Nomor rekening').fill('8800112233');
  await banks.getByLabel('Atas nama').fill(owner.name);
  await banks.getByRole('button', { name: 'Simpan' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kata sandi').fill(owner.password);
  await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  // In the bank section, and on the screen the owner is looking at; nowhere else.
  const saved = section(page, 'Rekening bank').getByText('Pengaturan tersimpan.');
  await expect.poll(() => saved.count()).toBe(1);
  expect(await page.getByText('Pengaturan tersimpan.').count()).toBe(1);
  const box = (await saved.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  await context.close();
});

it("the login's lockout says how long, from Retry-After", { timeout: 120_000 }, async () => {
  // A server with the real windows (the shared one widens them 1000 times): 10 wrong passwords, then the 11th attempt is refused.
  const strict = await startDashboard({ RATE_LIMIT_SCALE: '1' });
  try {
    const context = await strict.context(PHONE);
    const who = { email: 'lupa@contoh.test', password: 'kata-sandi-rahasia-1' };
    const tries = await Promise.all(Array.from({ length: 10 }, () => context.request.post('/dashboard/api/login', { data: { email: who.email, password: 'salah-sekali-123' } })));
    expect(tries.map((answer) => answer.status())).toEqual(Array(10).fill(401));
    const page = await context.newPage();
    await page.goto('/dashboard/login');
    strict.expectFailure('POST', '/dashboard/api/login', 429);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Kata sandi').fill(who.password);
    await page.getByRole('button', { name: 'Masuk' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Terlalu banyak percobaan. Coba lagi dalam 15 menit.');
    await checkPage(page, 'login-locked', 'phone');
    expect(strict.problems).toEqual([]);
  } finally {
    await strict.close();
  }
});

it('the follow-up editor opens with the text in use, and a tap puts a placeholder at the cursor', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/settings#follow-ups');
  const field = page.getByLabel('Teks FU1 — pengingat pertama — Transfer bank');
  await expect.poll(() => field.inputValue()).toContain('Halo Kak {nama}');
  const text = await field.inputValue();
  // The cursor after "Halo Kak ": the tap inserts there.
  const at = text.indexOf('{nama}');
  await field.focus();
  await field.evaluate((area: HTMLTextAreaElement, position) => area.setSelectionRange(position, position), at);
  await page.getByRole('button', { name: 'Sisipkan {toko}' }).click();
  await expect.poll(() => field.inputValue()).toBe(`${text.slice(0, at)}{toko}${text.slice(at)}`);
  expect(await smallTargets(page)).toEqual([]);
  await page.locator('form', { has: field }).getByRole('button', { name: 'Simpan' }).click();
  await expect.poll(() => page.getByText('Pengaturan tersimpan.').count()).toBeGreaterThan(0);
  const saved = (await (await context.request.get('/dashboard/api/templates')).json()) as { templates: Array<{ step: string; texts: Record<string, string | null> }> };
  // The one text changed is the store's; the others stay the default (null).
  expect(saved.templates.find((entry) => entry.step === 'fu1')!.texts).toEqual({ bank_transfer: `${text.slice(0, at)}{toko}${text.slice(at)}`, cod: null, gateway: null });
  await checkPage(page, 'settings-follow-ups-insert', 'phone');
  await context.close();
});

it('Tambah pesanan: an empty submit marks every missing field at once; the fee and total show before saving; an agreed fee replaces the rate', async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto('/dashboard/orders/new');
  await heading(page, 'Tambah pesanan');
  await page.getByRole('button', { name: 'Simpan pesanan' }).click();
  const marked = await page.locator('[aria-invalid="true"]').count();
  expect(marked).toBeGreaterThanOrEqual(11);
  const form = page.locator('form');
  for (const text of ['Pilih produk.', 'Nama pembeli wajib diisi.', 'Nomor HP pembeli wajib diisi.', 'Kecamatan wajib diisi.', 'Pilih provinsi tujuan.', 'Pilih kurir.', 'Pilih metode pembayaran.']) {
    expect(await form.getByText(text, { exact: true }).count(), text).toBe(1);
  }
  expect(await form.getByText('Isian tidak valid.').count()).toBe(0);
  await checkPage(page, 'new-order-missing', 'phone');

  await page.getByLabel('Produk', { exact: true }).selectOption({ label: 'Kaos Polos' });
  await page.getByLabel('Ukuran').selectOption('L');
  await page.getByLabel('Jumlah').fill('2');
  await page.getByLabel('Nama', { exact: true }).fill('Rina Wati');
  await page.getByLabel('Nomor HP').fill('0813 4444 5555');
  await page.getByLabel('Alamat', { exact: true }).fill('Jl. Melati No. 3 RT 01/RW 02');
  await page.getByLabel('Kelurahan/desa').fill('Sukaluyu');
  await page.getByLabel('Kecamatan').fill('Cibeunying Kaler');
  await page.getByLabel('Kota/kabupaten').fill('Bandung');
  await page.getByLabel('Kode pos').fill('40123');
  // A CS picks the province from the 38, as the form does.
  expect(await page.getByLabel('Provinsi').locator('option').count()).toBe(39);
  await page.getByLabel('Provinsi').selectOption('Jawa Barat');
  await page.getByLabel('Kurir').selectOption('JNE REG');
  await page.getByLabel('Metode pembayaran').selectOption('cod');
  // The marks went as the fields were filled.
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
  const summary = page.getByTestId('order-summary');
  await expect.poll(() => page.getByTestId('order-summary-fee').textContent()).toBe('Rp 15.000'.replace(' ', '\u00a0'));
  expect(await page.getByTestId('order-summary-total').textContent()).toBe('Rp 175.000'.replace(' ', '\u00a0'));
  expect(await summary.textContent()).toContain('tarif JNE REG ke Jawa Barat');
  await page.getByLabel('Ongkos kirim sesuai kesepakatan dengan pembeli').check();
  await page.getByLabel('Ongkos kirim yang disepakati (Rp)').fill('10.000');
  await expect.poll(() => page.getByTestId('order-summary-total').textContent()).toBe('Rp 170.000'.replace(' ', '\u00a0'));
  expect(await summary.textContent()).toContain('disepakati dengan pembeli');
  await checkPage(page, 'new-order-summary', 'phone');
  await page.getByRole('button', { name: 'Simpan pesanan' }).click();
  await page.waitForURL(/\/dashboard\/orders\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const order = (await (await context.request.get(`/dashboard/api/orders/${id}`)).json()) as { order: { shipping_fee: number; total: number } };
  expect(order.order).toMatchObject({ shipping_fee: 10000, total: 170000 });
  await context.close();
});

it("a CS edits a buyer's province by choosing from the 38", async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto(`/dashboard/orders/${orders[0]}`);
  await heading(page, `Pesanan #${orders[0]}`);
  await page.getByRole('button', { name: 'Ubah data pembeli' }).click();
  const dialog = page.getByRole('dialog');
  const province = dialog.getByLabel('Provinsi');
  expect(await province.evaluate((element) => element.tagName)).toBe('SELECT');
  expect(await province.locator('option').count()).toBe(38);
  await province.selectOption('Bali');
  await checkPage(page, 'order-buyer-province', 'phone', { screen: true });
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  const order = (await (await context.request.get(`/dashboard/api/orders/${orders[0]}`)).json()) as { order: { customer: { province: string } } };
  expect(order.order.customer.province).toBe('Bali');
  await context.close();
});

it("a CS's home has no set-up checklist; the owner's has", async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto('/dashboard/');
  await heading(page, `Selamat datang, ${cs.name}`);
  await expect.poll(() => page.getByRole('link', { name: 'Buka daftar pesanan' }).count()).toBe(1);
  expect(await page.getByText('Langkah memulai').count()).toBe(0);
  await checkPage(page, 'home-cs', 'phone');
  await context.close();
  const ownerSide = await loggedIn(PHONE, owner);
  await ownerSide.page.goto('/dashboard/');
  await expect.poll(() => ownerSide.page.getByText('Langkah memulai').count()).toBe(1);
  await ownerSide.context.close();
});

it('the selection survives "Tugaskan CS", so a status move can follow', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/orders');
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThanOrEqual(3);
  await page.getByRole('checkbox', { name: `Pilih pesanan #${orders[1]}, Dewi Lestari` }).check();
  await page.getByRole('checkbox', { name: `Pilih pesanan #${orders[2]}, Eko Prasetyo` }).check();
  const bar = page.getByRole('region', { name: 'Tindakan untuk pesanan yang dipilih' });
  await bar.getByRole('button', { name: 'Tugaskan CS' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tugaskan ke').selectOption({ label: `${cs.name} (CS)` });
  await dialog.getByRole('button', { name: 'Terapkan' }).click();
  await expect.poll(() => bar.textContent()).toContain('2 diubah, 0 tidak berubah, 0 ditolak.');
  expect(await bar.getByRole('status').filter({ hasText: 'dipilih' }).textContent()).toBe('2 pesanan dipilih');
  // The move follows on the same two.
  await bar.getByRole('button', { name: 'Ubah status' }).click();
  await dialog.getByLabel('Status baru').selectOption({ label: 'Closing' });
  await dialog.getByRole('button', { name: 'Terapkan' }).click();
  await expect.poll(() => bar.textContent()).toContain('2 diubah, 0 tidak berubah, 0 ditolak.');
  for (const id of [orders[1], orders[2]]) {
    const order = (await (await context.request.get(`/dashboard/api/orders/${id}`)).json()) as { order: { status: string; assigned_to: { id: number } | null } };
    expect(order.order.status).toBe('closing');
  }
  await context.close();
});

it('the rotation page hides "Bobot" in round-robin and shows each member\'s orders of today', async () => {
  for (const device of [PHONE, DESKTOP] as const) {
    const { context, page } = await loggedIn(device, owner);
    await page.goto('/dashboard/rotation');
    await heading(page, 'Rotasi CS');
    const row = page.getByTestId(`rotation-member-${csId}`);
    // Three orders of today are the CS's: the first, and the two assigned in bulk (and the one the CS entered).
    await expect.poll(() => page.getByTestId(`orders-today-${csId}`).textContent()).toBe('4 pesanan hari ini');
    expect(await row.getByLabel(`Bobot ${cs.name}`).count()).toBe(0);
    await checkPage(page, 'rotation-round-robin', device === PHONE ? 'phone' : 'desktop');
    await page.getByLabel('Mode').selectOption('weighted');
    expect(await row.getByLabel(`Bobot ${cs.name}`).inputValue()).toBe('3');
    await context.close();
  }
});

it('open invitations say whom they are for: a name, or the number they were sent to', async () => {
  for (const device of [PHONE, DESKTOP] as const) {
    const { context, page } = await loggedIn(device, owner);
    await page.goto('/dashboard/team');
    await heading(page, 'Tim');
    await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Untuk 0857-1111-2222' }).count()).toBe(1);
    if (device === PHONE) {
      await page.getByRole('button', { name: 'Undang anggota' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Untuk siapa').fill('Citra Admin');
      await dialog.getByLabel('Nomor WhatsApp-nya (boleh kosong)').fill('0812 9999 8888');
      await dialog.getByRole('button', { name: 'Buat tautan undangan' }).click();
      const sent = page.getByRole('link', { name: 'Kirim via WhatsApp' });
      await expect.poll(() => sent.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/6281299998888\?text=/);
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('heading', { level: 3, name: 'Untuk Citra Admin' }).count()).toBe(1);
    }
    await checkPage(page, 'team-invitations', device === PHONE ? 'phone' : 'desktop');
    await context.close();
  }
});

it("the product page offers the form's plain link to share, with a copy button", async () => {
  for (const device of [PHONE, DESKTOP] as const) {
    const { context, page } = await loggedIn(device, owner);
    await page.goto(`/dashboard/products/${kaos}`);
    const link = page.getByLabel('Tautan formulir');
    await expect.poll(() => link.inputValue()).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/form/${tenantId}/kaos-polos$`));
    const copy = link.locator('xpath=..').getByRole('button', { name: 'Salin' });
    await copy.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
    await checkPage(page, 'product-form-link', device === PHONE ? 'phone' : 'desktop');
    await context.close();
  }
  expect(d.problems).toEqual([]);
});
