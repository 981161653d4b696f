// Issue 32 §4: a CS never receives a byte of another CS's order, from any orders route. Every
// operation of openapi/dashboard.json under /dashboard/api/orders (the list and its counts, the
// order's page, its moves, edit, notes, the assignment, the CSV export and import, and whatever joins them later) is called
// by CS one, with the id, the phone, the resi and the name of CS two's order, whose buyer,
// resi, courier and note carry marks of their own: no answer may hold any of them. CS two's own
// reading shows the marks, so the walk can fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { readDashboardOpenapiFile } from '../../../test/openapi-document.js';
import { readCsv } from '../../lib/csv/read-csv.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let csOne: Member;
let csTwo: Member;
let theirs: number;
let mine: number;

const MARKS = { name: 'Zubaidah Tandarahasia', phone: '6281399887766', resi: 'RESIRAHASIA77', courier: 'Kurir Rahasia Dua', note: 'Catatan rahasia milik CS dua' };
const STREAM = '/dashboard/api/orders/stream';
const MARK = new RegExp([...Object.values(MARKS), 'Tandarahasia', '1399887766'].join('|'), 'i');

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
  const productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Jaket', price: 200000 })).id;
  csOne = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'CS Satu' });
  csTwo = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'CS Dua' });
  theirs = (await seedOrder(t.ctx, store.tenantId, {
    product_id: productId, status: 'paid', resi: MARKS.resi, courier: MARKS.courier,
    customer: { name: MARKS.name, phone: `0${MARKS.phone.slice(2)}`, address: 'Jl. Rahasia No. 2', village: 'Desa', district: 'Kec', city: 'Kota', province: 'Jawa Barat', postal_code: '40123' },
  })).id;
  mine = (await seedOrder(t.ctx, store.tenantId, { product_id: productId })).id;
  await t.ctx.db.updateTable('orders').set({ assigned_user_id: csTwo.userId }).where('id', '=', theirs).execute();
  await t.ctx.db.updateTable('orders').set({ assigned_user_id: csOne.userId }).where('id', '=', mine).execute();
  const note = await t.request({ method: 'POST', url: `/dashboard/api/orders/${theirs}/notes`, headers: asMember(csTwo, { 'content-type': 'application/json' }), payload: JSON.stringify({ text: MARKS.note }) });
  expect(note.statusCode, note.body).toBe(201);
});
afterAll(() => t.drop());

/** Every orders operation of the dashboard's contract: `METHOD /path`. */
function ordersOperations(): string[] {
  const document = JSON.parse(readDashboardOpenapiFile()) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths)
    .filter(([path]) => path === '/dashboard/api/orders' || path.startsWith('/dashboard/api/orders/'))
    .flatMap(([path, item]) => Object.keys(item).filter((m) => ['get', 'post', 'patch', 'delete', 'put'].includes(m)).map((m) => `${m.toUpperCase()} ${path}`));
}

/** The requests CS one sends for an operation, naming CS two's order every way the operation takes. */
function requestsFor(operation: string): Array<{ method: string; url: string; body?: unknown; csv?: string }> {
  const [method, template] = operation.split(' ') as [string, string];
  const url = template.replace('{id}', String(theirs)).replace('{flag}', 'duplicate');
  const bodies: Record<string, unknown> = {
    'POST /dashboard/api/orders/{id}/status': { status: 'shipped', resi: 'RESIBARU1' },
    'PATCH /dashboard/api/orders/{id}': { customer: { city: 'Kota Lain' } },
    'POST /dashboard/api/orders/{id}/notes': { text: 'Catatan CS satu' },
    'POST /dashboard/api/orders/{id}/follow-ups': { step: 'paid' },
    'POST /dashboard/api/orders/{id}/conversation': { text: 'Halo Kak, dari CS satu' },
    'POST /dashboard/api/orders/assign': { ids: [theirs], cs: csOne.userId },
    'POST /dashboard/api/orders/bulk-status': { ids: [theirs], status: 'shipped', resi: 'RESIBARU1' },
    'POST /dashboard/api/orders/{id}/spam': { spam: true, reason: 'iseng' },
    'POST /dashboard/api/orders/bulk-spam': { ids: [theirs], spam: true },
  };
  // Printing: the other order alone, and beside CS one's own (the whole request refused).
  if (operation === 'GET /dashboard/api/orders/print') {
    return ['labels', 'invoices'].flatMap((kind) => [`${theirs}`, `${mine},${theirs}`].map((ids) => ({ method, url: `${url}?kind=${kind}&ids=${ids}` })));
  }
  if (operation === 'POST /dashboard/api/orders/printed') {
    return ['labels', 'invoices'].flatMap((kind) => [[theirs], [mine, theirs]].map((ids) => ({ method, url, body: { kind, ids } })));
  }
  // A bulk move over a view: every search and filter that names the other order.
  if (operation === 'POST /dashboard/api/orders/bulk-status') {
    const views = [{}, { q: String(theirs) }, { q: MARKS.phone }, { q: MARKS.resi.toLowerCase() }, { q: 'zubaidah' }, { cs: String(csTwo.userId) }, { status: 'paid' }, { courier: MARKS.courier }];
    return [{ method, url, body: bodies[operation] }, ...views.map((query) => ({ method, url, body: { query, status: 'shipped', resi: 'RESIBARU1' } }))];
  }
  // The import: a file naming the other order, checked and applied.
  if (operation === 'POST /dashboard/api/orders/import') {
    const csv = `order;resi;status\n${theirs};RESIBARU1;shipped\n`;
    return [{ method, url: `${url}?dry_run=1`, csv }, { method, url, csv }];
  }
  if (method === 'GET' && !template.includes('{')) {
    // A list: searched and filtered by everything of the other order.
    const queries = ['', `q=${theirs}`, `q=${encodeURIComponent('0813-9988-7766')}`, `q=${MARKS.phone}`, `q=${MARKS.resi.toLowerCase()}`, 'q=zubaidah', 'q=tandarahasia', `cs=${csTwo.userId}`, 'status=paid', `courier=${encodeURIComponent(MARKS.courier)}`];
    return queries.map((q) => ({ method, url: q ? `${url}?${q}` : url }));
  }
  return [{ method, url, ...(method === 'GET' || method === 'DELETE' ? {} : { body: bodies[operation] ?? {} }) }];
}

describe("a CS and another CS's order", () => {
  it('the walk covers every orders route of the contract, and CS two sees the marks on their own order', async () => {
    const operations = ordersOperations();
    for (const op of ['GET /dashboard/api/orders/{id}', 'POST /dashboard/api/orders/{id}/status', 'PATCH /dashboard/api/orders/{id}', 'POST /dashboard/api/orders/{id}/notes', 'POST /dashboard/api/orders/assign']) {
      expect(operations).toContain(op);
    }
    const own = await t.request({ method: 'GET', url: `/dashboard/api/orders/${theirs}`, headers: asMember(csTwo) });
    expect(own.statusCode).toBe(200);
    for (const mark of Object.values(MARKS)) expect(own.body).toContain(mark);
  });

  it.each(ordersOperations())('%s: not a byte of it, and nothing of it changes', async (operation) => {
    if (operation === `GET ${STREAM}`) return streamWalk();
    const before = await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow();
    const history = await t.ctx.db.selectFrom('order_history').select('id').where('order_id', '=', theirs).execute();
    for (const request of requestsFor(operation)) {
      const res = await t.request({
        method: request.method as 'GET',
        url: request.url,
        headers: asMember(csOne, request.csv !== undefined ? { 'content-type': 'text/csv' } : request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.csv !== undefined ? { payload: request.csv } : request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
      });
      expect(res.statusCode, `${request.method} ${request.url}: ${res.body}`).toBeLessThan(500);
      expect(res.body, `${request.method} ${request.url}`).not.toMatch(MARK);
      // The order itself is not found, as another store's would be (a route for owners and admins refuses first).
      if (operation.includes('{id}') || operation.includes('/print')) expect(res.json()).toMatchObject({ code: 'order_not_found' });
      // A list names only CS one's orders, and counts count only them: one order, theirs.
      // The export: a file of CS one's orders only (its first column, after the header).
      if (String(res.headers['content-type']).startsWith('text/csv')) {
        expect(readCsv(res.body).slice(1).map((row) => Number(row.cells[0])).filter((id) => id !== mine)).toEqual([]);
        continue;
      }
      const body = res.json() as { orders?: Array<{ id: number }>; counts?: { all: number }; lines?: Array<{ outcome: string; code?: string }> };
      if (body.orders) expect(body.orders.map((o) => o.id).filter((id) => id !== mine)).toEqual([]);
      if (body.counts) expect(body.counts.all).toBeLessThanOrEqual(1);
      if (body.lines) expect(body.lines).toEqual([expect.objectContaining({ outcome: 'refused', code: 'order_not_found' })]);
    }
    expect(await t.ctx.db.selectFrom('orders').selectAll().where('id', '=', theirs).executeTakeFirstOrThrow()).toEqual(before);
    expect(await t.ctx.db.selectFrom('order_history').select('id').where('order_id', '=', theirs).execute()).toEqual(history);
  });

  /**
   * The live stream, which never ends by itself: CS one's stream is open while CS two's order is
   * moved, another order is made and given to CS two, and then one is given to CS one; the stream
   * carries CS one's and nothing of CS two's.
   */
  async function streamWalk(): Promise<void> {
    const res = await t.app.inject({ method: 'GET', url: STREAM, headers: asMember(csOne), payloadAsStream: true });
    expect(res.statusCode).toBe(200);
    const stream = res.stream();
    let body = '';
    stream.on('data', (chunk) => (body += String(chunk)));
    try {
      const moved = await t.request({ method: 'POST', url: `/dashboard/api/orders/${theirs}/notes`, headers: asMember(csTwo, { 'content-type': 'application/json' }), payload: JSON.stringify({ text: 'Catatan kedua' }) });
      expect(moved.statusCode).toBe(201);
      const productId = (await t.ctx.db.selectFrom('orders').select('product_id').where('id', '=', theirs).executeTakeFirstOrThrow()).product_id;
      const another = (await seedOrder(t.ctx, store.tenantId, { product_id: productId })).id;
      await t.ctx.db.updateTable('orders').set({ assigned_user_id: csTwo.userId, status: 'paid' }).where('id', '=', another).execute();
      const forOne = (await seedOrder(t.ctx, store.tenantId, { product_id: productId })).id;
      await t.ctx.db.updateTable('orders').set({ assigned_user_id: csOne.userId }).where('id', '=', forOne).execute();
      const about = (id: number) => new RegExp(`data: \\{"id":${id}[,}]`);
      await expect.poll(() => body, { timeout: 5_000 }).toMatch(about(forOne));
      expect(body).not.toMatch(MARK);
      expect(body).not.toMatch(about(theirs));
      expect(body).not.toMatch(about(another));
    } finally {
      stream.destroy();
    }
  }

  it("CS one's own order is theirs to read (the walk's refusals are about scope, not the role)", async () => {
    const res = await t.request({ method: 'GET', url: `/dashboard/api/orders/${mine}`, headers: asMember(csOne) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(MARK);
  });
});
