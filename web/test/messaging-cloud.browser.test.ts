// The WhatsApp Cloud API in chromium on the real server, against a local stand-in of Meta's API
// (issue 42, "How it is judged"): the owner on a 360×740 phone chooses the Cloud API on "Pesan
// otomatis" (refused beside the provider until the token is saved), enters the store's number
// ids, saves the access token with the password (a wrong one refused in the dialog), a template
// for FU1 with its placeholders in order, and sends the test message (the stand-in receives
// hello_world). A buyer's reply, posted to /webhooks/whatsapp signed as Meta signs it, marks the
// CS's open list "Balasan baru" live; the filter keeps it; on the order's page the conversation
// comes first and the CS answers it (the stand-in receives the text); "Sudah ditangani" clears a
// second reply; STOP shows its badge; a day later the window is closed and the box is gone. A
// token Meta refused stops the sending: the home page and "Pesan otomatis" say what to do, and a
// new token clears it. Fonnte asks for its risk to be accepted, and "Buat alamat baru" replaces
// its webhook address (the old one answers 404). axe (WCAG 2.2 AA) and 44 px
// targets at 360 px on every page, a desktop (1280 px) pass, and screenshots at both widths.
import { createHmac } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedKaos } from '../../test/form-helpers.js';
import { CUSTOMER, seedOrder } from '../../test/helpers.js';
import { startWhatsAppStandIn, type WhatsAppStandIn } from '../../test/whatsapp-stand-in.js';
import { haltSending } from '../../src/messaging/halt.js';
import { STOP_CONFIRMATION } from '../../src/messaging/texts.js';
import { updateStoreSettings } from '../../src/tenants/update-store-settings.js';
import { account, checkPage, DESKTOP, openSection, PHONE, postJson, startDashboard, type Dashboard } from './dashboard-browser.js';

const APP_SECRET = 'meta-app-secret-for-the-browser';
const VERIFY_TOKEN = 'verify-token-for-the-browser';
const NUMBER_ID = '109876543210777';
const WABA_ID = '200000000000777';
const TOKEN = 'EAAG-browser-test-access-token';
const BUYER_WA = '6281277001234';
const HOUR = 3_600_000;

let wa: WhatsAppStandIn;
let d: Dashboard;
const owner = account({ storeName: 'Toko Cloud', name: 'Sari Wulandari' });
const cs = account({ name: 'Rina Kusuma' });
let tenantId: number;
let orderId: number;

beforeAll(async () => {
  wa = await startWhatsAppStandIn();
  d = await startDashboard({ WHATSAPP_APP_SECRET: APP_SECRET, WHATSAPP_VERIFY_TOKEN: VERIFY_TOKEN, WHATSAPP_API_BASE_URL: wa.url, WHATSAPP_API_VERSION: 'v23.0' });
  const ownerContext = await d.context(DESKTOP);
  const r = ownerContext.request;
  await postJson(r, '/dashboard/api/signup', { store_name: owner.storeName, name: owner.name, email: owner.email, password: owner.password });
  tenantId = ((await (await r.get('/dashboard/api/me')).json()) as { store: { id: number } }).store.id;
  const invite = await postJson(r, '/dashboard/api/team/invitations', { role: 'cs', integrations: false });
  const csContext = await d.context();
  await postJson(csContext.request, '/dashboard/api/invitations/accept', { token: new URL(invite.invite_url).searchParams.get('token'), name: cs.name, email: cs.email, password: cs.password });
  await csContext.close();
  // The test message goes to the store's number.
  const settings = await updateStoreSettings(d.t.ctx.db, d.t.ctx.clock, d.t.ctx.sealer, tenantId, { payment_methods: ['bank_transfer'], whatsapp_number: '0812-9999-0000' });
  if (!settings.ok) throw new Error(settings.message);
  const kaos = await seedKaos(d.t.ctx, tenantId);
  orderId = (await seedOrder(d.t.ctx, tenantId, { product_id: kaos.id, variant: 'Hitam / L', customer: { ...CUSTOMER, name: 'Dewi Lestari', phone: '0812-7700-1234' } })).id;
  // Older orders of other buyers around it, so that the filter has something to leave out.
  for (const [name, phone] of [['Agus Salim', '0812-7700-2000'], ['Wati Susanti', '0812-7700-3000']] as const) {
    await seedOrder(d.t.ctx, tenantId, { product_id: kaos.id, variant: 'Putih / M', customer: { ...CUSTOMER, name, phone } });
  }
  await postJson(r, '/dashboard/api/orders/assign', { ids: [orderId], cs: await csUserId() });
  await ownerContext.close();
});

afterAll(async () => {
  await d?.close();
  await wa?.close();
});

async function csUserId(): Promise<number> {
  const row = await d.t.ctx.db.selectFrom('users').select('id').where('email', '=', cs.email).executeTakeFirstOrThrow();
  return Number(row.id);
}

async function loggedIn(device: typeof PHONE | typeof DESKTOP, who: { email: string; password: string }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await d.context(device);
  await postJson(context.request, '/dashboard/api/login', { email: who.email, password: who.password });
  return { context, page: await context.newPage() };
}

let wamids = 0;
/** The buyer writes to the store's number: Meta's webhook, signed with the app secret over the raw body. */
async function buyerWrites(text: string): Promise<void> {
  // A minute passes between what the buyer and the store write, as it does (the clock is the test's).
  d.t.clock.advance(60_000);
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: WABA_ID,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '6281299990000', phone_number_id: NUMBER_ID },
              contacts: [{ profile: { name: 'Dewi' }, wa_id: BUYER_WA }],
              messages: [{ from: BUYER_WA, id: `wamid.BUYER${++wamids}`, timestamp: String(Math.floor(d.t.clock.now() / 1000)), type: 'text', text: { body: text } }],
            },
          },
        ],
      },
    ],
  });
  const signature = `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
  const res = await d.t.request({ method: 'POST', url: '/webhooks/whatsapp', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: raw });
  expect(res.statusCode, res.body).toBe(200);
}

const automation = async (context: BrowserContext) => (await (await context.request.get('/dashboard/api/messaging')).json()) as Record<string, any>;

it('the owner connects the WhatsApp Cloud API on a phone: number ids, the token with the password, a template, the test message', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/');
  await openSection(page, 'Pesan otomatis');
  await page.getByLabel('Penyedia', { exact: true }).selectOption('cloud_api');
  await page.getByRole('heading', { name: 'WhatsApp Cloud API', level: 3 }).waitFor();
  await page.getByLabel('Phone number ID').fill(NUMBER_ID);
  await page.getByLabel('WhatsApp Business Account ID (WABA ID)').fill(WABA_ID);
  await page.getByLabel('Nomor WhatsApp toko').fill('0812-9999-0000');

  // Without the token, the Cloud API is refused beside the provider; nothing is saved.
  d.expectFailure('PATCH', '/dashboard/api/messaging', 422);
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Simpan token akses WhatsApp Cloud API dulu (dengan kata sandi Anda).').waitFor();
  expect(await page.getByLabel('Penyedia', { exact: true }).getAttribute('aria-invalid')).toBe('true');
  expect((await automation(context)).provider).toBeNull();

  // The token, with the password: a wrong one is refused in the dialog, the right one saves it.
  await page.getByLabel('Token akses baru').fill(TOKEN);
  await page.getByRole('button', { name: 'Simpan token' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Kata sandi').fill('bukan-kata-sandinya-1');
  d.expectFailure('PATCH', '/dashboard/api/settings/sensitive', 403);
  await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await dialog.getByRole('alert').waitFor();
  await dialog.getByLabel('Kata sandi').fill(owner.password);
  await dialog.getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await page.getByText('Token tersimpan.').waitFor();
  // The badge follows the refetch of the settings that the saved token starts.
  await page.locator(`#cloud-token`).getByText('Tersimpan', { exact: true }).waitFor();
  // What the owner chose before saving the token is still chosen.
  expect(await page.getByLabel('Phone number ID').inputValue()).toBe(NUMBER_ID);
  expect(await page.getByLabel('Penyedia', { exact: true }).inputValue()).toBe('cloud_api');

  // FU1's template outside the window: its name, language and placeholders in order.
  const fu1 = page.getByTestId('template-fu1');
  await fu1.locator('summary').click();
  await fu1.getByLabel('Nama template: FU1').fill('pengingat_bayar');
  await fu1.getByLabel('Placeholder: FU1').selectOption('total');
  await fu1.getByRole('button', { name: 'Tambah' }).click();
  await fu1.getByLabel('Placeholder: FU1').selectOption('nama');
  await fu1.getByRole('button', { name: 'Tambah' }).click();
  await fu1.getByRole('button', { name: 'Naikkan nama' }).click();
  expect(await page.getByTestId('params-fu1').textContent()).toBe('1. {nama}Hapus2. {total}NaikHapus');
  await page.getByLabel('FU1 — pengingat pertama', { exact: true }).check();

  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Pengaturan pesan otomatis tersimpan.').waitFor();
  expect(await automation(context)).toMatchObject({
    provider: 'cloud_api',
    halted: null,
    steps: { fu1: { on: true } },
    cloud_api: {
      available: true,
      phone_number_id: NUMBER_ID,
      waba_id: WABA_ID,
      phone: '6281299990000',
      access_token: 'set',
      templates: { fu1: { name: 'pengingat_bayar', language: 'id', params: ['nama', 'total'] }, fu2: null },
      paid_last_30_days: 0,
      webhook_url: `${d.base}/webhooks/whatsapp`,
    },
  });
  // The token is never shown back, anywhere on the page.
  expect(await page.content()).not.toContain(TOKEN);
  await page.getByText('Template berbayar yang terkirim dalam 30 hari terakhir: 0.').waitFor();
  expect(await page.getByLabel('URL webhook (Callback URL) di aplikasi Meta').inputValue()).toBe(`${d.base}/webhooks/whatsapp`);

  // The test message: Meta's hello_world to the store's number, through the stand-in.
  await page.getByRole('button', { name: 'Kirim pesan uji' }).click();
  await expect.poll(() => page.getByTestId('test-result').textContent()).toMatch(/^Pesan uji terkirim \(ID wamid\.STANDIN\d+\)/);
  const sent = wa.requests.at(-1)!;
  expect(sent.path).toBe(`/v23.0/${NUMBER_ID}/messages`);
  expect(sent.authorization).toBe(`Bearer ${TOKEN}`);
  expect(sent.body).toMatchObject({ messaging_product: 'whatsapp', to: '6281299990000', type: 'template', template: { name: 'hello_world' } });

  // FU1's template stays open in the screenshot.
  await checkPage(page, 'messaging-cloud', 'phone');
  await context.close();
  expect(d.problems).toEqual([]);
});

it("a buyer's reply marks the CS's open list live, the filter keeps it, and the CS answers on the order's page", async () => {
  const { context, page } = await loggedIn(PHONE, cs);
  await page.goto('/dashboard/orders');
  const card = page.locator('article').filter({ has: page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }) });
  await card.waitFor();
  expect(await card.getByText('Balasan baru').count()).toBe(0);
  // The buyer writes while the list is open: the row says so without a reload.
  await page.waitForLoadState('networkidle');
  await buyerWrites('Kak, ongkirnya ke Bandung berapa ya?');
  await card.getByText('Balasan baru').waitFor();

  // The filter: only the orders whose reply waits, kept as a chip.
  const owners = await loggedIn(PHONE, owner);
  await owners.page.goto('/dashboard/orders');
  await owners.page.getByRole('button', { name: /^Filter/ }).click();
  await owners.page.getByLabel('Hanya yang ada balasan baru').check();
  await owners.page.getByRole('button', { name: 'Terapkan filter' }).click();
  await owners.page.waitForURL(/reply=new/);
  await expect.poll(() => owners.page.locator('article').count()).toBe(1);
  await owners.page.getByRole('button', { name: 'Hapus filter Hanya yang ada balasan baru' }).waitFor();
  await owners.page.getByRole('link', { name: 'Semua 1' }).waitFor();
  await checkPage(owners.page, 'orders-replies', 'phone', { screen: true });
  await owners.context.close();

  // The order's page: the conversation first, the buyer's message in it.
  await card.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }).click();
  const conversation = page.getByTestId('conversation');
  await conversation.getByText('Kak, ongkirnya ke Bandung berapa ya?').waitFor();
  expect(await conversation.getByText('Balasan baru', { exact: true }).count()).toBe(1);
  // First on the page, above the status.
  const [chatTop, statusTop] = await Promise.all([conversation.boundingBox(), page.getByRole('heading', { name: 'Status', exact: true }).boundingBox()]);
  expect(chatTop!.y).toBeLessThan(statusTop?.y ?? Number.POSITIVE_INFINITY);
  expect(chatTop!.y).toBeLessThan(740);
  await page.getByText(/Balasan biasa bisa dikirim sampai/).waitFor();
  await checkPage(page, 'order-conversation', 'phone');

  // The CS answers: through the provider, shown with their name; "Balasan baru" cleared.
  const sentBefore = wa.requests.length;
  d.t.clock.advance(60_000);
  await conversation.getByLabel('Balas pembeli').fill('Ongkir ke Bandung Rp15.000, Kak.');
  await conversation.getByRole('button', { name: 'Kirim balasan' }).click();
  await conversation.getByText('Balasan terkirim.').waitFor();
  const out = conversation.getByTestId('chat-out').filter({ hasText: 'Ongkir ke Bandung Rp15.000, Kak.' });
  await out.waitFor();
  expect(await out.textContent()).toContain(cs.name);
  expect(await out.textContent()).toContain('Terkirim');
  await expect.poll(() => conversation.getByText('Balasan baru', { exact: true }).count()).toBe(0);
  expect(wa.requests.length).toBe(sentBefore + 1);
  expect(wa.requests.at(-1)!.body).toMatchObject({ to: BUYER_WA, type: 'text', text: { body: 'Ongkir ke Bandung Rp15.000, Kak.' } });

  // A second reply that needs no answer: "Sudah ditangani".
  await buyerWrites('Oke kak, makasih');
  await conversation.getByText('Oke kak, makasih').waitFor();
  await conversation.getByRole('button', { name: 'Sudah ditangani' }).click();
  await expect.poll(() => conversation.getByText('Balasan baru', { exact: true }).count()).toBe(0);
  expect(wa.requests.length).toBe(sentBefore + 1);

  // STOP: the phone opts out, Lapak answers once, the badge says so (no live event: STOP is no
  // reply to answer, so the page shows it when opened again).
  await buyerWrites('STOP');
  await page.reload();
  await conversation.getByText('Berhenti (STOP)').waitFor();
  await conversation.getByText(STOP_CONFIRMATION).waitFor();
  expect(await conversation.getByText(/Lapak \(otomatis\)/).count()).toBe(1);
  await page.goto('/dashboard/orders');
  await card.getByText('Berhenti (STOP)').waitFor();

  // A day later the window is closed: only a template could go, and there is no box.
  d.t.clock.advance(25 * HOUR);
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByTestId('window-closed').waitFor();
  expect(await page.getByLabel('Balas pembeli').count()).toBe(0);
  await checkPage(page, 'order-conversation-closed', 'phone');
  await context.close();
  expect(d.problems).toEqual([]);
});

it('the desktop pass: "Pesan otomatis", the filtered list and the conversation at 1280 px', async () => {
  await buyerWrites('Kak, jadi kirim hari ini?');
  const { context, page } = await loggedIn(DESKTOP, owner);
  await page.goto('/dashboard/messaging');
  await page.getByRole('heading', { name: 'WhatsApp Cloud API', level: 3 }).waitFor();
  await checkPage(page, 'messaging-cloud', 'desktop');
  await page.goto('/dashboard/orders?reply=new');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: new RegExp(`#${orderId}\\b`) }) });
  await row.getByText('Balasan baru').waitFor();
  expect(await row.getByText('Berhenti (STOP)').count()).toBe(1);
  await checkPage(page, 'orders-replies', 'desktop');
  await page.goto(`/dashboard/orders/${orderId}`);
  await page.getByTestId('conversation').getByText('Kak, jadi kirim hari ini?').waitFor();
  await checkPage(page, 'order-conversation', 'desktop');
  await context.close();
  expect(d.problems).toEqual([]);
});

it("a token Meta refused stops the sending: the home page and \"Pesan otomatis\" say what to do, and a new token clears it", async () => {
  await haltSending(d.t.ctx.db, tenantId, 'token', d.t.clock.now());
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/');
  const notice = page.getByTestId('sending-halted');
  await notice.getByText('Pengiriman pesan berhenti').waitFor();
  expect(await notice.textContent()).toContain('simpan di Pesan otomatis, bagian WhatsApp Cloud API');
  await checkPage(page, 'home-sending-halted', 'phone');
  const desktop = await loggedIn(DESKTOP, owner);
  await desktop.page.goto('/dashboard/');
  await desktop.page.getByTestId('sending-halted').waitFor();
  await checkPage(desktop.page, 'home-sending-halted', 'desktop');
  await desktop.context.close();
  await notice.getByRole('link', { name: 'Buka Pesan otomatis' }).click();
  const halted = page.getByTestId('halted');
  await halted.waitFor();
  await checkPage(page, 'messaging-halted', 'phone', { screen: true });
  await halted.getByRole('link', { name: 'Isi token baru' }).click();
  await page.getByLabel('Token akses baru').fill(`${TOKEN}-baru`);
  await page.getByRole('button', { name: 'Simpan token' }).first().click();
  await page.getByRole('dialog').getByLabel('Kata sandi').fill(owner.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await page.getByText('Token tersimpan.').waitFor();
  await expect.poll(() => halted.count()).toBe(0);
  expect((await automation(context)).halted).toBeNull();
  await page.goto('/dashboard/');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.getByTestId('sending-halted').count()).toBe(0);
  await context.close();
  expect(d.problems).toEqual([]);
});

it('Fonnte: the warning, its risk to accept before it can be chosen, the device token, the daily cap and a new webhook address', async () => {
  const { context, page } = await loggedIn(PHONE, owner);
  await page.goto('/dashboard/messaging');
  await page.getByLabel('Penyedia', { exact: true }).selectOption('fonnte');
  await page.getByText('Fonnte bukan layanan resmi WhatsApp', { exact: false }).waitFor();
  expect(await page.getByLabel('Batas pesan per hari').inputValue()).toBe('200');
  d.expectFailure('PATCH', '/dashboard/api/messaging', 422);
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Centang dulu bahwa Anda memahami risiko Fonnte (tidak resmi, nomor bisa diblokir WhatsApp).').waitFor();
  await page.getByText('Simpan token perangkat Fonnte dulu (dengan kata sandi Anda).').waitFor();
  expect((await automation(context)).provider).toBe('cloud_api');
  await checkPage(page, 'messaging-fonnte', 'phone');

  await page.getByLabel('Saya memahami risikonya dan tetap memakai Fonnte').check();
  await page.getByLabel('Token perangkat baru').fill('fonnte-device-token');
  await page.locator('#fonnte-token').getByRole('button', { name: 'Simpan token' }).click();
  await page.getByRole('dialog').getByLabel('Kata sandi').fill(owner.password);
  await page.getByRole('dialog').getByRole('button', { name: 'Konfirmasi dan simpan' }).click();
  await page.locator('#fonnte-token').getByText('Token tersimpan.').waitFor();
  await page.getByLabel('Batas pesan per hari').fill('150');
  await page.getByRole('button', { name: 'Simpan', exact: true }).click();
  await page.getByText('Pengaturan pesan otomatis tersimpan.').waitFor();
  expect(await automation(context)).toMatchObject({ provider: 'fonnte', fonnte: { token: 'set', daily_cap: 150, accepted_risk: true, webhook_url: expect.stringMatching(/\/webhooks\/fonnte\/[\w-]+$/) } });
  // Its webhook address, to paste at Fonnte, and a new one: asked first, the old one stops at once.
  const address = page.getByLabel('URL webhook di Fonnte');
  const old = await address.inputValue();
  expect(old).toMatch(/\/webhooks\/fonnte\/[\w-]+$/);
  await page.getByRole('button', { name: 'Buat alamat baru' }).click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Alamat lama langsung berhenti bekerja.', { exact: false }).waitFor();
  await confirm.getByRole('button', { name: 'Buat alamat baru' }).click();
  await page.getByText('Alamat webhook baru dibuat. Tempel di Fonnte.').waitFor();
  const renewed = await address.inputValue();
  expect(renewed).toMatch(/\/webhooks\/fonnte\/[\w-]+$/);
  expect(renewed).not.toBe(old);
  expect((await automation(context)).fonnte.webhook_url).toBe(renewed);
  const oldPath = new URL(old).pathname;
  expect((await d.t.request({ method: 'POST', url: oldPath, headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(404);
  await context.close();
  const desktop = await loggedIn(DESKTOP, owner);
  await desktop.page.goto('/dashboard/messaging');
  await desktop.page.getByLabel('URL webhook di Fonnte').waitFor();
  await checkPage(desktop.page, 'messaging-fonnte', 'desktop');
  await desktop.context.close();
  expect(d.problems).toEqual([]);
});
