// Messaging automation in chromium on the real server (issue 41, "How it is judged"): the owner on
// a 360×740 phone opens "Pesan otomatis" from the menu, chooses the sandbox, sends the test
// message, turns FU1 on with quiet hours off (a timing out of range is refused beside its field
// first); a buyer submits the real order form; the list's row says when its next message goes;
// the clock moves an hour (runDue, as `lapak messaging run-due --at` does); the owner sees FU1
// sent in the order's timeline (and the history's follow-up as automatic) and in the sandbox's
// outbox, with its order's link and a wa.me link. A CS has no menu entry and no access. axe (WCAG
// 2.2 AA), 44 px targets at 360 px, and screenshots at 360 and 1280 px.
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUYER, seedKaos } from '../../test/form-helpers.js';
import { runDue } from '../../src/messaging/run-due.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { updateStoreSettings } from '../../src/tenants/update-store-settings.js';
import { account, checkPage, DESKTOP, openSection, PHONE, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Pesan', name: 'Sari Wulandari' });
const cs = account({ name: 'Budi Santoso' });
let tenantId: number;
let formPath: string;
let orderId: number;

const MINUTE = 60_000;

async function post(request: APIRequestContext, url: string, data?: unknown) {
  const res = await request.post(url, data === undefined ? {} : { data });
  if (!res.ok()) throw new Error(`${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as Record<string, any>;
}

beforeAll(async () => {
  d = await startDashboard();
  const ownerContext = await d.context(DESKTOP);
  const r = ownerContext.request;
  await post(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  const invite = await post(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
  const csContext = await d.context();
  await post(csContext.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: cs.name, email: cs.email, password: cs.password });
  await csContext.close();
  // The order form takes orders: payment, shipping rates, a product; the store's WhatsApp takes the test message.
  const settings = await updateStoreSettings(d.t.ctx.db, d.t.ctx.clock, d.t.ctx.sealer, tenantId, {
    payment_methods: ['bank_transfer', 'cod'],
    bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Pesan' }],
    whatsapp_number: '0812-9999-0000',
  });
  if (!settings.ok) throw new Error(settings.message);
  await d.t.ctx.db.transaction().execute((tx) => replaceRates(tx, tenantId, [{ courier: 'JNE REG', province: '*', fee: 15000 }]));
  const kaos = await seedKaos(d.t.ctx, tenantId);
  formPath = `/form/${tenantId}/${kaos.slug}`;
  await ownerContext.close();
});

afterAll(() => d?.close());

async function loggedIn(device: typeof PHONE | typeof DESKTOP, who: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await d.context(device);
  await post(context.request, '/dashboard/api/login', { email: who.email, password: who.password });
  return { context, page: await context.newPage() };
}

/** The planner and the sender once, as of `at` (the CLI's run-due). */
const runAt = (at: number) => runDue(d.t.ctx, at, { tenantId, serverTimeZone: d.t.ctx.config.timeZone, sealer: d.t.ctx.sealer, config: d.t.ctx.config });

it('the owner chooses the sandbox, sends the test message and turns FU1 on with quiet hours off, on a phone', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/');
  await openSection(page, 'Pesan otomatis');
  await page.getByText('Pesan otomatis mati').waitFor();
  await checkPage(page, 'messaging-new', 'phone');

  await page.getByLabel('Penyedia', { exact: true }).selectOption('sandbox');
  await page.getByLabel('FU1 — pengingat pertama', { exact: true }).check();
  await page.getByLabel('Tahan pesan di jam tenang').uncheck();
  // A timing out of range: refused beside its field, nothing saved.
  await page.getByLabel('FU1: Menit setelah pesanan dibuat').fill('0');
  d.expectFailure('PATCH', '/dashboard/api/messaging', 422);
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Isi jumlah menit dari 1 sampai 1440.').waitFor();
  expect(await page.getByLabel('FU1: Menit setelah pesanan dibuat').getAttribute('aria-invalid')).toBe('true');
  expect(((await (await context.request.get('/dashboard/api/messaging')).json()) as { provider: string | null }).provider).toBeNull();

  await page.getByLabel('FU1: Menit setelah pesanan dibuat').fill('60');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Pengaturan pesan otomatis tersimpan.').waitFor();
  expect(await (await context.request.get('/dashboard/api/messaging')).json()).toMatchObject({
    provider: 'sandbox',
    paused: false,
    quiet_hours: null,
    steps: { fu1: { on: true, minutes: 60 }, fu2: { on: false }, closing: { on: false } },
  });
  // The step's text is the follow-up editor's, on the settings page.
  expect(await page.getByRole('link', { name: 'Ubah teks FU1 — pengingat pertama di Pengaturan' }).getAttribute('href')).toBe('/dashboard/settings#follow-ups');

  await page.getByRole('button', { name: 'Kirim pesan uji' }).click();
  await expect.poll(() => page.getByTestId('test-result').textContent()).toMatch(/^Pesan uji terkirim \(ID sandbox-/);
  await expect.poll(() => page.getByTestId('outbox').getByRole('listitem').count()).toBe(1);
  expect(await page.getByTestId('outbox').textContent()).toContain('Pesan uji dari Lapak');
  await context.close();
  expect(d.problems).toEqual([]);
});

it('a form order gets FU1 an hour later: the list says when, the timeline and the outbox show it sent', async () => {
  // A buyer submits the real order form (its token, its POST).
  const buyer = await d.context(PHONE);
  const form = await buyer.newPage();
  await form.goto(formPath);
  const token = await form.locator('input[name="token"]').inputValue();
  const placed = await buyer.request.post(formPath, { form: { v0: '1', v1: '0', quantity: '1', ...BUYER, name: 'Rina Marlina', phone: '0813-8888-2222', courier: 'JNE REG', payment_method: 'bank_transfer', token, website: '' }, maxRedirects: 0 });
  expect(placed.status()).toBe(303);
  await buyer.close();
  orderId = Number((await d.t.ctx.db.selectFrom('form_submissions').select('order_id').where('tenant_id', '=', tenantId).where('token', '=', token).executeTakeFirstOrThrow()).order_id);
  const created = d.t.clock.now();

  // The planner plans it (nothing is due yet); the list's row says when FU1 goes.
  expect(await runAt(created)).toMatchObject({ planned: 1, sent: 0 });
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/orders');
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }) });
  await expect.poll(() => card.textContent()).toContain('Pesan otomatis berikutnya:');

  // The clock moves an hour and a minute: FU1 goes.
  d.t.clock.advance(61 * MINUTE);
  expect(await runAt(d.t.clock.now())).toMatchObject({ sent: 1 });
  await page.goto(`/dashboard/orders/${orderId}`);
  const timeline = page.getByTestId('order-timeline');
  const fu1 = timeline.getByTestId('message-fu1');
  await fu1.waitFor();
  expect(await fu1.textContent()).toContain('Pesan otomatis FU1 — pengingat pertama');
  expect(await fu1.textContent()).toContain('Terkirim');
  expect(await fu1.textContent()).toMatch(/terkirim \d/);
  // The text, collapsed until asked for.
  const text = fu1.getByText('Halo Kak Rina Marlina', { exact: false });
  expect(await text.isVisible()).toBe(false);
  await fu1.getByText('Lihat teks pesan').click();
  await text.waitFor();
  // The follow-up it recorded reads as automatic.
  await timeline.getByText('Follow-up WhatsApp otomatis: FU1 — pengingat pertama').waitFor();
  await checkPage(page, 'order-messages', 'phone');

  // The outbox: its order's link and a wa.me link.
  await page.goto('/dashboard/messaging');
  const entry = page.getByTestId('outbox').getByRole('listitem').filter({ has: page.getByRole('link', { name: `Pesanan #${orderId}`, exact: true }) });
  await entry.waitFor();
  expect(await entry.textContent()).toContain('Halo Kak Rina Marlina');
  expect(await entry.getByRole('link', { name: `Pesanan #${orderId}`, exact: true }).getAttribute('href')).toBe(`/dashboard/orders/${orderId}`);
  expect(await entry.getByRole('link', { name: /Buka Pesanan #\d+ di WhatsApp/ }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/6281388882222\?text=/);
  // The last 24 hours: the one sent.
  await expect.poll(() => page.getByTestId('last-24h').textContent()).toContain('Terkirim1');
  await checkPage(page, 'messaging', 'phone');
  await context.close();

  const desktop = await loggedIn(DESKTOP, owner);
  await desktop.page.goto('/dashboard/messaging');
  await desktop.page.getByRole('link', { name: `Pesanan #${orderId}`, exact: true }).waitFor();
  await checkPage(desktop.page, 'messaging', 'desktop');
  await desktop.page.goto(`/dashboard/orders/${orderId}`);
  await desktop.page.getByTestId('message-fu1').waitFor();
  await checkPage(desktop.page, 'order-messages', 'desktop');
  await desktop.context.close();
  expect(d.problems).toEqual([]);
});

it('a CS has no "Pesan otomatis" in the menu and no access to the page', async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto('/dashboard/');
  const menu = page.getByRole('navigation', { name: 'Menu utama' }).filter({ visible: true });
  await menu.getByRole('link', { name: 'Pesanan' }).waitFor();
  expect(await menu.getByRole('link', { name: 'Pesan otomatis' }).count()).toBe(0);
  await page.goto('/dashboard/messaging');
  await page.getByRole('heading', { name: 'Tidak ada akses', level: 1 }).waitFor();
  await context.close();
  expect(d.problems).toEqual([]);
});
