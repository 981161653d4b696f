// Form views (issue 45 §3) over HTTP: the form page's beacon is counted in memory per store,
// UTC hour, product and UTM values, and written by a flush (every few seconds, and on close);
// several counters add up; unknown products, bad bodies and a full window count nothing; a
// deleted product's views stay. Runs on SQLite and PostgreSQL.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, seedProduct, startTestApp, type Store } from '../../../test/helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../../test/form-helpers.js';
import type { Product } from '../../products/product-record.js';
import { deleteProduct } from '../../products/delete-product.js';
import { updateProduct } from '../../products/update-product.js';
import { setTenantActive } from '../../tenants/set-tenant-active.js';
import { FORM_TEXT } from '../../form/messages.js';
import { createViewCounter, epochHour } from './count-views.js';
import { VIEWS_PER_IP_AND_STORE } from './form-views.js';

type App = Awaited<ReturnType<typeof startTestApp>>;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let t: App;
let store: Store;
let other: Store;
let kaos: Product;
let mug: Product;

const HOUR = 3_600_000;

beforeAll(async () => {
  database = await freshDatabase();
  t = await startTestApp({ database });
  store = await seedFormStore(t.ctx);
  other = await seedFormStore(t.ctx, {}, 'Toko Lain');
  kaos = await seedKaos(t.ctx, store.tenantId);
  mug = await seedProduct(t.ctx, store.tenantId, { name: 'Mug Keramik', price: 35000 });
});
afterAll(async () => {
  await t?.close();
  await database?.drop();
});

const viewUrl = (p: Product, slug = p.slug) => `/form/${p.tenant_id}/${slug}/view`;
const form = (values: Record<string, string>) => new URLSearchParams(values).toString();

function beacon(app: App, url: string, body = '', options: { ip?: string; type?: string | null } = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = options.type === null ? {} : { 'content-type': options.type ?? 'application/x-www-form-urlencoded' };
  return app.request({ method: 'POST', url, payload: body, headers, remoteAddress: options.ip ?? '10.2.0.1' });
}

/** The store's rows, in key order. */
async function rows(tenantId = store.tenantId) {
  const found = await t.ctx.db
    .selectFrom('form_views')
    .select(['hour', 'product_id', 'utm_source', 'utm_campaign', 'views'])
    .where('tenant_id', '=', tenantId)
    .orderBy('hour')
    .orderBy('product_id')
    .orderBy('utm_source')
    .orderBy('utm_campaign')
    .execute();
  return found.map((r) => ({ ...r, hour: Number(r.hour), product_id: Number(r.product_id), views: Number(r.views) }));
}

async function clear() {
  await t.ctx.formViews.counter.flush();
  await t.ctx.db.deleteFrom('form_views').execute();
}

function expectPage(res: LightMyRequestResponse, status: number, text: string) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain(`<h1>${text}</h1>`);
}

describe('POST /form/{tenant_id}/{slug}/view', () => {
  it('204; a flush writes one row per product, UTC hour and UTM values, adding to the rows already there', async () => {
    await clear();
    const start = t.clock.now();
    const facebook = form({ utm_source: 'facebook', utm_campaign: 'promo-gajian', utm_medium: 'paid_social' });
    for (let i = 0; i < 3; i++) {
      const res = await beacon(t, viewUrl(kaos), facebook);
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    expect((await beacon(t, viewUrl(kaos), form({ utm_source: 'tiktok' }))).statusCode).toBe(204);
    expect((await beacon(t, viewUrl(mug), '')).statusCode).toBe(204);
    // No Content-Type and text/plain (sendBeacon's type for a string) are read alike.
    expect((await beacon(t, viewUrl(mug), '', { type: null })).statusCode).toBe(204);
    expect((await beacon(t, viewUrl(kaos), facebook, { type: 'text/plain;charset=UTF-8' })).statusCode).toBe(204);
    // A view writes nothing on its own.
    expect(await rows()).toEqual([]);

    expect(await t.ctx.formViews.counter.flush()).toBe(3);
    const hour = epochHour(start);
    expect(await rows()).toEqual([
      { hour, product_id: kaos.id, utm_source: 'facebook', utm_campaign: 'promo-gajian', views: 4 },
      { hour, product_id: kaos.id, utm_source: 'tiktok', utm_campaign: '', views: 1 },
      { hour, product_id: mug.id, utm_source: '', utm_campaign: '', views: 2 },
    ].sort((a, b) => a.product_id - b.product_id || a.utm_source.localeCompare(b.utm_source)));

    // The next hour is a row of its own; the same key adds up over flushes.
    t.clock.advance(HOUR);
    await beacon(t, viewUrl(kaos), facebook);
    t.clock.set(start);
    await beacon(t, viewUrl(kaos), facebook);
    expect(await t.ctx.formViews.counter.flush()).toBe(2);
    const after = await rows();
    expect(after.find((r) => r.hour === hour && r.utm_source === 'facebook')?.views).toBe(5);
    expect(after.find((r) => r.hour === hour + 1)).toEqual({ hour: hour + 1, product_id: kaos.id, utm_source: 'facebook', utm_campaign: 'promo-gajian', views: 1 });
    expect(await t.ctx.formViews.counter.flush()).toBe(0);
  });

  it("a view's UTM key is the key of an order from the same visit: trimmed, cut to 500 characters", async () => {
    await clear();
    const long = `  ${'c'.repeat(600)}`;
    const params = { utm_source: '  Facebook Ads  ', utm_campaign: long };
    expect((await beacon(t, viewUrl(kaos), form(params))).statusCode).toBe(204);
    await t.ctx.formViews.counter.flush();
    const page = await t.request({ method: 'GET', url: `/form/${kaos.tenant_id}/${kaos.slug}?${form(params)}` });
    const placed = await t.request({
      method: 'POST', url: `/form/${kaos.tenant_id}/${kaos.slug}`, payload: formBody(tokenOf(page.body), params),
      headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.2.9.9',
    });
    expect(placed.statusCode).toBe(303);
    const order = await t.ctx.db.selectFrom('orders').select(['utm_source', 'utm_campaign']).where('tenant_id', '=', store.tenantId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const [view] = await rows();
    expect(view).toMatchObject({ utm_source: order.utm_source, utm_campaign: order.utm_campaign, views: 1 });
    expect(view!.utm_source).toBe('Facebook Ads');
    expect(view!.utm_campaign).toBe('c'.repeat(500));
  });

  it('a former slug counts for the product', async () => {
    await clear();
    const renamed = await updateProduct(t.ctx.db, t.ctx.writeTransaction, t.clock, store.tenantId, mug.id, { slug: 'mug-keramik-baru' });
    expect(renamed.ok).toBe(true);
    expect((await beacon(t, viewUrl(mug, mug.slug))).statusCode).toBe(204);
    expect((await beacon(t, viewUrl(mug, 'mug-keramik-baru'))).statusCode).toBe(204);
    await t.ctx.formViews.counter.flush();
    expect(await rows()).toEqual([expect.objectContaining({ product_id: mug.id, views: 2 })]);
  });

  it('404 for an unknown store, product or slug, another store\'s product, a bad tenant id, an inactive store: nothing counted', async () => {
    await clear();
    const inactive = await seedFormStore(t.ctx, {}, 'Toko Tutup');
    const closed = await seedKaos(t.ctx, inactive.tenantId);
    await setTenantActive(t.ctx.db, inactive.tenantId, false);
    const urls = [
      `/form/${store.tenantId}/nope/view`, `/form/${other.tenantId}/${kaos.slug}/view`, `/form/999999/${kaos.slug}/view`,
      `/form/abc/${kaos.slug}/view`, `/form/0/${kaos.slug}/view`, viewUrl(closed), `/form/${store.tenantId}/a%00b/view`,
    ];
    for (const url of urls) expectPage(await beacon(t, url, form({ utm_source: 'x' })), 404, FORM_TEXT.notFound);
    expect(await t.ctx.formViews.counter.flush()).toBe(0);
    expect(await t.ctx.db.selectFrom('form_views').selectAll().execute()).toEqual([]);
  });

  it('a malformed beacon gets a clear 4xx page and counts nothing', async () => {
    await clear();
    expectPage(await beacon(t, viewUrl(kaos), 'utm_source=a%00b'), 400, FORM_TEXT.refused);
    expectPage(await beacon(t, viewUrl(kaos), 'utm_source=a\u0000b'), 400, FORM_TEXT.refused);
    expectPage(await beacon(t, viewUrl(kaos), '{"utm_source":"x"}', { type: 'application/json' }), 415, FORM_TEXT.unsupportedMediaType);
    expectPage(await beacon(t, viewUrl(kaos), '', { type: ';' }), 415, FORM_TEXT.unsupportedMediaType);
    expectPage(await beacon(t, viewUrl(kaos), `utm_source=${'x'.repeat(5000)}`), 413, FORM_TEXT.tooLarge);
    // Another method on the beacon's path: the form's 404 page.
    expectPage(await t.request({ method: 'GET', url: viewUrl(kaos) }), 404, FORM_TEXT.notFound);
    expect(await t.ctx.formViews.counter.flush()).toBe(0);
  });

  it("a deleted product's views stay counted; its beacon is gone (410) and counts nothing", async () => {
    await clear();
    const gone = await seedProduct(t.ctx, store.tenantId, { name: 'Topi Lama', price: 20000 });
    await beacon(t, viewUrl(gone), form({ utm_source: 'google' }));
    await beacon(t, viewUrl(gone), form({ utm_source: 'google' }));
    await t.ctx.formViews.counter.flush();
    const deleted = await deleteProduct(t.ctx.db, t.clock, store.tenantId, gone.id);
    expect(deleted.ok).toBe(true);
    expectPage(await beacon(t, viewUrl(gone), form({ utm_source: 'google' })), 410, FORM_TEXT.unavailable);
    await t.ctx.formViews.counter.flush();
    expect(await rows()).toEqual([{ hour: epochHour(t.clock.now()), product_id: gone.id, utm_source: 'google', utm_campaign: '', views: 2 }]);
  });
});

describe('several counters', () => {
  it('two processes add up: each flush adds its own counts', async () => {
    await clear();
    const warn = () => undefined;
    const a = createViewCounter(t.ctx.db, { flushMs: 60_000, warn });
    const b = createViewCounter(t.ctx.db, { flushMs: 60_000, warn });
    const at = t.clock.now();
    for (let i = 0; i < 3; i++) a.count(store.tenantId, kaos.id, at, 'facebook', 'x');
    for (let i = 0; i < 4; i++) b.count(store.tenantId, kaos.id, at, 'facebook', 'x');
    b.count(store.tenantId, mug.id, at, '', '');
    // At once, as two processes may.
    expect(await Promise.all([a.flush(), b.flush()])).toEqual([1, 2]);
    a.count(store.tenantId, kaos.id, at, 'facebook', 'x');
    await a.close();
    expect(await rows()).toEqual(
      [
        { hour: epochHour(at), product_id: kaos.id, utm_source: 'facebook', utm_campaign: 'x', views: 8 },
        { hour: epochHour(at), product_id: mug.id, utm_source: '', utm_campaign: '', views: 1 },
      ].sort((x, y) => x.product_id - y.product_id),
    );
  });

  it('a second app on the same database: its views are written when it closes, and both add up', async () => {
    await clear();
    const second = await startTestApp({ database });
    await beacon(second, viewUrl(kaos), form({ utm_source: 'tiktok' }));
    await beacon(t, viewUrl(kaos), form({ utm_source: 'tiktok' }));
    await second.close();
    expect(await rows()).toEqual([expect.objectContaining({ product_id: kaos.id, utm_source: 'tiktok', views: 1 })]);
    await t.ctx.formViews.counter.flush();
    expect(await rows()).toEqual([expect.objectContaining({ product_id: kaos.id, utm_source: 'tiktok', views: 2 })]);
  });

  it('flushes by itself every FORM_VIEWS_FLUSH_SECONDS', async () => {
    await clear();
    const quick = await startTestApp({ database, env: { FORM_VIEWS_FLUSH_SECONDS: '0.05' } });
    try {
      await beacon(quick, viewUrl(kaos), form({ utm_source: 'instagram' }));
      await expect.poll(rows, { timeout: 5_000 }).toEqual([expect.objectContaining({ utm_source: 'instagram', views: 1 })]);
    } finally {
      await quick.close();
    }
  });
});

describe('the window per IP and store (in the process)', () => {
  it('over the quota: 429 with Retry-After, nothing counted; another IP or store has its own window', async () => {
    await clear();
    // RATE_LIMIT_SCALE 0.05: 3 views a minute.
    const limited = await startTestApp({ database, env: { RATE_LIMIT_SCALE: '0.05' } });
    try {
      const quota = Math.round(VIEWS_PER_IP_AND_STORE.points * 0.05);
      for (let i = 0; i < quota; i++) expect((await beacon(limited, viewUrl(kaos), '', { ip: '10.3.0.1' })).statusCode).toBe(204);
      const refused = await beacon(limited, viewUrl(mug), '', { ip: '10.3.0.1' });
      expectPage(refused, 429, FORM_TEXT.tooMany);
      expect(refused.headers['retry-after']).toBe(String(VIEWS_PER_IP_AND_STORE.durationSec));
      expect((await beacon(limited, viewUrl(kaos), '', { ip: '10.3.0.2' })).statusCode).toBe(204);
      const otherKaos = await seedKaos(limited.ctx, other.tenantId);
      expect((await beacon(limited, viewUrl(otherKaos), '', { ip: '10.3.0.1' })).statusCode).toBe(204);
      await limited.ctx.formViews.counter.flush();
      expect(await rows()).toEqual([expect.objectContaining({ product_id: kaos.id, views: quota + 1 })]);
      expect(await rows(other.tenantId)).toEqual([expect.objectContaining({ product_id: otherKaos.id, views: 1 })]);
    } finally {
      await limited.close();
    }
  });
});
