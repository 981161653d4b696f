// Product images over HTTP (SQLite with files, PostgreSQL with the table, and either with
// IMAGE_DIR): upload, serve, list, reorder, delete, duplicate; the security refusals, each
// storing nothing; roles, stores and the cross-site rule; the order form's gallery.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, seedProduct, startTestApp, type TestApp } from '../../test/helpers.js';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { seedFormStore } from '../../test/form-helpers.js';
import { deleteProduct } from '../products/delete-product.js';
import { duplicateProduct } from '../products/duplicate-product.js';
import { sqlitePath } from '../lib/db/db.js';
import { sniffImage } from './process-image.js';
import { createResizeQueue, type ResizeQueue } from './resize-queue.js';

type App = TestApp & { drop(): Promise<void> };

const jpeg = (width: number, height: number, colour = '#c2410c') =>
  sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

/** A JPEG whose EXIF carries a description and a GPS position (IFD3 is the GPS directory). */
const jpegWithGps = () =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#2563eb' } })
    .jpeg()
    .withExif({
      IFD0: { ImageDescription: 'rumah-rahasia-penjual', Make: 'KameraRahasia' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '6/1 12/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '106/1 49/1 1200/100' },
    })
    .toBuffer();

/** The EXIF GPS-directory pointer (tag 0x8825) in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

function setup(env: Record<string, string> = {}, resizeQueue?: ResizeQueue) {
  const s = {} as { t: App; owner: Member; admin: Member; cs: Member; stranger: Member; tenantId: number; productId: number; otherProductId: number; imageDir: string | null };
  beforeAll(async () => {
    s.t = await startTestApp({ env, resizeQueue });
    const store = await seedFormStore(s.t.ctx);
    const other = await seedFormStore(s.t.ctx, {}, 'Toko Lain');
    s.tenantId = store.tenantId;
    s.owner = await seedMember(s.t.ctx, store.tenantId, 'owner');
    s.admin = await seedMember(s.t.ctx, store.tenantId, 'admin');
    s.cs = await seedMember(s.t.ctx, store.tenantId, 'cs');
    s.stranger = await seedMember(s.t.ctx, other.tenantId, 'owner');
    s.productId = (await seedProduct(s.t.ctx, store.tenantId, { name: 'Kopi Gayo', price: 80000 })).id;
    s.otherProductId = (await seedProduct(s.t.ctx, other.tenantId, { name: 'Teh', price: 20000 })).id;
    s.imageDir = env.IMAGE_DIR ?? (backend === 'sqlite' ? path.join(path.dirname(sqlitePath(s.t.url)), 'images') : null);
  });
  afterAll(() => s.t.drop());
  return s;
}

type Setup = ReturnType<typeof setup>;

const upload = (s: Setup, bytes: Buffer, options: { type?: string; member?: Member; productId?: number; headers?: Record<string, string> } = {}) =>
  s.t.request({
    method: 'POST',
    url: `/dashboard/api/products/${options.productId ?? s.productId}/images`,
    headers: asMember(options.member ?? s.owner, { 'content-type': options.type ?? 'image/jpeg', ...options.headers }),
    payload: bytes,
  });

const listOf = async (s: Setup, productId = s.productId) => {
  const res = await s.t.request({ method: 'GET', url: `/dashboard/api/products/${productId}/images`, headers: asMember(s.owner) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { images: Array<{ id: number; position: number; urls: Array<{ width: number; height: number; url: string }> }> }).images;
};

function filesUnder(dir: string | null): string[] {
  if (!dir || !fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Everything an upload could leave behind: rows of the three tables and files. */
async function stored(s: Setup) {
  const count = async (table: 'product_images' | 'product_image_variants' | 'image_blobs') =>
    Number((await s.t.ctx.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { images: await count('product_images'), variants: await count('product_image_variants'), blobs: await count('image_blobs'), files: filesUnder(s.imageDir).length };
}

const expectFailure = (res: LightMyRequestResponse, status: number, code: string) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: expect.any(String), code, request_id: expect.any(String) });
};

const serve = (s: Setup, url: string) => s.t.request({ method: 'GET', url });

async function deleteAll(s: Setup, productId = s.productId) {
  for (const image of await listOf(s, productId)) {
    const res = await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${productId}/images/${image.id}`, headers: asMember(s.owner) });
    expect(res.statusCode).toBe(204);
  }
}

describe(`product images (${backend}, storage by default)`, () => {
  const s = setup();

  it('stores its bytes where the deployment says: files beside the SQLite file, the table on PostgreSQL', async () => {
    const res = await upload(s, await jpeg(400, 300));
    expect(res.statusCode).toBe(201);
    const after = await stored(s);
    if (backend === 'sqlite') {
      expect(after.files).toBe(2);
      expect(after.blobs).toBe(0);
    } else {
      expect(after.files).toBe(0);
      expect(after.blobs).toBe(2);
    }
    await deleteAll(s);
    expect(await stored(s)).toEqual({ images: 0, variants: 0, blobs: 0, files: 0 });
  });

  it('a JPEG with EXIF GPS: 201 {id, urls}; three WebP widths, none upscaled, no EXIF in any, served nosniff and immutable', async () => {
    const original = await jpegWithGps();
    const exif = (await sharp(original).metadata()).exif!;
    expect(hasGpsPointer(exif)).toBe(true);
    expect(original.includes(Buffer.from('rumah-rahasia-penjual'))).toBe(true);

    const res = await upload(s, original, { type: 'image/png' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { id: number; urls: Array<{ width: number; height: number; url: string }> };
    expect(Object.keys(body)).toEqual(['id', 'urls']);
    expect(body.urls.map((u) => [u.width, u.height])).toEqual([[320, 213], [640, 427], [1080, 720]]);
    const names = new Set<string>();
    for (const file of body.urls) {
      expect(file.url).toMatch(/^\/images\/[A-Za-z0-9_-]{22}-\d+\.webp$/);
      names.add(file.url.split('-')[0]!);
      const served = await serve(s, file.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const bytes = served.rawPayload;
      expect(sniffImage(bytes)).toBe('webp');
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif, meta.xmp, meta.icc]).toEqual(['webp', file.width, file.height, undefined, undefined, undefined]);
      expect(bytes.includes(Buffer.from('rumah-rahasia-penjual'))).toBe(false);
      expect(bytes.includes(Buffer.from('KameraRahasia'))).toBe(false);
      expect(bytes.includes(Buffer.from('Exif'))).toBe(false);
    }
    expect(names.size).toBe(1);
    // The random name is the only way in: nothing else answers.
    expect((await serve(s, body.urls[0]!.url.replace(/-\d+\.webp$/, '-999.webp'))).statusCode).toBe(404);
    expect((await serve(s, '/images/AAAAAAAAAAAAAAAAAAAAAA-320.webp')).statusCode).toBe(404);

    const small = await upload(s, await jpeg(200, 100));
    expect((small.json() as typeof body).urls.map((u) => u.width)).toEqual([200]);
    const middle = await upload(s, await jpeg(800, 800));
    expect((middle.json() as typeof body).urls.map((u) => u.width)).toEqual([320, 640, 800]);
    expect((await listOf(s)).map((i) => [i.id, i.position])).toEqual([[body.id, 0], [small.json().id, 1], [middle.json().id, 2]]);
    await deleteAll(s);
  });

  it.each([
    ['JPEG magic followed by HTML and a script', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(document.cookie)</script></html>')]), 'image/jpeg', 422, 'image_unreadable'],
    ['a GIF/PHP polyglot', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;<?php system($_GET["c"]); ?>', 'latin1'), 'image/jpeg', 415, 'image_type_unsupported'],
    ['HTML sent as image/png', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'image/png', 415, 'image_type_unsupported'],
    ['an SVG sent as image/webp', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'image/webp', 415, 'image_type_unsupported'],
    ['an empty body', Buffer.alloc(0), 'image/jpeg', 415, 'image_type_unsupported'],
    ['PNG magic, then nothing of a PNG', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 0x41)]), 'image/png', 422, 'image_unreadable'],
  ])('%s is refused and stores nothing', async (_name, bytes, type, status, code) => {
    const before = await stored(s);
    expectFailure(await upload(s, bytes, { type }), status, code);
    expect(await stored(s)).toEqual(before);
  });

  it('a truncated JPEG is refused as corrupt and stores nothing', async () => {
    const whole = await jpeg(600, 400);
    const before = await stored(s);
    expectFailure(await upload(s, whole.subarray(0, Math.floor(whole.length / 2))), 422, 'image_unreadable');
    expect(await stored(s)).toEqual(before);
  });

  it('a real JPEG with HTML appended is accepted, and the served files hold only pixels', async () => {
    const polyglot = Buffer.concat([await jpeg(400, 300), Buffer.from('<script>alert(document.domain)</script>')]);
    const res = await upload(s, polyglot);
    expect(res.statusCode).toBe(201);
    for (const file of (res.json() as { urls: Array<{ url: string }> }).urls) {
      expect((await serve(s, file.url)).rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    }
    await deleteAll(s);
  });

  it('a 6 MB file is refused with 413 in the dashboard family and stores nothing; the app\'s body limit elsewhere is unchanged', async () => {
    const before = await stored(s);
    const big = Buffer.concat([await jpeg(100, 100), Buffer.alloc(6 * 1024 * 1024, 0x20)]);
    const res = await upload(s, big);
    expectFailure(res, 413, 'body_too_large');
    expect(res.json().error).toBe('Data yang dikirim terlalu besar.');
    expect(await stored(s)).toEqual(before);
    // Another dashboard route still refuses a body over BODY_LIMIT (64 KiB).
    const other = await s.t.request({ method: 'POST', url: '/dashboard/api/keys', headers: asMember(s.owner, { 'content-type': 'application/json' }), payload: JSON.stringify({ name: 'x'.repeat(100 * 1024) }) });
    expectFailure(other, 413, 'body_too_large');
  });

  it('a 20000 × 20000 image is refused (over 40 megapixels) and stores nothing', { timeout: 120_000 }, async () => {
    // 20000 × 20000 of one colour: 400 megapixels in a few hundred KB (about 10 s to make).
    const huge = await sharp({ create: { width: 20000, height: 20000, channels: 3, background: '#336699' }, limitInputPixels: false }).toColourspace('b-w').png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
    expect(await sharp(huge, { limitInputPixels: false }).metadata()).toMatchObject({ width: 20000, height: 20000, format: 'png' });
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const before = await stored(s);
    expectFailure(await upload(s, huge, { type: 'image/png' }), 422, 'image_too_many_pixels');
    expect(await stored(s)).toEqual(before);
  });

  it('at most 10 images per product: the 11th is refused with 409 and stores nothing', async () => {
    for (let i = 0; i < 10; i++) expect((await upload(s, await jpeg(64 + i, 64))).statusCode).toBe(201);
    const before = await stored(s);
    const res = await upload(s, await jpeg(90, 90));
    expectFailure(res, 409, 'image_limit_reached');
    expect(res.json().error).toBe('Produk ini sudah memiliki 10 gambar. Hapus salah satu terlebih dahulu.');
    expect(await stored(s)).toEqual(before);
    expect(await listOf(s)).toHaveLength(10);
    await deleteAll(s);
  });

  it('12 uploads at once to a product without images: exactly 10 are stored', async () => {
    const bytes = await Promise.all(Array.from({ length: 12 }, (_, i) => jpeg(40 + i, 40)));
    const answers = await Promise.all(bytes.map((b) => upload(s, b)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(10).fill(201), 409, 409]);
    const list = await listOf(s);
    expect(list.map((i) => i.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect((await stored(s)).images).toBe(10);
    await deleteAll(s);
  });

  it('reorder names every image once; delete moves the later ones up and its files stop answering', async () => {
    const ids: number[] = [];
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) ids.push((await upload(s, await jpeg(100, 100, colour))).json().id);
    const patch = (order: unknown) =>
      s.t.request({ method: 'PATCH', url: `/dashboard/api/products/${s.productId}/images`, headers: asMember(s.admin, { 'content-type': 'application/json' }), payload: JSON.stringify({ order }) });

    const reordered = await patch([ids[2], ids[0], ids[1]]);
    expect(reordered.statusCode).toBe(200);
    expect(reordered.json().images.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([[ids[2], 0], [ids[0], 1], [ids[1], 2]]);
    for (const bad of [[ids[0], ids[1]], [ids[0], ids[0], ids[1]], [ids[0], ids[1], ids[2], 999999]]) {
      const res = await patch(bad);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'invalid_request', fields: { order: 'Urutan harus menyebut setiap gambar produk ini tepat satu kali.' } });
    }
    expect((await listOf(s)).map((i) => i.id)).toEqual([ids[2], ids[0], ids[1]]);

    const gone = (await listOf(s))[0]!;
    const removed = await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${s.productId}/images/${gone.id}`, headers: asMember(s.owner) });
    expect(removed.statusCode).toBe(204);
    expect((await listOf(s)).map((i) => [i.id, i.position])).toEqual([[ids[0], 0], [ids[1], 1]]);
    expect((await serve(s, gone.urls[0]!.url)).statusCode).toBe(404);
    expect((await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${s.productId}/images/${gone.id}`, headers: asMember(s.owner) })).statusCode).toBe(404);
    await deleteAll(s);
    expect(await stored(s)).toEqual({ images: 0, variants: 0, blobs: 0, files: 0 });
  });

  it('duplicate copies the images as references: no new bytes; the bytes go when the last reference does', async () => {
    const res = await upload(s, await jpeg(700, 500));
    const before = await stored(s);
    const copy = await duplicateProduct(s.t.ctx.db, s.t.ctx.clock, s.tenantId, s.productId, { name: 'Kopi Gayo (salinan)' });
    if (!copy.ok) throw new Error(copy.failure.error);
    const copied = await listOf(s, copy.value.id);
    expect(copied).toHaveLength(1);
    expect(copied[0]!.urls.map((u) => u.width)).toEqual([320, 640, 700]);
    expect(copied[0]!.urls[0]!.url).not.toBe(res.json().urls[0].url);
    const after = await stored(s);
    expect({ ...after, images: before.images, variants: before.variants }).toEqual(before);
    expect([after.images, after.variants]).toEqual([before.images + 1, before.variants + 3]);

    await deleteAll(s);
    // The copy still serves the shared bytes.
    const served = await serve(s, copied[0]!.urls[2]!.url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(700);
    await deleteAll(s, copy.value.id);
    expect(await stored(s)).toEqual({ images: 0, variants: 0, blobs: 0, files: 0 });
  });

  it("a deleted product's images: its routes answer 404, its served files keep answering (its orders' pages may show them)", async () => {
    const doomed = (await seedProduct(s.t.ctx, s.tenantId, { name: 'Teh Hijau', price: 30000 })).id;
    const uploaded = (await upload(s, await jpeg(300, 200), { productId: doomed })).json() as { id: number; urls: Array<{ url: string }> };
    const deleted = await deleteProduct(s.t.ctx.db, s.t.ctx.clock, s.tenantId, doomed);
    expect(deleted.ok).toBe(true);
    const before = await stored(s);
    expectFailure(await s.t.request({ method: 'GET', url: `/dashboard/api/products/${doomed}/images`, headers: asMember(s.owner) }), 404, 'not_found');
    expectFailure(await upload(s, await jpeg(100, 100), { productId: doomed }), 404, 'not_found');
    expectFailure(await s.t.request({ method: 'PATCH', url: `/dashboard/api/products/${doomed}/images`, headers: asMember(s.owner, { 'content-type': 'application/json' }), payload: JSON.stringify({ order: [uploaded.id] }) }), 404, 'not_found');
    expectFailure(await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${doomed}/images/${uploaded.id}`, headers: asMember(s.owner) }), 404, 'not_found');
    expect(await stored(s)).toEqual(before);
    expect((await serve(s, uploaded.urls[0]!.url)).statusCode).toBe(200);
  });

  it('who may: CS reads but cannot upload, reorder or delete; without a session 401; another store\'s product is 404', async () => {
    const mine = await upload(s, await jpeg(100, 100));
    const id = mine.json().id as number;
    expect((await s.t.request({ method: 'GET', url: `/dashboard/api/products/${s.productId}/images`, headers: asMember(s.cs) })).statusCode).toBe(200);
    expectFailure(await upload(s, await jpeg(100, 100), { member: s.cs }), 403, 'forbidden');
    expectFailure(await s.t.request({ method: 'PATCH', url: `/dashboard/api/products/${s.productId}/images`, headers: asMember(s.cs, { 'content-type': 'application/json' }), payload: JSON.stringify({ order: [id] }) }), 403, 'forbidden');
    expectFailure(await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${s.productId}/images/${id}`, headers: asMember(s.cs) }), 403, 'forbidden');
    expectFailure(await s.t.request({ method: 'POST', url: `/dashboard/api/products/${s.productId}/images`, headers: { 'content-type': 'image/jpeg' }, payload: await jpeg(100, 100) }), 401, 'login_required');

    // The stranger is the owner of the other store: this store's product and image do not exist for them.
    expectFailure(await s.t.request({ method: 'GET', url: `/dashboard/api/products/${s.productId}/images`, headers: asMember(s.stranger) }), 404, 'not_found');
    expectFailure(await upload(s, await jpeg(100, 100), { member: s.stranger }), 404, 'not_found');
    expectFailure(await s.t.request({ method: 'PATCH', url: `/dashboard/api/products/${s.productId}/images`, headers: asMember(s.stranger, { 'content-type': 'application/json' }), payload: JSON.stringify({ order: [id] }) }), 404, 'not_found');
    expectFailure(await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${s.productId}/images/${id}`, headers: asMember(s.stranger) }), 404, 'not_found');
    // Nor is an image reachable through another product of one's own.
    expectFailure(await s.t.request({ method: 'DELETE', url: `/dashboard/api/products/${s.otherProductId}/images/${id}`, headers: asMember(s.stranger) }), 404, 'not_found');
    expect((await listOf(s)).map((i) => i.id)).toEqual([id]);
    await deleteAll(s);
  });

  it('the cross-site rule holds; a Content-Type other than the three image types is 415', async () => {
    const before = await stored(s);
    expectFailure(await upload(s, await jpeg(100, 100), { headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'cross_site_request');
    expectFailure(await s.t.request({ method: 'POST', url: `/dashboard/api/products/${s.productId}/images`, headers: { cookie: s.owner.cookie, origin: 'https://evil.example', 'content-type': 'image/jpeg' }, payload: await jpeg(100, 100) }), 403, 'cross_site_request');
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream', 'image/gif']) {
      expectFailure(await upload(s, await jpeg(100, 100), { type }), 415, 'image_type_unsupported');
    }
    expect(await stored(s)).toEqual(before);
  });

  it('the order form shows the images in order: lazy, srcset, sizes, width and height; its CSP lets them load', async () => {
    const first = (await upload(s, await jpeg(1200, 900))).json() as { urls: Array<{ url: string; width: number; height: number }> };
    const second = (await upload(s, await jpeg(300, 300))).json() as typeof first;
    const product = await s.t.ctx.db.selectFrom('products').select('slug').where('id', '=', s.productId).executeTakeFirstOrThrow();
    const form = await s.t.request({ method: 'GET', url: `/form/${s.tenantId}/${product.slug}` });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-security-policy']).toMatch(/img-src 'self'/);
    const images = [...form.body.matchAll(/<img [^>]*>/g)].map((m) => m[0]);
    expect(images).toHaveLength(2);
    expect(images[0]).toContain(`src="${first.urls[2]!.url}"`);
    expect(images[0]).toContain(`srcset="${first.urls.map((u) => `${u.url} ${u.width}w`).join(', ')}"`);
    expect(images[0]).toMatch(/ sizes="[^"]+"/);
    expect(images[0]).toContain('width="1080" height="810"');
    expect(images[1]).toContain(`src="${second.urls[0]!.url}"`);
    expect(images[1]).toContain('width="300" height="300"');
    for (const img of images) {
      expect(img).toContain('loading="lazy"');
      expect(img).toMatch(/alt="Kopi Gayo gambar \d"/);
    }
    await deleteAll(s);
    const bare = await s.t.request({ method: 'GET', url: `/form/${s.tenantId}/${product.slug}` });
    expect(bare.body).not.toContain('<img');
  });
});

describe(`product images with IMAGE_DIR (${backend})`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-images-'));
  const s = setup({ IMAGE_DIR: dir });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the files live in IMAGE_DIR (no table rows), are served from there and leave with the image', async () => {
    const res = await upload(s, await jpeg(900, 600));
    expect(res.statusCode).toBe(201);
    expect(await stored(s)).toEqual({ images: 1, variants: 3, blobs: 0, files: 3 });
    for (const file of res.json().urls as Array<{ url: string }>) expect((await serve(s, file.url)).statusCode).toBe(200);
    await deleteAll(s);
    expect(await stored(s)).toEqual({ images: 0, variants: 0, blobs: 0, files: 0 });
  });
});


describe(`product images when the resize line is full (${backend})`, () => {
  // One resize slot and no room to wait: a job held in the slot fills the line.
  const queue = createResizeQueue(1, 0);
  const s = setup({}, queue);

  it('answers 503 busy with Retry-After and stores nothing; once the slot is free the same upload is stored', async () => {
    let release!: () => void;
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect(held).not.toBeNull();
    const bytes = await jpeg(400, 300);
    const refused = await upload(s, bytes);
    expectFailure(refused, 503, 'busy');
    expect(refused.headers['retry-after']).toBe('5');
    expect(await stored(s)).toEqual({ images: 0, variants: 0, blobs: 0, files: 0 });

    release();
    await held;
    const res = await upload(s, bytes);
    expect(res.statusCode, res.body).toBe(201);
    expect((await listOf(s)).length).toBe(1);
  });
});
