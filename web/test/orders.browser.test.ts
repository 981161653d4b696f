// The orders workspace in chromium on the real server (issue 32, "How it is judged"): a CS on a
// 360-pixel phone finds their order by the buyer's phone written 0812-xxxx-xxxx, opens it with
// a tap, enters a resi, moves it to shipped and sees the history entry with their name; the
// owner on a desktop filters by a product and a date range (the view lands in the address),
// opens an order and assigns it to the CS; an admin, who does not read the team list, filters by
// the CS and assigns an order to them too.
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../src/lib/clock.js';
import { formatTimestamp } from '../../src/lib/time.js';
import { seedOrder } from '../../test/helpers.js';
import { account, checkPage, DESKTOP, PHONE, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Orders', name: 'Sari Wulandari' });
const cs = account({ name: 'Budi Santoso' });
const admin = account({ name: 'Rudi Hartono' });
const DAY = 86_400_000;
let csId: number;
let kaos: number;
let mug: number;
/** The CS's paid order, bought by Rina (0812-9876-5432). */
let rina: number;
/** The owner's orders: Kaos 2 days ago, Kaos 40 days ago, Mug 3 days ago. */
let recentKaos: number;
let oldKaos: number;
let recentMug: number;

async function post(request: APIRequestContext, url: string, data?: unknown) {
  const res = await request.post(url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

/** An order of the store placed `daysAgo` days ago (the app's clock is not moved). */
async function orderPlaced(tenantId: number, daysAgo: number, input: Record<string, unknown>): Promise<number> {
  const clock = new ManualClock(d.t.clock.now() - daysAgo * DAY);
  return (await seedOrder({ db: d.t.ctx.db, clock }, tenantId, input)).id;
}

beforeAll(async () => {
  d = await startDashboard();
  const ownerContext = await d.context(DESKTOP);
  const r = ownerContext.request;
  await post(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  const tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  kaos = (await post(r, '/api/products.php', { name: 'Kaos Polos', price: 75000, variants: [{ dimension: 'Warna', options: ['Hitam', 'Putih'] }] })).id;
  mug = (await post(r, '/api/products.php', { name: 'Mug Keramik', price: 35000 })).id;
  const invite = await post(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
  const csContext = await d.context();
  await post(csContext.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: cs.name, email: cs.email, password: cs.password });
  await csContext.close();
  const adminInvite = await post(r, '/dashboard/api/team/invitations', { role: 'admin', integrations: false });
  const adminContext = await d.context();
  await post(adminContext.request, '/dashboard/api/invitations/accept', { token: new URL(adminInvite.invite_url).searchParams.get('token'), name: admin.name, email: admin.email, password: admin.password });
  await adminContext.close();
  const team = (await (await r.get('/dashboard/api/team')).json()) as { members: Array<{ user_id: number; email: string }> };
  csId = team.members.find((member) => member.email === cs.email)!.user_id;

  const buyer = (name: string, phone: string) => ({ name, phone, email: null, address: 'Jl. Kenanga No. 7', village: 'Sukajadi', district: 'Sukasari', city: 'Bandung', province: 'Jawa Barat', postal_code: '40162' });
  rina = await orderPlaced(tenantId, 1, { product_id: kaos, variant: 'Hitam', quantity: 2, customer: buyer('Rina Marlina', '081298765432') });
  await post(r, `/dashboard/api/orders/${rina}/status`, { status: 'paid' });
  await post(r, '/dashboard/api/orders/assign', { ids: [rina], cs: csId });
  recentKaos = await orderPlaced(tenantId, 2, { product_id: kaos, variant: 'Putih', customer: buyer('Dewi Lestari', '081311112222') });
  oldKaos = await orderPlaced(tenantId, 40, { product_id: kaos, variant: 'Hitam', customer: buyer('Agus Salim', '081333334444') });
  recentMug = await orderPlaced(tenantId, 3, { product_id: mug, variant: '', customer: buyer('Wati Susanti', '081355556666') });
  await ownerContext.close();
});

afterAll(() => d?.close());

async function loggedIn(device: typeof PHONE | typeof DESKTOP, who: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await d.context(device);
  await post(context.request, '/dashboard/api/login', { email: who.email, password: who.password });
  return { context, page: await context.newPage() };
}

/** A day N days ago as the date field takes it (YYYY-MM-DD in the store's zone, the server's TZ: Asia/Jakarta). */
const day = (daysAgo: number) => formatTimestamp(d.t.clock.now() - daysAgo * DAY, 'Asia/Jakarta').slice(0, 10);

it('a CS on a phone finds their order by the phone written 0812-xxxx-xxxx, enters a resi, moves it to shipped and sees the entry with their name', async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto('/dashboard/');
  // "Pesanan" is second in the menu, after Beranda.
  const menu = page.getByRole('navigation', { name: 'Menu utama' }).filter({ visible: true });
  await menu.getByRole('link', { name: 'Pesanan' }).waitFor();
  expect((await menu.getByRole('link').allTextContents()).slice(0, 2)).toEqual(['Beranda', 'Pesanan']);
  await menu.getByRole('link', { name: 'Pesanan' }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Pesanan');
  // A CS sees only the orders assigned to them.
  await expect.poll(() => page.getByRole('article').count()).toBe(1);

  // Two letters could only be a name, too short to search: the server's text at the box, the list as it was.
  d.expectFailure('GET', '/dashboard/api/orders', 422);
  d.expectFailure('GET', '/dashboard/api/orders/counts', 422);
  await page.getByRole('searchbox', { name: 'Cari pesanan' }).fill('Ri');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await expect.poll(() => page.getByRole('search').getByRole('alert').textContent()).toContain('Ketik minimal 3 huruf');

  await page.getByRole('searchbox', { name: 'Cari pesanan' }).fill('0812-9876-5432');
  await page.getByRole('button', { name: 'Cari', exact: true }).click();
  await page.waitForURL(/[?&]q=0812-9876-5432/);
  const card = page.getByRole('article').filter({ hasText: 'Rina Marlina' });
  await expect.poll(() => card.count()).toBe(1);
  expect(await card.textContent()).toContain('0812-9876-5432');
  expect(await card.textContent()).toContain('Kaos Polos — Hitam × 2');
  expect(await card.textContent()).toContain('Dibayar');
  // One tap anywhere on the card opens the order (not only on its number).
  await card.scrollIntoViewIfNeeded();
  const box = (await card.getByText('Rina Marlina', { exact: true }).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForURL(new RegExp(`/dashboard/orders/${rina}$`));
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${rina}`);

  // The moves a CS may make from paid: only shipped (closing and cancelled need an owner or admin).
  const status = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Status', exact: true }) });
  expect(await status.getByRole('button').allTextContents()).toEqual(['Jadikan Dikirim']);
  await status.getByRole('button', { name: 'Jadikan Dikirim' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nomor resi').fill('JP1234567890');
  await dialog.getByRole('button', { name: 'Simpan: Dikirim' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => status.textContent()).toContain('Status diubah menjadi Dikirim.');

  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Riwayat' }) });
  const entry = history.getByRole('listitem').filter({ hasText: 'Status: Dibayar → Dikirim' });
  await expect.poll(() => entry.count()).toBe(1);
  expect(await entry.textContent()).toContain('oleh Budi Santoso');
  expect(await entry.textContent()).toContain('lewat Dashboard');
  expect(await history.getByRole('listitem').filter({ hasText: 'Resi: (kosong) → JP1234567890' }).count()).toBe(1);
  // The newest first: the move is above the order's creation.
  const entries = await history.getByRole('listitem').allTextContents();
  expect(entries.findIndex((text) => text.includes('Dibayar → Dikirim'))).toBeLessThan(entries.findIndex((text) => text.startsWith('Pesanan dibuat')));
  // The courier's tracking page for the resi (JNE is in the server's table).
  const track = page.getByRole('link', { name: /Lacak paket/ });
  expect(await track.getAttribute('href')).toContain('JP1234567890');

  // An internal note, signed with their name.
  const notes = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Catatan internal' }) });
  await notes.getByLabel('Catatan baru').fill('Paket diambil kurir jam 15.00.');
  await notes.getByRole('button', { name: 'Tambah catatan' }).click();
  await expect.poll(() => notes.getByRole('listitem').first().textContent()).toMatch(/^Paket diambil kurir jam 15\.00\.Budi Santoso · /);

  // The server agrees: shipped with that resi.
  const order = (await (await context.request.get(`/dashboard/api/orders/${rina}`)).json()) as { order: { status: string; resi: string } };
  expect(order.order).toMatchObject({ status: 'shipped', resi: 'JP1234567890' });
  // Another order's address is not found for a CS, as another store's order is.
  d.expectFailure('GET', `/dashboard/api/orders/${recentKaos}`, 404);
  await page.goto(`/dashboard/orders/${recentKaos}`);
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Pesanan tidak ditemukan.');
  await context.close();
});

/** The top of the first order card, in px from the top of the page (the screen when scrolled to the top). */
const firstCardTop = (page: Page) => page.getByRole('article').first().evaluate((card) => card.getBoundingClientRect().top + window.scrollY);

it('on a 360x740 phone the first order shows on the first screen, with and without a filter, for the owner and for a CS', async () => {
  for (const who of [owner, cs]) {
    const { context, page } = await loggedIn(PHONE, who);
    await page.goto('/dashboard/orders');
    await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await firstCardTop(page), `${who.name}: the first card`).toBeLessThan(740);
    // The tabs are one row that scrolls sideways, not rows that wrap.
    const tabs = page.getByRole('navigation', { name: 'Status pesanan' }).getByRole('link');
    const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    await context.close();
  }

  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/orders');
  // Ekspor and Impor wait in a compact menu beside "Tambah pesanan".
  expect(await page.getByRole('link', { name: 'Ekspor CSV' }).isVisible()).toBe(false);
  await page.getByRole('button', { name: 'Lainnya' }).click();
  await expect.poll(() => page.getByRole('link', { name: 'Ekspor CSV' }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Impor CSV' }).isVisible()).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('link', { name: 'Ekspor CSV' }).isVisible()).toBe(false);

  // A filter applied: the panel closes and the filter shows as a chip; the first order is still on the first screen.
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filters = page.getByRole('region', { name: 'Filter pesanan' });
  await filters.getByLabel('Produk').selectOption({ label: 'Kaos Polos' });
  await filters.getByLabel('Belum pernah di-follow-up').check();
  await filters.getByRole('button', { name: 'Terapkan filter' }).click();
  await page.waitForURL((url) => url.searchParams.get('product_id') === String(kaos));
  await expect.poll(() => filters.isVisible()).toBe(false);
  const chips = page.getByRole('region', { name: 'Filter aktif' });
  await expect.poll(() => chips.getByRole('button', { name: 'Hapus filter Produk: Kaos Polos' }).count()).toBe(1);
  await expect.poll(() => page.getByRole('article').count()).toBeGreaterThan(0);
  expect(await firstCardTop(page), 'the first card under a filter').toBeLessThan(740);
  await checkPage(page, 'orders-filtered', 'phone', { screen: true });
  // A chip's × removes its filter alone; "Hapus semua filter" the rest.
  await chips.getByRole('button', { name: 'Hapus filter Produk: Kaos Polos' }).click();
  await page.waitForURL((url) => !url.searchParams.has('product_id') && url.searchParams.has('followed_up'));
  await chips.getByRole('button', { name: 'Hapus filter Belum pernah di-follow-up' }).click();
  await page.waitForURL((url) => !url.searchParams.has('followed_up'));
  await expect.poll(() => chips.count()).toBe(0);
  await checkPage(page, 'orders', 'phone', { screen: true });
  await context.close();
});

it("the order's status moves: the usual next step is the one primary button, ending the order is styled destructive", async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto(`/dashboard/orders/${recentMug}`);
  const card = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Status' }) });
  const moves = card.getByRole('button', { name: /^Jadikan / });
  await expect.poll(() => moves.count()).toBeGreaterThan(2);
  const styled = await moves.evaluateAll((buttons) => buttons.map((b) => ({ name: b.textContent, bg: getComputedStyle(b).backgroundColor, color: getComputedStyle(b).color })));
  // Pending: "Jadikan Closing" first and alone filled with the brand colour; Dibatalkan and Nomor HP tidak valid last, in red text.
  expect(styled[0]!.name).toBe('Jadikan Closing');
  const BRAND = 'rgb(15, 118, 110)';
  // Tailwind's red-700, as Chromium computes it.
  const RED = 'oklch(0.505 0.213 27.518)';
  expect(styled.filter((b) => b.bg === BRAND).map((b) => b.name)).toEqual(['Jadikan Closing']);
  const destructive = styled.filter((b) => b.color === RED).map((b) => b.name);
  expect(destructive).toEqual(expect.arrayContaining(['Jadikan Dibatalkan', 'Jadikan Nomor HP tidak valid']));
  expect(styled.slice(-destructive.length).map((b) => b.name)).toEqual(destructive);
  // The dialog's confirmation of a cancel is red too.
  await card.getByRole('button', { name: 'Jadikan Dibatalkan' }).click();
  const confirm = page.getByRole('dialog').getByRole('button', { name: /Dibatalkan/ });
  expect(await confirm.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(RED);
  await page.keyboard.press('Escape');
  await context.close();
});

it('the owner on a desktop filters by a product and a date range, opens an order and assigns it to the CS', async () => {
  const { context, page } = await loggedIn(DESKTOP, owner);
  await page.goto('/dashboard/orders');
  const rows = page.getByRole('table').getByRole('row');
  // Every order, newest first (a header row, then four).
  await expect.poll(() => rows.count()).toBe(5);
  const numbers = async () => (await page.getByRole('table').getByRole('link').allTextContents()).map((text) => Number(/#(\d+)/.exec(text)![1]));
  expect(await numbers()).toEqual([rina, recentKaos, recentMug, oldKaos]);
  await expect.poll(() => page.getByRole('navigation', { name: 'Status pesanan' }).getByRole('link', { name: /^Semua/ }).textContent()).toBe('Semua 4');

  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filters = page.getByRole('region', { name: 'Filter pesanan' });
  await filters.getByLabel('Produk').selectOption({ label: 'Kaos Polos' });
  await filters.getByLabel('Dibuat sejak').fill(day(14));
  await filters.getByLabel('Dibuat sampai').fill(day(0));
  await filters.getByRole('button', { name: 'Terapkan filter' }).click();
  await page.waitForURL((url) => url.searchParams.get('product_id') === String(kaos) && url.searchParams.get('from') === day(14) && url.searchParams.get('to') === day(0));
  await expect.poll(numbers).toEqual([rina, recentKaos]);
  // The counts follow the filters.
  const tabs = page.getByRole('navigation', { name: 'Status pesanan' });
  await expect.poll(() => tabs.getByRole('link', { name: /^Semua/ }).textContent()).toBe('Semua 2');
  expect(await page.getByRole('button', { name: 'Filter (2)' }).count()).toBe(1);

  // The view is the address: opened afresh (a bookmark, a teammate's link), it shows the same orders.
  const shared = page.url();
  const other = await context.newPage();
  await other.goto(shared);
  await expect.poll(async () => (await other.getByRole('table').getByRole('link').allTextContents()).length).toBe(2);
  await other.close();

  await page.getByRole('link', { name: `#${recentKaos}, Dewi Lestari` }).click();
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Pesanan #${recentKaos}`);
  const assign = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Penugasan' }) });
  await assign.getByLabel('Tugaskan ke').selectOption({ label: 'Budi Santoso (CS)' });
  await assign.getByRole('button', { name: 'Simpan penugasan' }).click();
  await expect.poll(() => assign.textContent()).toContain('Penugasan tersimpan.');
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Riwayat' }) });
  await expect.poll(() => history.getByRole('listitem').filter({ hasText: 'Penugasan: (kosong) → Budi Santoso' }).count()).toBe(1);
  expect(await history.getByRole('listitem').filter({ hasText: 'Penugasan' }).textContent()).toContain(`oleh ${owner.name}`);

  // The buyer's phone corrected, in any written form; the page says no price changes, the history keeps both numbers.
  await page.getByRole('button', { name: 'Ubah data pembeli' }).click();
  const dialog = page.getByRole('dialog');
  expect(await dialog.textContent()).toContain('tidak mengubah harga, ongkos kirim, atau total');
  expect(await dialog.getByLabel('Nomor HP').inputValue()).toBe('0813-1111-2222');
  await dialog.getByLabel('Nomor HP').fill('+62 813 9999 0000');
  await dialog.getByRole('button', { name: 'Simpan' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  await expect.poll(() => history.getByRole('listitem').filter({ hasText: 'Nomor HP pembeli: 0813-1111-2222 → 0813-9999-0000' }).count()).toBe(1);
  expect(await page.locator('section').filter({ has: page.getByRole('heading', { name: 'Pembeli' }) }).textContent()).toContain('0813-9999-0000');

  // Back to the list: the same view (tab, product, dates), now with the CS named on the order.
  await page.getByRole('link', { name: /Daftar pesanan/ }).click();
  await page.waitForURL((url) => url.searchParams.get('product_id') === String(kaos));
  const row = page.getByRole('row').filter({ hasText: 'Dewi Lestari' });
  await expect.poll(() => row.textContent()).toContain('Budi Santoso');
  await context.close();
});

it('an admin filters the list by the CS and assigns an order to them (the members come from the orders workspace, not the team list)', async () => {
  const { context, page } = await loggedIn(DESKTOP, admin);
  await page.goto('/dashboard/orders');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const filters = page.getByRole('region', { name: 'Filter pesanan' });
  await filters.getByLabel('CS', { exact: true }).selectOption({ label: 'Budi Santoso (CS)' });
  await filters.getByRole('button', { name: 'Terapkan filter' }).click();
  // The address holds the filter as plain text (cs=7), not the router's JSON (cs=%227%22).
  await page.waitForURL((url) => url.search.includes(`cs=${csId}`) && url.searchParams.get('cs') === String(csId));
  const listed = async () => (await page.getByRole('table').getByRole('link').allTextContents()).map((text) => Number(/#(\d+)/.exec(text)![1]));
  await expect.poll(listed).toContain(rina);
  expect(await listed()).not.toContain(recentMug);

  await page.goto(`/dashboard/orders/${recentMug}`);
  const assign = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Penugasan' }) });
  await assign.getByLabel('Tugaskan ke').selectOption({ label: 'Budi Santoso (CS)' });
  // The members to choose from: the CS first, then by name; the note that only the owner assigns is gone.
  expect(await assign.getByLabel('Tugaskan ke').locator('option').allTextContents()).toEqual(['Tidak ditugaskan', 'Budi Santoso (CS)', 'Rudi Hartono (Admin)', `${owner.name} (Pemilik)`]);
  expect(await assign.textContent()).not.toContain('pemilik menugaskan');
  await assign.getByRole('button', { name: 'Simpan penugasan' }).click();
  await expect.poll(() => assign.textContent()).toContain('Penugasan tersimpan.');
  const history = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Riwayat' }) });
  const entry = history.getByRole('listitem').filter({ hasText: 'Penugasan: (kosong) → Budi Santoso' });
  await expect.poll(() => entry.count()).toBe(1);
  expect(await entry.textContent()).toContain(`oleh ${admin.name}`);
  await context.close();
});

it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request', () => {
  expect(d.problems).toEqual([]);
});
