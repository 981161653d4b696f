// The buyer's own order page (issue 44 §2; docs/buyer-page.md), on SQLite and PostgreSQL: the
// token's length and randomness and how it is stored (a keyed hash and the token sealed, never in
// plain); the thank-you page's link; the page's headers, its words and nothing of the buyer beyond
// the first name and the city; expiry 90 days after closing and revival on reopening (the clock
// moved); regeneration from the dashboard (old 404, new 200) and its CS scope; the token in no log
// line of a real request; 60 requests a minute per IP; {link_pesanan} in a message and in a
// preview.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../../test/form-helpers.js';
import { startGatewayStandIn, type GatewayStandIn } from '../../../test/gateway-stand-in.js';
import { createMemoryLimiters } from '../../lib/limits.js';
import { createSession } from '../../sessions/create-session.js';
import { sessionCookieName } from '../../sessions/session-cookie.js';
import type { Product } from '../../products/product-record.js';
import { createSealer, sealedKeyId } from '../../lib/secrets/sealer.js';
import { sealStoredSecrets } from '../../secrets/seal-stored-secrets.js';
import { runDue } from '../../messaging/run-due.js';
import { BUYER_LINK_PURPOSE, appBuyerLinks, findBuyerOrder, isBuyerToken, newBuyerToken } from './buyer-links.js';
import { CUSTOMER, TEST_SECRET_KEY, freshDatabase, seedOrder, startTestApp, type Store } from '../../../test/helpers.js';
import { timelineOf } from './timeline.js';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let gateway: GatewayStandIn;
let gatewayStore: Store;
let gatewayKaos: Product;
let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let kaos: Product;
let owner: Member;
let csOne: Member;
let csTwo: Member;
const DAY = 86_400_000;
const MINUTE = 60_000;

beforeAll(async () => {
  database = await freshDatabase();
  gateway = await startGatewayStandIn();
  t = await startTestApp({ database, env: { MIDTRANS_BASE_URL: gateway.url } });
  gatewayStore = await seedFormStore(t.ctx, { payment_methods: ['gateway', 'bank_transfer'], gateway: 'midtrans', midtrans_server_key: 'SB-Mid-server-buyer-page-0123456789' }, 'Toko Midtrans');
  gatewayKaos = await seedKaos(t.ctx, gatewayStore.tenantId);
  store = await seedFormStore(t.ctx, {}, 'Toko Buyer');
  kaos = await seedKaos(t.ctx, store.tenantId);
  owner = await seedMember(t.ctx, store.tenantId, 'owner');
  csOne = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'CS Satu' });
  csTwo = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'CS Dua' });
});
// The tests move the clock by months: every test starts with fresh sessions of the members.
beforeEach(async () => {
  for (const member of [owner, csOne, csTwo]) {
    const { token } = await createSession(t.ctx.db, t.clock, store.tenantId, member.userId);
    member.cookie = `${sessionCookieName(t.ctx.config.publicUrl)}=${token}`;
  }
});
afterAll(async () => {
  await t.close();
  await database.drop();
  await gateway.close();
});

const formUrl = () => `/form/${store.tenantId}/${kaos.slug}`;
const tokenIn = (url: string) => url.slice(url.lastIndexOf('/p/') + 3);
const pathOf = (url: string) => new URL(url).pathname;
const get = (url: string, ip = '10.0.0.1') => t.request({ method: 'GET', url, remoteAddress: ip });
const post = (member: Member, url: string, body?: unknown) =>
  t.request({ method: 'POST', url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });

/** Places an order through the form and follows the redirect: the thank-you page's HTML. */
async function orderThroughForm(overrides: Record<string, string> = {}): Promise<string> {
  const form = await get(formUrl());
  const placed = await t.request({ method: 'POST', url: formUrl(), payload: formBody(tokenOf(form.body), overrides), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  expect(placed.statusCode, placed.body).toBe(303);
  const thanks = await get(String(placed.headers.location));
  expect(thanks.statusCode).toBe(200);
  return thanks.body;
}

/** The buyer's page link on a thank-you page. */
function linkOn(thankYou: string): string {
  const match = /id="lf-order-page" href="([^"]+)"/.exec(thankYou);
  if (!match) throw new Error('no order page link on the thank-you page');
  return match[1]!.replace(/&amp;/g, '&');
}

const seeded = (input: Record<string, unknown> = {}) => seedOrder(t.ctx, store.tenantId, { product_id: kaos.id, variant: 'Hitam / M', ...input });
const linkOf = (orderId: number) => appBuyerLinks(t.ctx).urlOf(store.tenantId, orderId);
const move = async (id: number, status: string, extra: Record<string, unknown> = {}) => {
  // A member of now: the clock may have moved past the test's sessions.
  const res = await post(await seedMember(t.ctx, store.tenantId, 'owner'), `/dashboard/api/orders/${id}/status`, { status, ...extra });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the link', () => {
  it('is made the first time the thank-you page is shown, at least 128 random bits in base64url, stored only as a keyed hash and sealed', async () => {
    const thanks = await orderThroughForm();
    const url = linkOn(thanks);
    expect(url.startsWith('https://lapak.test/p/')).toBe(true);
    const token = tokenIn(url);
    expect(isBuyerToken(token)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const rows = await t.ctx.db.selectFrom('buyer_links').selectAll().where('tenant_id', '=', store.tenantId).execute();
    const row = rows.find((r) => r.token_hash === t.ctx.sealer.digest(token, BUYER_LINK_PURPOSE))!;
    expect(row).toBeDefined();
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row.sealed_token.startsWith('sealed:v1:')).toBe(true);
    expect(await linkOf(Number(row.order_id))).toBe(url);
    // The page answers it.
    expect((await get(pathOf(url))).statusCode).toBe(200);
  });

  it('200 tokens are distinct and each decodes to 18 bytes; 30 orders get 30 distinct links', async () => {
    const tokens = Array.from({ length: 200 }, newBuyerToken);
    expect(new Set(tokens).size).toBe(200);
    for (const token of tokens) expect(Buffer.from(token, 'base64url')).toHaveLength(18);
    // Every character of the alphabet is about as likely: no fixed position holds one value.
    for (let i = 0; i < 20; i++) expect(new Set(tokens.map((tk) => tk[i])).size).toBeGreaterThan(20);
    const links = [];
    for (let i = 0; i < 30; i++) links.push(await linkOf((await seeded()).id));
    expect(new Set(links).size).toBe(30);
  });

  it('`lapak secrets rotate` re-seals the token and hashes it with the new key: the same link keeps opening the order', async () => {
    const { id } = await seeded();
    const token = tokenIn(await linkOf(id));
    const rotated = createSealer(Buffer.alloc(32, 9), [Buffer.from(TEST_SECRET_KEY, 'base64')]);
    const report = await sealStoredSecrets(t.ctx.db, rotated, 'all');
    expect(report.unreadable).toEqual([]);
    const row = await t.ctx.db.selectFrom('buyer_links').select(['sealed_token', 'token_hash']).where('order_id', '=', id).executeTakeFirstOrThrow();
    expect(sealedKeyId(row.sealed_token)).toBe(rotated.keyId);
    expect(row.token_hash).toBe(rotated.digest(token, BUYER_LINK_PURPOSE));
    expect((await findBuyerOrder({ db: t.ctx.db, sealer: rotated, clock: t.clock }, token))?.id).toBe(id);
    // Back to the test's key, so the other tests go on as they were.
    await sealStoredSecrets(t.ctx.db, createSealer(Buffer.from(TEST_SECRET_KEY, 'base64'), [Buffer.alloc(32, 9)]), 'all');
    expect((await get(`/p/${token}`)).statusCode).toBe(200);
  });

  it('made twice at once for one order: one link', async () => {
    const { id } = await seeded();
    const both = await Promise.all([linkOf(id), linkOf(id), linkOf(id)]);
    expect(new Set(both).size).toBe(1);
    expect(await t.ctx.db.selectFrom('buyer_links').select('order_id').where('tenant_id', '=', store.tenantId).where('order_id', '=', id).execute()).toHaveLength(1);
  });
});

describe('the page', () => {
  it('says noindex, no referrer, no store, in HTML; an unknown or malformed token is a plain 404 page with the same headers', async () => {
    const url = await linkOf((await seeded()).id);
    for (const [path, status] of [[pathOf(url), 200], [`/p/${newBuyerToken()}`, 404], ['/p/pendek', 404], [`/p/${'x'.repeat(150)}`, 404], ['/p/a/b', 404]] as const) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(status);
      expect(res.headers['x-robots-tag'], path).toBe('noindex');
      expect(res.headers['referrer-policy'], path).toBe('no-referrer');
      expect(res.headers['cache-control'], path).toBe('no-store');
      expect(String(res.headers['content-type']), path).toMatch(/^text\/html/);
      if (status === 404) expect(res.body).toContain('Halaman pesanan tidak ditemukan');
    }
  });

  it('shows the first name and the city, the timeline and what to pay; never the phone, the address, the last name or another order', async () => {
    const buyer = {
      name: 'Wulandari Kusumawardhani Pratiwi',
      phone: '0857-7123-4598',
      email: 'wulan.rahasia@example.com',
      address: 'Jl. Anggrek Rahasia No. 77',
      village: 'Desa Tersembunyi',
      district: 'Kecamatan Sunyi',
      city: 'Kabupaten Garut',
      province: 'Jawa Barat',
      postal_code: '44181',
    };
    const other = await seeded({ customer: buyer, quantity: 3 });
    await t.ctx.db.updateTable('orders').set({ product_name: 'Produk Pesanan Lain' }).where('id', '=', other.id).execute();
    const order = await seeded({ customer: buyer });
    const res = await get(pathOf(await linkOf(order.id)));
    expect(res.statusCode).toBe(200);
    const page = res.body;
    expect(page).toContain('Wulandari');
    expect(page).toContain('Kabupaten Garut');
    expect(page).toContain(`Pesanan #${order.id}`);
    expect(page).toContain('aria-current="step"');
    expect(page).toContain('Yang harus dibayar');
    expect(page).toContain('1234567890');
    // The assets' content hashes (`?v=…`) are hex digits that may hold any of these by chance.
    const shown = page.replace(/\?v=[0-9a-f]+/g, '');
    for (const secret of ['Kusumawardhani', 'Pratiwi', '7123', '4598', '857', 'wulan.rahasia', 'Anggrek', 'Tersembunyi', 'Sunyi', '44181', 'Produk Pesanan Lain', `#${other.id}`]) {
      expect(shown, secret).not.toContain(secret);
    }
  });

  it('timeline: a gateway order at closing is paid, a COD order at paid is ready to ship, cancelled and invalid_no_hp are cancelled with the store\'s WhatsApp', async () => {
    expect(timelineOf({ status: 'pending', payment_method: 'bank_transfer' })).toEqual({ cancelled: false, reached: 0, cod: false });
    expect(timelineOf({ status: 'closing', payment_method: 'bank_transfer' })).toEqual({ cancelled: false, reached: 1, cod: false });
    expect(timelineOf({ status: 'closing', payment_method: 'midtrans' })).toEqual({ cancelled: false, reached: 2, cod: false });
    expect(timelineOf({ status: 'invalid_no_hp', payment_method: 'cod' })).toEqual({ cancelled: true });

    const gateway = await seeded({ payment_method: 'midtrans' });
    await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('id', '=', gateway.id).execute();
    const paidPage = (await get(pathOf(await linkOf(gateway.id)))).body;
    expect(paidPage).toMatch(/lf-step-now" aria-current="step">Dibayar/);
    expect(paidPage).not.toContain('Yang harus dibayar');

    const cod = await seeded({ payment_method: 'cod', status: 'paid' });
    const codPage = (await get(pathOf(await linkOf(cod.id)))).body;
    expect(codPage).toMatch(/lf-step-now" aria-current="step">Siap dikirim/);
    expect(codPage).toContain('Bayar tunai');

    const shipped = await seeded({ status: 'paid' });
    await move(shipped.id, 'shipped', { resi: 'JP1234567890' });
    const shippedPage = (await get(pathOf(await linkOf(shipped.id)))).body;
    expect(shippedPage).toMatch(/lf-step-now" aria-current="step">Dikirim/);
    expect(shippedPage).toContain('JP1234567890');

    for (const status of ['cancelled', 'invalid_no_hp']) {
      const gone = await seeded();
      await move(gone.id, status);
      const page = (await get(pathOf(await linkOf(gone.id)))).body;
      expect(page).toContain('Dibatalkan');
      expect(page).toContain('https://wa.me/6281299990000');
      expect(page).not.toContain('Yang harus dibayar');
    }
  });
});

describe('a gateway order', () => {
  it('pending: the gateway\'s payment link, made on the first view as on the thank-you page; paid (closing): Dibayar and nothing to pay', async () => {
    const { id } = await seedOrder(t.ctx, gatewayStore.tenantId, { product_id: gatewayKaos.id, variant: 'Hitam / M', payment_method: 'midtrans' });
    const path = pathOf(await appBuyerLinks(t.ctx).urlOf(gatewayStore.tenantId, id));
    const pending = (await get(path)).body;
    expect(pending).toContain('Yang harus dibayar');
    expect(pending).toMatch(new RegExp(`href="${gateway.url}/snap/v4/redirection/snap-token-\\d+" target="_blank" rel="noopener">Bayar Sekarang`));
    await t.ctx.db.updateTable('orders').set({ status: 'closing' }).where('id', '=', id).execute();
    const paid = (await get(path)).body;
    expect(paid).toMatch(/lf-step-now" aria-current="step">Dibayar/);
    expect(paid).not.toContain('Bayar Sekarang');
  });
});

describe('expiry', () => {
  it('completed: works until 90 days after, then 404; reopened, it works again, and its 90 days start anew when it closes again', async () => {
    const order = await seeded({ status: 'paid' });
    const path = pathOf(await linkOf(order.id));
    await move(order.id, 'shipped', { resi: 'JP5550001112' });
    t.clock.advance(200 * DAY); // shipped long ago: still open
    expect((await get(path)).statusCode).toBe(200);
    await move(order.id, 'completed');
    t.clock.advance(90 * DAY - MINUTE);
    expect((await get(path)).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await get(path)).statusCode).toBe(404);
    await move(order.id, 'shipped', { reason: 'paket kembali ke gudang' });
    expect((await get(path)).statusCode).toBe(200);
    await move(order.id, 'completed');
    t.clock.advance(89 * DAY);
    expect((await get(path)).statusCode).toBe(200);
    t.clock.advance(DAY);
    expect((await get(path)).statusCode).toBe(404);
  });

  it('cancelled and invalid_no_hp likewise, revived when moved back to pending', async () => {
    for (const status of ['cancelled', 'invalid_no_hp']) {
      const order = await seeded();
      const path = pathOf(await linkOf(order.id));
      await move(order.id, status);
      t.clock.advance(90 * DAY);
      expect((await get(path)).statusCode, status).toBe(404);
      await move(order.id, 'pending', { reason: 'pembeli jadi membayar' });
      expect((await get(path)).statusCode, status).toBe(200);
    }
  });
});

describe('regeneration from the dashboard', () => {
  it('the old link is a 404 at once, the new one works; a history entry names the member', async () => {
    const { id } = await seeded();
    const old = pathOf(await linkOf(id));
    expect((await get(old)).statusCode).toBe(200);
    const res = await post(owner, `/dashboard/api/orders/${id}/buyer-link`);
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as { url: string }).url;
    expect(fresh.startsWith('https://lapak.test/p/')).toBe(true);
    expect(pathOf(fresh)).not.toBe(old);
    expect((await get(old)).statusCode).toBe(404);
    expect((await get(pathOf(fresh))).statusCode).toBe(200);
    // Messages from now on carry the new one.
    expect(await linkOf(id)).toBe(fresh);
    const history = await t.ctx.db.selectFrom('order_history').select(['field', 'actor_user_id']).where('order_id', '=', id).where('field', '=', 'buyer_link').execute();
    expect(history).toEqual([{ field: 'buyer_link', actor_user_id: owner.userId }]);
  });

  it("an order without a link yet gets one; a CS on another CS's order: 404 order_not_found and nothing changes; on their own: 200", async () => {
    const theirs = await seeded();
    const mine = await seeded();
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: csTwo.userId }).where('id', '=', theirs.id).execute();
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: csOne.userId }).where('id', '=', mine.id).execute();
    const before = await linkOf(theirs.id);
    const refused = await post(csOne, `/dashboard/api/orders/${theirs.id}/buyer-link`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'order_not_found' });
    expect(await linkOf(theirs.id)).toBe(before);
    const made = await post(csOne, `/dashboard/api/orders/${mine.id}/buyer-link`);
    expect(made.statusCode).toBe(200);
    expect((await get(pathOf((made.json() as { url: string }).url))).statusCode).toBe(200);
  });
});

describe('{link_pesanan}', () => {
  it('a follow-up that names it carries the order\'s link, made then; the same link again next time', async () => {
    const saved = await t.request({
      method: 'PUT',
      url: '/dashboard/api/templates/fu1',
      headers: asMember(owner, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ bank_transfer: 'Halo {nama}, cek pesanan di {link_pesanan}', cod: null, gateway: null }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { id } = await seeded();
    expect(await t.ctx.db.selectFrom('buyer_links').select('order_id').where('order_id', '=', id).execute()).toEqual([]);
    const pressed = await post(owner, `/dashboard/api/orders/${id}/follow-ups`, { step: 'fu1' });
    expect(pressed.statusCode, pressed.body).toBe(201);
    const text = new URL((pressed.json() as { wa_url: string }).wa_url).searchParams.get('text')!;
    const link = /https:\/\/lapak\.test\/p\/[A-Za-z0-9_-]+/.exec(text)?.[0];
    expect(link).toBeDefined();
    expect(link).toBe(await linkOf(id));
    expect((await get(pathOf(link!))).statusCode).toBe(200);
  });

  it('an automated message (the sender) that names it carries the order\'s link, made when it is sent', async () => {
    const patched = await t.request({
      method: 'PATCH',
      url: '/dashboard/api/messaging',
      headers: asMember(owner, { 'content-type': 'application/json' }),
      payload: JSON.stringify({ provider: 'sandbox', quiet_hours: null, steps: { fu1: { on: true, minutes: 60 } } }),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const run = (at: number) => runDue(t.ctx, at, { tenantId: store.tenantId, serverTimeZone: t.ctx.config.timeZone, sealer: t.ctx.sealer, config: t.ctx.config });
    await run(t.clock.now()); // the planner's first fold only takes its place in the feed
    const { id } = await seeded({ customer: { ...CUSTOMER, phone: '0812-7000-4401' } });
    await run(t.clock.now());
    expect(await t.ctx.db.selectFrom('buyer_links').select('order_id').where('order_id', '=', id).execute()).toEqual([]);
    expect((await run(t.clock.now() + 61 * MINUTE)).sent).toBeGreaterThanOrEqual(1);
    const sent = await t.ctx.db.selectFrom('messages').select(['text', 'state']).where('order_id', '=', id).where('step', '=', 'fu1').executeTakeFirstOrThrow();
    expect(sent.state).toBe('sent');
    expect(sent.text).toContain(await linkOf(id));
    expect((await get(pathOf(await linkOf(id)))).statusCode).toBe(200);
  });

  it('the thank-you message names the same link as the page', async () => {
    await t.ctx.db.updateTable('store_settings').set({ thank_you_template: 'Pesanan #{pesanan}: {link_pesanan}' }).where('tenant_id', '=', store.tenantId).execute();
    const thanks = await orderThroughForm();
    const wa = /class="lf-wa" href="([^"]+)"/.exec(thanks)![1]!.replace(/&amp;/g, '&');
    expect(new URL(wa).searchParams.get('text')).toContain(linkOn(thanks));
    await t.ctx.db.updateTable('store_settings').set({ thank_you_template: null }).where('tenant_id', '=', store.tenantId).execute();
  });

  it('a preview shows an example link and makes none', async () => {
    const before = await t.ctx.db.selectFrom('buyer_links').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const body of [{ kind: 'opening', template: 'Lihat {link_pesanan}' }, { kind: 'follow_up', step: 'fu1', payment_method: 'bank_transfer', template: 'Lihat {link_pesanan}' }]) {
      const res = await post(owner, '/dashboard/api/templates/preview', body);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as { text: string }).text).toBe('Lihat https://lapak.test/p/contoh-link-pesanan');
    }
    const after = await t.ctx.db.selectFrom('buyer_links').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the log', () => {
  it('a real request to the page leaves its token in no log line', async () => {
    let logs = '';
    const stream = new PassThrough();
    stream.on('data', (chunk) => (logs += String(chunk)));
    const logged = await startTestApp({ logStream: stream, database, clock: t.clock });
    try {
      const token = tokenIn(await linkOf((await seeded()).id));
      for (const path of [`/p/${token}`, `//p//${token}`, `/p/${token}?x=1`, `/P/${token}`, `/p/${token}/lagi`]) await logged.request({ method: 'GET', url: path });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logs).toContain('/p/:token');
      expect(logs).not.toContain(token);
      expect(logs).not.toContain(token.slice(0, 12));
    } finally {
      await logged.close();
    }
  });
});

describe('the rate limit', () => {
  it('60 requests a minute per IP: the 61st is 429 with Retry-After, another IP still passes; unknown tokens count too', async () => {
    const limited = await startTestApp({ limiters: createMemoryLimiters(1), database, clock: t.clock });
    try {
      const path = pathOf(await linkOf((await seeded()).id));
      for (let i = 0; i < 60; i++) expect((await limited.request({ method: 'GET', url: path, remoteAddress: '10.9.9.9' })).statusCode).toBe(200);
      const over = await limited.request({ method: 'GET', url: path, remoteAddress: '10.9.9.9' });
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.headers['x-robots-tag']).toBe('noindex');
      expect(String(over.headers['content-type'])).toMatch(/^text\/html/);
      expect((await limited.request({ method: 'GET', url: path, remoteAddress: '10.9.9.8' })).statusCode).toBe(200);
      // Unknown tokens count too: no walk over tokens past the window.
      expect((await limited.request({ method: 'GET', url: `/p/${newBuyerToken()}`, remoteAddress: '10.9.9.9' })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
