// "Laporan" in chromium on the real server (issue 45, "How it is judged"): on a demo store (the
// seeder of `lapak demo orders`, with its views and follow-ups) the owner on a 360×740 phone
// finds the funnel on the first screen and its numbers equal to the API's for the same range,
// switches a preset and finds the new range's numbers; on a 1280 desktop the same page with
// every chart; a CS sees their own orders' figures and no views; a new store reads "Belum ada
// pesanan di rentang ini". axe (WCAG 2.2 AA) finds no serious violation, every target on the
// phone is at least 44×44 px, and each state is photographed at 360 and 1280 px
// (LAPAK_WRITE_SCREENSHOTS=1: into docs/screenshots/).
import type { APIRequestContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedOrders } from '../../src/demo/seed-orders.js';
import { valueOf } from '../../src/lib/outcome.js';
import { account, checkPage, DESKTOP, loggedInPhone, PHONE, postJson, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Laporan', name: 'Sari Wulandari' });
const cs = account({ name: 'Budi Santoso' });
const newcomer = account({ storeName: 'Toko Baru', name: 'Dewi Lestari' });

beforeAll(async () => {
  d = await startDashboard();
  const ownerContext = await d.context(DESKTOP);
  const r = ownerContext.request;
  await postJson(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  const tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  const invite = await postJson(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
  const csContext = await d.context();
  await postJson(csContext.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: cs.name, email: cs.email, password: cs.password });
  await csContext.close();
  // The demo's orders over the last 120 days, views and follow-ups with them, some assigned to the CS.
  valueOf(await seedOrders(d.t.ctx.db, d.t.clock, { tenantId, count: 600, days: 120, seed: 45 }));
  await ownerContext.close();
  const other = await d.context();
  await postJson(other.request, '/dashboard/api/signup', { store_name: newcomer.storeName, name: newcomer.name, email: newcomer.email, password: newcomer.password });
  await other.close();
});

afterAll(() => d?.close());

/** Today in the store's zone (the server's TZ of the tests), as the page works it out. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jakarta', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const count = (n: number) => new Intl.NumberFormat('id-ID').format(n);

type Totals = Record<string, number | null>;
async function totals(request: APIRequestContext, from: string, to: string): Promise<Totals> {
  const res = await request.get(`/dashboard/api/insights?from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { totals: Totals }).totals;
}

const STEPS = ['orders', 'closed', 'paid', 'shipped', 'completed', 'cancelled', 'returned'] as const;

/** Every funnel number on the page equals the API's answer (the page settled: no range loading). */
async function expectFunnel(page: Page, expected: Totals, views: boolean): Promise<void> {
  await expect.poll(() => page.getByTestId('insights').getAttribute('aria-busy')).toBeNull();
  for (const step of STEPS) await expect.poll(() => page.getByTestId(`figure-${step}`).textContent(), { message: step }).toBe(count(expected[step]!));
  if (views) expect(await page.getByTestId('figure-views').textContent()).toBe(count(expected.views!));
  else {
    expect(await page.getByTestId('step-views').count()).toBe(0);
    expect(await page.getByTestId('figure-conversion').count()).toBe(0);
  }
}

it('the owner on a phone: the funnel on the first screen equals the API, a preset switches the range', async () => {
  const { context, page } = await loggedInPhone(d, owner);
  await page.goto('/dashboard/insights');
  const to = today();
  const last30 = await totals(context.request, addDays(to, -29), to);
  expect(last30.orders).toBeGreaterThan(0);
  expect(last30.views).toBeGreaterThan(0);
  await expectFunnel(page, last30, true);
  // The funnel's first numbers on the first screen of a 360×740 phone.
  const orders = (await page.getByTestId('figure-orders').boundingBox())!;
  expect(orders.y + orders.height).toBeLessThanOrEqual(PHONE.viewport.height);
  // Each number with its definition beside it.
  expect(await page.getByTestId('step-closed').textContent()).toContain('Pernah closing, dibayar, dikirim, atau selesai');
  expect(await page.getByText('Closing ÷ pesanan.').count()).toBe(1);
  await checkPage(page, 'insights', 'phone');
  await checkPage(page, 'insights-first-screen', 'phone', { screen: true });

  await page.getByRole('navigation', { name: 'Rentang tanggal' }).getByRole('link', { name: '7 hari' }).click();
  await page.waitForURL(/\/dashboard\/insights\?range=7$/);
  await expectFunnel(page, await totals(context.request, addDays(to, -6), to), true);
  expect(await page.getByRole('link', { name: '7 hari' }).getAttribute('aria-current')).toBe('page');

  // Last month: its first to its last day, in the address and on the page.
  await page.getByRole('link', { name: 'Bulan lalu' }).click();
  await page.waitForURL(/\?range=last_month$/);
  const lastDay = addDays(`${to.slice(0, 8)}01`, -1);
  await expectFunnel(page, await totals(context.request, `${lastDay.slice(0, 8)}01`, lastDay), true);

  // Days of one's own: a week two weeks back.
  await page.getByRole('button', { name: 'Tanggal lain' }).click();
  await page.getByLabel('Dari tanggal').fill(addDays(to, -13));
  await page.getByLabel('Sampai tanggal').fill(addDays(to, -7));
  await page.getByRole('button', { name: 'Tampilkan' }).click();
  await page.waitForURL(new RegExp(`\\?from=${addDays(to, -13)}&to=${addDays(to, -7)}$`));
  await expectFunnel(page, await totals(context.request, addDays(to, -13), addDays(to, -7)), true);
  await context.close();
});

it('the owner on a desktop: every chart with its table and CSV, the follow-up times', async () => {
  const context = await d.context(DESKTOP);
  await postJson(context.request, '/dashboard/api/login', { email: owner.email, password: owner.password });
  const page = await context.newPage();
  await page.goto('/dashboard/insights?range=90');
  const to = today();
  await expectFunnel(page, await totals(context.request, addDays(to, -89), to), true);
  // Every chart an image with a name, each section with its CSV.
  await expect.poll(() => page.locator('svg[role="img"]').count()).toBe(8);
  for (const svg of await page.locator('svg[role="img"]').all()) expect((await svg.getAttribute('aria-label'))!.length).toBeGreaterThan(10);
  const csv = page.getByRole('link', { name: /^Unduh CSV/ });
  expect(await csv.count()).toBe(10);
  expect(await page.getByRole('link', { name: 'Unduh CSV: Waktu follow-up pertama' }).getAttribute('href')).toBe(`/dashboard/api/insights/follow-up.csv?from=${addDays(to, -89)}&to=${to}`);
  const file = await context.request.get((await page.getByRole('link', { name: 'Unduh CSV: Per produk' }).getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('text/csv');
  // The follow-up table: minutes as a person says them.
  const followUp = page.getByRole('region', { name: 'Tabel: Waktu follow-up pertama' }).getByRole('table');
  await expect.poll(() => followUp.getByRole('row').count()).toBeGreaterThan(1);
  expect(await followUp.textContent()).toMatch(/\d+ (mnt|jam|hari)/);
  // A chart's table opens from its disclosure.
  await page.locator('#section-by-product').getByText('Lihat tabel').click();
  await expect.poll(() => page.getByRole('region', { name: 'Tabel: Per produk' }).getByRole('row').count()).toBeGreaterThan(1);
  await checkPage(page, 'insights', 'desktop');
  await context.close();
});

it('a CS sees the figures of their own orders and no views', async () => {
  const { context, page } = await loggedInPhone(d, cs);
  await page.goto('/dashboard/insights?range=90');
  const to = today();
  const own = await totals(context.request, addDays(to, -89), to);
  expect(own.views).toBeNull();
  expect(own.orders).toBeGreaterThan(0);
  await expectFunnel(page, own, false);
  await checkPage(page, 'insights-cs', 'phone');
  await context.close();
});

it('a new store reads that the range has no orders yet', async () => {
  const { context, page } = await loggedInPhone(d, newcomer);
  await page.goto('/dashboard/insights');
  await expect.poll(() => page.getByText('Belum ada pesanan di rentang ini').count()).toBe(1);
  await checkPage(page, 'insights-empty', 'phone');
  await context.close();
});

it('a failed answer says so with the server\'s text, and "Coba lagi" asks again', async () => {
  const { context, page } = await loggedInPhone(d, owner);
  // The range's totals and the period before's, each tried three times (the first and two retries).
  d.expectFailure('GET', '/dashboard/api/insights', 500, 6);
  let failed = 0;
  const totalsOnly = /\/dashboard\/api\/insights\?from=[\d-]+&to=[\d-]+$/;
  await page.route(totalsOnly, (route) => {
    failed += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Terjadi kesalahan di server.', code: 'internal', request_id: 'req-uji' }) });
  });
  await page.goto('/dashboard/insights?range=7');
  await expect.poll(() => failed, { timeout: 20_000 }).toBe(6);
  await expect.poll(() => page.getByRole('alert').textContent()).toContain('Terjadi kesalahan di server.');
  await page.unroute(totalsOnly);
  await page.getByRole('button', { name: 'Coba lagi' }).click();
  await expect.poll(() => page.getByTestId('figure-orders').count()).toBe(1);
  await context.close();
});

it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request', () => {
  expect(d.problems).toEqual([]);
});
