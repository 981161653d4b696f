// The dashboard as people use it, in Debian's chromium on the real server (issue 10's flows):
// an owner signs up, logs out and in, issues a key for "change order status" and uses it,
// sees when it was last used, revokes it and sees the next call refused; a second key with
// the same name gets the server's 409 text; a CS member invited by link finds the keys page
// closed; a webhook endpoint receives a signed test event at a local receiver.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOrder, seedProduct } from '../../test/helpers.js';
import { startReceiver, type Receiver, testDispatcher } from '../../test/webhook-receiver.js';
import { account, currentStoreId, logIn, openSection, signUp, startDashboard, type Dashboard } from './dashboard-browser.js';

let d: Dashboard;
let receiver: Receiver;
const owner = account({ storeName: 'Toko Kaos Sari', name: 'Sari Wulandari' });
let page: Page;

beforeAll(async () => {
  d = await startDashboard({ WEBHOOK_ALLOW_PRIVATE: '1' });
  receiver = await startReceiver();
  page = await (await d.context()).newPage();
});

afterAll(async () => {
  await receiver?.close();
  await d?.close();
});

const apiCall = (key: string, path: string) => fetch(`${d.base}${path}`, { headers: { 'X-API-Key': key } });

describe('an owner', () => {
  it('signs up, logs out and logs in again; the session cookie is HttpOnly and changes at login', async () => {
    await signUp(page, owner);
    const [first] = (await page.context().cookies()).filter((cookie) => cookie.name === 'lapak_session');
    expect(first).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });

    await page.getByRole('button', { name: 'Keluar' }).click();
    await page.waitForURL(/\/dashboard\/login/);
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'lapak_session')).toBe(false);

    // A deep link while logged out comes back after the login.
    await page.goto('/dashboard/account');
    await page.waitForURL(/\/dashboard\/login\?next=/);
    d.expectFailure('POST', '/dashboard/api/login', 401);
    await logIn(page, { email: owner.email, password: 'salah-sekali-123' });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/\S/);
    await logIn(page, owner);
    await page.waitForURL(`${d.base}/dashboard/account`);
    const [second] = (await page.context().cookies()).filter((cookie) => cookie.name === 'lapak_session');
    expect(second!.value).not.toBe(first!.value);
    await expect.poll(() => page.getByText(owner.email).count()).toBeGreaterThan(0);
  });

  it('issues a "change order status" key, uses it, sees its last use, revokes it and sees the next call refused', async () => {
    const tenantId = await currentStoreId(page);
    const product = await seedProduct(d.t.ctx, tenantId, { name: 'Kaos Polos', price: 75000 });
    const order = await seedOrder(d.t.ctx, tenantId, { product_id: product.id, variant: '' });

    await openSection(page, 'Kunci API');
    await page.getByRole('button', { name: 'Buat kunci' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Nama koneksi').fill('CRM Qontak');
    await dialog.getByRole('radio', { name: 'Ubah status pesanan', exact: true }).check();
    await dialog.getByRole('button', { name: 'Buat kunci' }).click();
    const shown = dialog.getByRole('textbox', { name: 'CRM Qontak' });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^lpk_[0-9a-f]{48}$/);
    await dialog.getByRole('button', { name: 'Salin' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    const card = page.getByRole('listitem').filter({ hasText: 'CRM Qontak' });
    await expect.poll(() => card.textContent()).toContain('Belum pernah');
    expect(await card.textContent()).toContain('Ubah status pesanan');

    const read = await apiCall(key, `/api/order_status.php?id=${order.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { order: { id: number } }).order.id).toBe(order.id);

    await page.reload();
    await expect.poll(() => card.textContent()).not.toContain('Belum pernah');
    expect(await card.textContent()).toMatch(/Terakhir dipakai\d{1,2} \w{3} \d{4}/);

    // The same connector name while the first key is active: the server's 409 text, beside the name (and once more from the test's own request).
    d.expectFailure('POST', '/dashboard/api/keys', 409, 2);
    await page.getByRole('button', { name: 'Buat kunci' }).click();
    await dialog.getByLabel('Nama koneksi').fill('CRM Qontak');
    await dialog.getByRole('button', { name: 'Buat kunci' }).click();
    await expect.poll(() => dialog.getByLabel('Nama koneksi').getAttribute('aria-invalid')).toBe('true');
    const taken = await page.evaluate(async () => {
      const res = await fetch('/dashboard/api/keys', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'CRM Qontak', purpose: 'order_status', expires_at: '2099-01-01' }) });
      return (await res.json()) as { error: string; code: string };
    });
    expect(taken.code).toBe('key_name_taken');
    expect(await dialog.textContent()).toContain(taken.error);
    await dialog.getByRole('button', { name: 'Batal' }).click();

    await card.getByRole('button', { name: 'Cabut CRM Qontak' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('CRM Qontak');
    await confirm.getByRole('button', { name: 'Cabut' }).click();
    await expect.poll(() => card.textContent()).toContain('Dicabut');

    const refused = await apiCall(key, `/api/order_status.php?id=${order.id}`);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: 'API key revoked' });
  });

  it('invites a CS member by link; the member joins and finds the keys page closed', async () => {
    await openSection(page, 'Tim');
    await page.getByRole('button', { name: 'Undang anggota' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Peran').selectOption('cs');
    await dialog.getByLabel('Untuk siapa').fill('Calon CS');
    await dialog.getByRole('button', { name: 'Buat tautan undangan' }).click();
    const link = page.getByRole('dialog').getByRole('textbox', { name: 'Tautan undangan siap' });
    await link.waitFor();
    const inviteUrl = await link.inputValue();
    expect(inviteUrl).toMatch(new RegExp(`^${d.base}/dashboard/invite\\?token=[\\w-]+$`));
    const wa = await page.getByRole('link', { name: 'Kirim via WhatsApp' }).getAttribute('href');
    expect(wa).toMatch(/^https:\/\/wa\.me\/\?text=/);
    // The message names the store and the role (issue 30, point 10).
    const message = decodeURIComponent(wa!.split('text=')[1]!);
    expect(message).toContain(inviteUrl);
    expect(message).toContain(`toko “${owner.storeName}”`);
    expect(message).toContain('sebagai CS');
    await page.getByRole('dialog').getByRole('button', { name: 'Tutup' }).click();
    await expect.poll(() => page.getByText('Tidak ada undangan terbuka.').count()).toBe(0);

    const cs = account({ name: 'Budi CS' });
    const member = await (await d.context()).newPage();
    // A link that is not (or no longer) an invitation says so and offers no form.
    d.expectFailure('POST', '/dashboard/api/invitations/preview', 404);
    await member.goto('/dashboard/invite?token=bukan-undangan');
    await expect.poll(() => member.getByRole('alert').textContent()).toMatch(/\S/);
    expect(await member.getByRole('button', { name: 'Terima undangan' }).count()).toBe(0);
    await member.goto(inviteUrl);
    // The page names the store and the role before anyone types anything.
    await expect.poll(() => member.getByText(`Anda diundang ke toko “${owner.storeName}” sebagai CS.`, { exact: false }).count()).toBe(1);
    await member.getByLabel('Nama Anda').fill(cs.name);
    await member.getByLabel('Email').fill(cs.email);
    await member.getByLabel('Kata sandi').fill(cs.password);
    await member.getByRole('button', { name: 'Terima undangan' }).click();
    await expect.poll(() => member.getByRole('heading', { level: 1 }).textContent()).toBe(`Selamat datang, ${cs.name}`);
    expect(await member.getByRole('button', { name: /Ganti toko/ }).textContent()).toContain(owner.storeName);

    const menu = member.getByRole('navigation', { name: 'Menu utama' }).filter({ visible: true });
    expect(await menu.getByRole('link').allTextContents()).toEqual(['Beranda', 'Pesanan', 'Laporan', 'Produk', 'Akun']);
    await member.goto('/dashboard/keys');
    await expect.poll(() => member.getByRole('heading', { level: 1 }).textContent()).toBe('Tidak ada akses');
    expect(await member.getByText('lpk_').count()).toBe(0);

    // The owner sees the new member and no open invitation.
    await page.reload();
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: cs.email }).count()).toBe(1);
    expect(await page.getByText('Tidak ada undangan terbuka.').count()).toBe(1);
    await member.context().close();
  });

  it('adds a webhook endpoint and sends a test event that a local receiver verifies', async () => {
    await openSection(page, 'Webhook');
    await page.getByRole('button', { name: 'Tambah endpoint' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('URL (https)').fill(receiver.url);
    await dialog.getByLabel('Keterangan').fill('CRM lokal');
    await dialog.getByRole('button', { name: 'Tambah endpoint' }).click();
    const secret = dialog.getByRole('textbox', { name: 'Rahasia penandatanganan' });
    await secret.waitFor();
    receiver.secret = await secret.inputValue();
    expect(receiver.secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Tutup' }).click();

    const card = page.getByRole('listitem').filter({ hasText: 'CRM lokal' });
    await card.getByRole('button', { name: 'Kirim tes' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toContain('webhook.test');

    const dispatcher = testDispatcher(d.t);
    await dispatcher.runOnce();
    await dispatcher.stop();
    await receiver.waitFor(1);
    expect(receiver.rejected).toEqual([]);
    expect(receiver.received[0]!.body.type).toBe('webhook.test');
    expect(receiver.received[0]!.path).toBe(new URL(receiver.url).pathname);

    await card.getByRole('link', { name: 'Log pengiriman' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Log pengiriman');
    const delivery = page.getByRole('main').getByRole('listitem').first();
    await expect.poll(() => delivery.textContent()).toContain('Terkirim');
    expect(await delivery.textContent()).toContain('Percobaan 1');
    expect(await delivery.textContent()).toContain('200');
    expect(await delivery.textContent()).toContain('Event uji');

    // An integration moves an order from pending to closing: the log names the event, the change
    // and the order, and shows on demand the exact body the receiver got (issue 30, point 11).
    const tenantId = await currentStoreId(page);
    const product = await seedProduct(d.t.ctx, tenantId, { name: 'Kaos Webhook', price: 50000 });
    const order = await seedOrder(d.t.ctx, tenantId, { product_id: product.id, variant: '' });
    const issued = await page.context().request.post('/dashboard/api/keys', { data: { name: 'CRM status', purpose: 'order_status', expires_at: '2099-01-01' } });
    const key = ((await issued.json()) as { key: string }).key;
    const patched = await fetch(`${d.base}/api/order_status.php`, { method: 'PATCH', headers: { 'X-API-Key': key, 'content-type': 'application/json' }, body: JSON.stringify({ id: order.id, status: 'closing' }) });
    expect(patched.status).toBe(200);
    const again = testDispatcher(d.t);
    await again.runOnce();
    await again.stop();
    await receiver.waitFor(2);
    await page.reload();
    const change = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Status pesanan berubah' });
    await expect.poll(() => change.textContent()).toContain('Menunggu → Closing');
    expect(await change.textContent()).toContain(`Pesanan#${order.id}`);
    expect(await change.textContent()).toContain('order.status_changed');
    await change.getByRole('button', { name: 'Lihat isi yang dikirim' }).click();
    const body = change.getByRole('textbox', { name: 'Isi yang dikirim (JSON)' });
    await expect.poll(() => body.count()).toBe(1);
    expect(await body.inputValue()).toBe(receiver.received[1]!.raw);
  });

  it('creates a second store from the store menu, and a tab left on the other store writes nothing into the wrong one', async () => {
    await page.goto('/dashboard/');
    await page.getByRole('button', { name: /Ganti toko/ }).click();
    await page.getByRole('menuitem', { name: /Buat toko baru/ }).click();
    await page.getByRole('dialog').getByLabel('Nama toko').fill('Toko Uji Coba');
    await page.getByRole('dialog').getByRole('button', { name: 'Buat toko' }).click();
    await expect.poll(() => page.getByRole('button', { name: /Ganti toko/ }).textContent()).toContain('Toko Uji Coba');
    const testStore = await currentStoreId(page);

    // A second tab of the same browser, on the keys page of the test store.
    const other = await page.context().newPage();
    await other.goto('/dashboard/keys');
    await expect.poll(() => other.getByRole('button', { name: /Ganti toko/ }).textContent()).toContain('Toko Uji Coba');

    // The first tab switches back to the real store.
    await page.getByRole('button', { name: /Ganti toko/ }).click();
    await page.getByRole('menuitem', { name: new RegExp(owner.storeName) }).click();
    await expect.poll(() => page.getByRole('button', { name: /Ganti toko/ }).textContent()).toContain(owner.storeName);

    // The second tab still shows the test store and tries to issue a key there.
    d.expectFailure('POST', '/dashboard/api/keys', 409);
    await other.getByRole('button', { name: 'Buat kunci' }).click();
    await other.getByRole('dialog').getByLabel('Nama koneksi').fill('Salah toko');
    await other.getByRole('dialog').getByRole('button', { name: 'Buat kunci' }).click();
    await expect.poll(() => other.getByText('Toko aktif berubah di tab lain').count()).toBe(1);
    await other.keyboard.press('Escape');
    await expect.poll(() => other.getByRole('button', { name: /Ganti toko/ }).textContent()).toContain(owner.storeName);
    const keys = await d.t.ctx.db.selectFrom('api_keys').select(['tenant_id', 'name']).where('name', '=', 'Salah toko').execute();
    expect(keys).toEqual([]);
    expect(testStore).not.toBe(await currentStoreId(page));
    await other.close();
  });

  it('renders every text it is given as text: a store and a name holding markup run nothing', async () => {
    const context = await d.context();
    const tricky = await context.newPage();
    const markup = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
    const who = account({ storeName: `Toko ${markup}`, name: `Nama ${markup}` });
    await tricky.goto('/dashboard/');
    await tricky.waitForURL(/login/);
    await tricky.goto('/dashboard/signup');
    await tricky.getByLabel('Nama toko').fill(who.storeName);
    await tricky.getByLabel('Nama Anda').fill(who.name);
    await tricky.getByLabel('Email').fill(who.email);
    await tricky.getByLabel('Kata sandi').fill(who.password);
    await tricky.getByRole('button', { name: 'Buat toko' }).click();
    await expect.poll(() => tricky.getByRole('heading', { level: 1 }).textContent()).toBe(`Selamat datang, ${who.name}`);
    for (const path of ['/dashboard/', '/dashboard/team', '/dashboard/keys', '/dashboard/webhooks', '/dashboard/account']) {
      await tricky.goto(path);
      await expect.poll(() => tricky.getByText(who.storeName).count()).toBeGreaterThan(0);
      expect(await tricky.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
      expect(await tricky.locator('main img, header img').count()).toBe(0);
    }
    await context.close();
  });

  // Issue 30, point 15: accepting the invitation above no longer asked for its preview again (a 404).
  it('reported no script error, no Content-Security-Policy violation, no console error and no undeclared failed request on any page', () => {
    expect(d.problems).toEqual([]);
  });
});
