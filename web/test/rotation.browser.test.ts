// The CS rotation in chromium on the real server (issue 34 §1, "How it is judged"): the owner on
// a 1280 desktop (and again on a 360 phone) sets the rotation's mode, weights and duty on the
// "Rotasi CS" page and saves it; with nobody on duty the home page says so, with a link to fix it;
// a CS on a 360×740 phone goes on duty from the home page, a buyer submits the real order form,
// and the order lands in the CS's list, assigned to them, its timeline naming the rotation. axe
// (WCAG 2.2 AA) finds no serious violation, every target on the phone is at least 44×44 px, and
// each state is photographed at 360 and 1280 px (LAPAK_WRITE_SCREENSHOTS=1: into docs/screenshots/).
import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BUYER, seedKaos } from '../../test/form-helpers.js';
import { replaceRates } from '../../src/shipping/set-rates.js';
import { updateStoreSettings } from '../../src/tenants/update-store-settings.js';
import { account, checkPage, DESKTOP, PHONE, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
const owner = account({ storeName: 'Toko Rotasi', name: 'Sari Wulandari' });
const ani = account({ name: 'Ani Lestari' });
const budi = account({ name: 'Budi Santoso' });
let tenantId: number;
let formPath: string;
const ids: Record<string, number> = {};

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
  for (const member of [ani, budi]) {
    const invite = await post(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
    const context = await d.context();
    await post(context.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: member.name, email: member.email, password: member.password });
    await context.close();
  }
  const team = (await (await r.get('/dashboard/api/team')).json()) as { members: Array<{ user_id: number; email: string }> };
  for (const member of [owner, ani, budi]) ids[member.email] = team.members.find((m) => m.email === member.email)!.user_id;
  // The order form takes orders: payment, shipping rates, a product.
  const settings = await updateStoreSettings(d.t.ctx.db, d.t.ctx.clock, d.t.ctx.sealer, tenantId, {
    payment_methods: ['bank_transfer', 'cod'],
    bank_accounts: [{ bank: 'BCA', number: '1234567890', holder: 'Toko Rotasi' }],
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

const rotationOf = async (request: APIRequestContext) => (await (await request.get('/dashboard/api/rotation')).json()) as Record<string, any>;

it('the owner sets the mode, weights and duty on a desktop and on a phone; with nobody on duty the home page says so', async () => {
  const { context, page } = await loggedIn(DESKTOP, owner);
  // From the team page, where an owner looks first.
  await page.goto('/dashboard/team');
  await page.getByRole('link', { name: 'Atur rotasi CS' }).click();
  await page.getByRole('heading', { name: 'Rotasi CS', level: 1 }).waitFor();
  await page.getByLabel('Mode').selectOption('weighted');
  await page.getByLabel('Pembeli lama ke CS sebelumnya').check();
  for (const member of [ani, budi]) {
    await page.getByLabel('Anggota toko').selectOption({ label: `${member.name} (CS)` });
    await page.getByRole('button', { name: 'Tambah ke rotasi' }).click();
  }
  await page.getByLabel(`Bobot ${ani.name}`).selectOption('3');
  await page.getByLabel(`${budi.name} bertugas`).uncheck();
  await page.getByRole('button', { name: 'Simpan rotasi' }).click();
  await page.getByText('Rotasi tersimpan.').waitFor();
  expect(await rotationOf(context.request)).toMatchObject({
    mode: 'weighted',
    sticky: true,
    members: [
      { user_id: ids[ani.email], name: ani.name, weight: 3, on_duty: true },
      { user_id: ids[budi.email], name: budi.name, weight: 1, on_duty: false },
    ],
  });
  await checkPage(page, 'rotation-weights', 'desktop');

  // On a phone: Ani goes off duty too; nobody is on duty.
  const phone = await loggedIn(PHONE, owner);
  await phone.page.goto('/dashboard/rotation');
  await phone.page.getByLabel(`${ani.name} bertugas`).uncheck();
  await phone.page.getByRole('button', { name: 'Simpan rotasi' }).click();
  await phone.page.getByText('Rotasi tersimpan.').waitFor();
  expect((await rotationOf(phone.context.request)).members.map((m: { on_duty: boolean }) => m.on_duty)).toEqual([false, false]);
  await checkPage(phone.page, 'rotation-weights', 'phone');

  // A buyer orders meanwhile: nobody gets it, and the home page says so, with the way to fix it.
  const placed = await phone.context.request.post(formPath, { form: { v0: '0', v1: '0', quantity: '1', ...BUYER, phone: '0813-7777-1111', courier: 'JNE REG', payment_method: 'cod', token: 'a'.repeat(32), website: '' }, maxRedirects: 0 });
  expect(placed.status()).toBe(303);
  await phone.page.goto('/dashboard/');
  const notice = phone.page.getByRole('status').filter({ hasText: 'tidak ada anggota yang bertugas' });
  await notice.waitFor();
  await expect.poll(() => notice.textContent()).toContain('1 pesanan pending belum ditugaskan');
  await checkPage(phone.page, 'home-rotation-off-duty', 'phone');
  await page.goto('/dashboard/');
  await page.getByRole('status').filter({ hasText: 'tidak ada anggota yang bertugas' }).waitFor();
  await checkPage(page, 'home-rotation-off-duty', 'desktop');
  await notice.getByRole('link', { name: 'Atur rotasi CS' }).click();
  await phone.page.getByRole('heading', { name: 'Rotasi CS', level: 1 }).waitFor();
  await phone.context.close();
  await context.close();
  expect(d.problems).toEqual([]);
});

it('a CS on a phone goes on duty from the home page; a new form order lands in their list, assigned to them by the rotation', async () => {
  const { context, page } = await loggedIn(PHONE, budi);
  await page.goto('/dashboard/');
  const duty = page.getByRole('switch', { name: 'Saya sedang bertugas' });
  await duty.waitFor();
  expect(await duty.isChecked()).toBe(false);
  await page.getByText('Anda tidak bertugas').waitFor();
  await checkPage(page, 'home-duty', 'phone');
  await duty.check();
  await page.getByText('Anda bertugas: pesanan baru').waitFor();
  // Saved: the server has Budi on duty (the order below depends on it).
  await expect.poll(async () => (await d.t.ctx.db.selectFrom('rotation_members').select('on_duty').where('tenant_id', '=', tenantId).where('user_id', '=', ids[budi.email]!).executeTakeFirstOrThrow()).on_duty).toBe(1);

  // A buyer opens the real order form on their own phone and submits it (its token, its POST).
  const buyer = await d.context(PHONE);
  const form = await buyer.newPage();
  await form.goto(formPath);
  const token = await form.locator('input[name="token"]').inputValue();
  const placed = await buyer.request.post(formPath, { form: { v0: '1', v1: '0', quantity: '1', ...BUYER, name: 'Rina Marlina', phone: '0813-8888-2222', courier: 'JNE REG', payment_method: 'cod', token, website: '' }, maxRedirects: 0 });
  expect(placed.status()).toBe(303);
  await buyer.close();
  const order = await d.t.ctx.db.selectFrom('form_submissions').innerJoin('orders', 'orders.id', 'form_submissions.order_id').select(['orders.id', 'orders.assigned_user_id']).where('form_submissions.tenant_id', '=', tenantId).where('form_submissions.token', '=', token).executeTakeFirstOrThrow();
  expect(Number(order.assigned_user_id)).toBe(ids[budi.email]);

  await page.goto('/dashboard/orders');
  const link = page.getByRole('link', { name: new RegExp(`#${order.id}\\b`) });
  await link.waitFor();
  await link.click();
  await page.getByText('oleh rotasi CS otomatis').waitFor();
  await checkPage(page, 'order-rotation-history', 'phone');
  await context.close();
  expect(d.problems).toEqual([]);
});
