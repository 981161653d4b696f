// Risky orders (issue 43), on SQLite and PostgreSQL: each flag's rule with its edges (24 hours
// exactly and a minute more, the burst threshold and one more, a returned parcel, a short
// address), raised in the transaction that takes the order (the CLI's, an order entered by
// hand, the form's); dismissing a flag; the spam mark and its removal with their history, in
// bulk too; the tabs' counts without spam; the export's columns; a blocked phone refused on the
// form with nothing stored but the day's count, and taken, flagged, by hand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../test/dashboard-helpers.js';
import { formBody, seedFormStore, seedKaos, tokenOf } from '../../../test/form-helpers.js';
import { CUSTOMER, seedOrder, seedProduct, startTestApp, type Store } from '../../../test/helpers.js';
import { readCsv } from '../../lib/csv/read-csv.js';
import { applyStatus } from '../../messaging/apply-status.js';
import type { Product } from '../../products/product-record.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
const HOUR = 3_600_000;
const MINUTE = 60_000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.drop());

let phoneSerial = 0;
/** A phone no other test uses. */
const newPhone = () => `0813${String(20_000_000 + ++phoneSerial).slice(-8)}`;

interface Shop {
  store: Store;
  kaos: Product;
  mug: Product;
  owner: Member;
  cs: Member;
}

async function shop(): Promise<Shop> {
  const store = await seedFormStore(t.ctx, { unique_code: true });
  return {
    store,
    kaos: await seedKaos(t.ctx, store.tenantId),
    mug: await seedProduct(t.ctx, store.tenantId, { name: 'Mug', price: 30_000 }),
    owner: await seedMember(t.ctx, store.tenantId, 'owner'),
    cs: await seedMember(t.ctx, store.tenantId, 'cs'),
  };
}

/** An order as `lapak order create` takes it, at the clock's time. */
const cliOrder = (s: Shop, input: { product?: Product; variant?: string; phone: string; method?: string; address?: string }) =>
  seedOrder(t.ctx, s.store.tenantId, {
    product_id: (input.product ?? s.kaos).id,
    variant: input.variant ?? (input.product === s.mug ? '' : 'Hitam / M'),
    payment_method: input.method ?? 'bank_transfer',
    customer: { ...CUSTOMER, phone: input.phone, address: input.address ?? CUSTOMER.address },
  });

const flagsOf = async (id: number) => (await t.ctx.db.selectFrom('orders').select('flags').where('id', '=', id).executeTakeFirstOrThrow()).flags;
const flagRows = (id: number) => t.ctx.db.selectFrom('order_flags').select(['flag', 'reason', 'related_order_id', 'dismissed_at']).where('order_id', '=', id).orderBy('flag').execute();
const history = (id: number) => t.ctx.db.selectFrom('order_history').select(['field', 'actor', 'actor_user_id', 'new_value']).where('order_id', '=', id).where('field', '!=', 'created').orderBy('id').execute();
const post = (member: Member, url: string, body: unknown) => t.request({ method: 'POST', url, payload: JSON.stringify(body), headers: asMember(member, { 'content-type': 'application/json' }) });
const get = (member: Member, url: string) => t.request({ method: 'GET', url, headers: asMember(member) });

describe('flags raised when an order is taken', () => {
  it('duplicate: the same phone and product, any variant, within 24 hours (exactly 24 included, a minute more not); never against a spam order', async () => {
    const s = await shop();
    const phone = newPhone();
    const first = await cliOrder(s, { phone });
    t.clock.advance(24 * HOUR);
    const again = await cliOrder(s, { phone, variant: 'Putih / XL' });
    expect(await flagsOf(again.id)).toBe('duplicate');
    expect(await flagRows(again.id)).toEqual([{ flag: 'duplicate', reason: `Pesanan ganda: nomor ini memesan produk yang sama dalam 24 jam terakhir (pesanan #${first.id}).`, related_order_id: first.id, dismissed_at: null }]);
    // Another product of the same phone: no duplicate.
    expect(await flagsOf((await cliOrder(s, { phone, product: s.mug })).id)).toBe('');
    // A minute past 24 hours after the last order of that product.
    t.clock.advance(24 * HOUR + MINUTE);
    expect(await flagsOf((await cliOrder(s, { phone })).id)).toBe('');
    // The earlier order is spam: it makes no duplicate.
    const other = newPhone();
    const spam = await cliOrder(s, { phone: other });
    expect((await post(s.owner, `/dashboard/api/orders/${spam.id}/spam`, { spam: true })).statusCode).toBe(200);
    expect(await flagsOf((await cliOrder(s, { phone: other })).id)).toBe('');
  });

  it('cod_risk: a COD order of a phone with a returned parcel (shipped, cancelled now), or to an address under 15 characters; not a transfer order', async () => {
    const s = await shop();
    const phone = newPhone();
    const returned = await cliOrder(s, { phone, method: 'cod' });
    expect(await flagsOf(returned.id)).toBe('');
    for (const status of ['closing', 'paid', 'shipped', 'cancelled']) {
      const res = await post(s.owner, `/dashboard/api/orders/${returned.id}/status`, { status, resi: 'JNE777', reason: 'paket kembali' });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(2 * HOUR);
    const next = await cliOrder(s, { phone, method: 'cod', product: s.mug });
    expect(await flagRows(next.id)).toEqual([{ flag: 'cod_risk', reason: 'COD berisiko: 1 paket COD ke nomor ini pernah dikirim lalu dibatalkan (retur)', related_order_id: null, dismissed_at: null }]);
    // A cancelled order that never shipped is no returned parcel; a transfer order is not judged.
    const fresh = newPhone();
    const never = await cliOrder(s, { phone: fresh, method: 'cod' });
    expect((await post(s.owner, `/dashboard/api/orders/${never.id}/status`, { status: 'cancelled', reason: 'batal' })).statusCode).toBe(200);
    expect(await flagsOf((await cliOrder(s, { phone: fresh, method: 'cod', product: s.mug })).id)).toBe('');
    expect(await flagsOf((await cliOrder(s, { phone, method: 'bank_transfer', product: s.mug })).id)).not.toContain('cod_risk');
    // The address: 14 characters flagged, 15 not.
    const short = await cliOrder(s, { phone: newPhone(), method: 'cod', address: 'Jl. Mawar No.1' });
    expect(await flagRows(short.id)).toEqual([expect.objectContaining({ flag: 'cod_risk', reason: 'COD berisiko: alamat terlalu pendek (14 karakter)' })]);
    expect(await flagsOf((await cliOrder(s, { phone: newPhone(), method: 'cod', address: 'Jl. Mawar No.12' })).id)).toBe('');
  });

  it("burst: the (N+1)th order of one phone within an hour and later ones, N the store's setting (3, then 2); an hour later none", async () => {
    const s = await shop();
    const phone = newPhone();
    const products = [s.kaos, s.mug];
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await cliOrder(s, { phone, product: products[i % 2], variant: i % 2 ? '' : ['Hitam / M', 'Hitam / L', 'Putih / M'][i / 2]! })).id);
      t.clock.advance(10 * MINUTE);
    }
    const burst = async (id: number) => (await flagsOf(id)).split(',').includes('burst');
    expect(await Promise.all(ids.map(burst))).toEqual([false, false, false, true, true]);
    expect(await flagRows(ids[3]!)).toContainEqual(expect.objectContaining({ flag: 'burst', reason: 'Pesanan ke-4 dari nomor ini dalam satu jam.' }));
    // The store lowers the threshold to 2: the third within the hour is flagged.
    expect((await t.request({ method: 'PUT', url: '/dashboard/api/risk-settings', payload: JSON.stringify({ burst_phone_limit: 2, burst_ip_limit: 10 }), headers: asMember(s.owner, { 'content-type': 'application/json' }) })).json()).toEqual({ burst_phone_limit: 2, burst_ip_limit: 10 });
    t.clock.advance(2 * HOUR);
    const other = newPhone();
    const more = [await cliOrder(s, { phone: other }), await cliOrder(s, { phone: other, product: s.mug }), await cliOrder(s, { phone: other, product: s.mug })];
    expect(await Promise.all(more.map((o) => burst(o.id)))).toEqual([false, false, true]);
    // A CS may not change it; a threshold out of range is refused.
    expect((await get(s.cs, '/dashboard/api/risk-settings')).statusCode).toBe(403);
    const bad = await t.request({ method: 'PUT', url: '/dashboard/api/risk-settings', payload: JSON.stringify({ burst_phone_limit: 0, burst_ip_limit: 10 }), headers: asMember(s.owner, { 'content-type': 'application/json' }) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'invalid_request', fields: { burst_phone_limit: expect.any(String) } });
  });

  it('burst by IP on the form: the (M+1)th form order of one IP within an hour, whatever the phones; the IP kept only as a keyed hash', async () => {
    const s = await shop();
    await t.ctx.db.updateTable('tenants').set({ burst_ip_limit: 2 }).where('id', '=', s.store.tenantId).execute();
    const url = `/form/${s.kaos.tenant_id}/${s.kaos.slug}`;
    const placed: number[] = [];
    for (const [i, ip] of ['10.9.0.1', '10.9.0.1', '10.9.0.2', '10.9.0.1'].entries()) {
      const token = tokenOf((await t.request({ method: 'GET', url })).body);
      const res = await t.request({ method: 'POST', url, payload: formBody(token, { phone: newPhone(), v1: String(i % 3) }), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: ip });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(303);
      const thanks = await t.request({ method: 'GET', url: res.headers.location as string });
      placed.push(Number(/id="lf-order-id">#(\d+)</.exec(thanks.body)![1]));
    }
    expect(await Promise.all(placed.map(flagsOf))).toEqual(['', '', '', 'burst']);
    expect(await flagRows(placed[3]!)).toEqual([expect.objectContaining({ flag: 'burst', reason: 'Pesanan ke-3 dari alamat IP yang sama dalam satu jam.' })]);
    const kept = await t.ctx.db.selectFrom('order_ip_hashes').selectAll().where('tenant_id', '=', s.store.tenantId).orderBy('order_id').execute();
    expect(kept.map((k) => Number(k.order_id))).toEqual(placed);
    expect(JSON.stringify(kept)).not.toMatch(/10\.9\.0/);
    expect(kept[0]!.ip_hash).toBe(kept[1]!.ip_hash);
    expect(kept[0]!.ip_hash).not.toBe(kept[2]!.ip_hash);
  });

  it('not_whatsapp: raised when the provider answers 131026 for a message of the order, with a history entry by the system', async () => {
    const s = await shop();
    const order = await cliOrder(s, { phone: newPhone() });
    await t.ctx.db
      .insertInto('messages')
      .values({
        tenant_id: s.store.tenantId, order_id: order.id, step: 'fu1', state: 'sent', phone: '6281300000000', due_at: 0, next_at: 0, allowed_at: null, sent_at: 0, reason: null, text: 'Halo',
        provider: 'cloud_api', provider_message_id: 'wamid.x1', locked_until: null, lease_token: null, created_at: 0, updated_at: 0, status_at: null, provider_state_id: null,
      })
      .execute();
    expect(await applyStatus(t.ctx.writeTransaction, { tenantId: s.store.tenantId, providerMessageId: 'wamid.x1', status: 'failed', at: t.clock.now(), errorCode: 131026 })).toBe(true);
    expect(await flagsOf(order.id)).toBe('not_whatsapp');
    expect(await history(order.id)).toEqual([{ field: 'flag', actor: 'system', actor_user_id: null, new_value: 'not_whatsapp' }]);
  });
});

describe('dismissing a flag, the spam mark, the tabs', () => {
  it('a CS dismisses a flag of their order ("sudah dicek"): it stays, greyed, leaves the filter and needs_check, with a history entry; again: nothing more', async () => {
    const s = await shop();
    const phone = newPhone();
    const first = await cliOrder(s, { phone });
    const dup = await cliOrder(s, { phone, method: 'cod', address: 'Jl. Pendek' });
    expect(await flagsOf(dup.id)).toBe('cod_risk,duplicate');
    await t.ctx.db.updateTable('orders').set({ assigned_user_id: s.cs.userId }).where('id', 'in', [first.id, dup.id]).execute();
    expect((await get(s.cs, '/dashboard/api/orders/counts')).json().counts).toMatchObject({ all: 2, needs_check: 1, spam: 0 });
    expect((await get(s.cs, '/dashboard/api/orders?flag=duplicate')).json().orders.map((o: { id: number }) => o.id)).toEqual([dup.id]);

    const res = await post(s.cs, `/dashboard/api/orders/${dup.id}/flags/duplicate/dismiss`, {});
    expect(res.statusCode, res.body).toBe(200);
    const flags = res.json().order.flags as Array<{ flag: string; dismissed_at: string | null; dismissed_by: { id: number } | null; related_order_id: number | null }>;
    expect(flags.map((f) => [f.flag, f.dismissed_at !== null, f.dismissed_by?.id ?? null])).toEqual([['cod_risk', false, null], ['duplicate', true, s.cs.userId]]);
    expect(flags.find((f) => f.flag === 'duplicate')!.related_order_id).toBe(first.id);
    expect(await flagsOf(dup.id)).toBe('cod_risk');
    expect((await get(s.cs, '/dashboard/api/orders?flag=duplicate')).json().orders).toEqual([]);
    expect((await get(s.cs, '/dashboard/api/orders?flag=any')).json().orders.map((o: { id: number }) => o.id)).toEqual([dup.id]);
    expect(await history(dup.id)).toEqual([expect.objectContaining({ field: 'flag_dismissed', actor_user_id: s.cs.userId, new_value: 'duplicate' })]);
    // Again: 200, nothing written. The last flag dismissed: out of "Perlu dicek".
    expect((await post(s.cs, `/dashboard/api/orders/${dup.id}/flags/duplicate/dismiss`, {})).statusCode).toBe(200);
    expect((await post(s.cs, `/dashboard/api/orders/${dup.id}/flags/cod_risk/dismiss`, {})).statusCode).toBe(200);
    expect(await history(dup.id)).toHaveLength(2);
    expect((await get(s.cs, '/dashboard/api/orders/counts')).json().counts).toMatchObject({ all: 2, needs_check: 0 });
    // A flag the order does not have, or no flag at all.
    expect((await post(s.cs, `/dashboard/api/orders/${dup.id}/flags/burst/dismiss`, {})).json()).toMatchObject({ code: 'flag_not_found' });
    expect((await post(s.cs, `/dashboard/api/orders/${dup.id}/flags/palsu/dismiss`, {})).json()).toMatchObject({ code: 'flag_not_found' });
  });

  it('spam and un-spam, each with its history entry naming who and why; out of every tab, count and export; spam=only shows them; the API sees the order as before', async () => {
    const s = await shop();
    const a = await cliOrder(s, { phone: newPhone() });
    const b = await cliOrder(s, { phone: newPhone() });
    const marked = await post(s.owner, `/dashboard/api/orders/${a.id}/spam`, { spam: true, reason: 'Nomor iseng' });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().order).toMatchObject({ id: a.id, status: 'pending', spam: true });
    expect(await history(a.id)).toEqual([expect.objectContaining({ field: 'spam', actor_user_id: s.owner.userId, new_value: 'Nomor iseng' })]);
    expect((await get(s.owner, '/dashboard/api/orders/counts')).json().counts).toMatchObject({ all: 1, pending: 1, spam: 1 });
    expect((await get(s.owner, '/dashboard/api/orders')).json().orders.map((o: { id: number }) => o.id)).toEqual([b.id]);
    expect((await get(s.owner, '/dashboard/api/orders?spam=only')).json().orders.map((o: { id: number; spam: boolean }) => [o.id, o.spam])).toEqual([[a.id, true]]);
    expect((await get(s.owner, '/dashboard/api/orders/counts?spam=only')).json().counts).toMatchObject({ all: 1, pending: 1, spam: 1 });
    const csv = readCsv((await get(s.owner, '/dashboard/api/orders/export.csv')).body);
    const header = csv[0]!.cells;
    expect(header.slice(-2)).toEqual(['flags', 'spam']);
    expect(csv.slice(1).map((r) => Number(r.cells[0]))).toEqual([b.id]);
    const spamCsv = readCsv((await get(s.owner, '/dashboard/api/orders/export.csv?spam=only')).body);
    expect(spamCsv.slice(1).map((r) => [Number(r.cells[0]), r.cells[header.length - 1]])).toEqual([[a.id, '1']]);
    // The integration API: read and PATCH as before.
    const read = await t.request({ method: 'GET', url: `/api/order_status.php?id=${a.id}`, headers: { 'x-api-key': s.store.keys.reader! } });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('spam');

    const unmarked = await post(s.owner, `/dashboard/api/orders/${a.id}/spam`, { spam: false, reason: 'Salah tandai' });
    expect(unmarked.json().order.spam).toBe(false);
    expect((await post(s.owner, `/dashboard/api/orders/${a.id}/spam`, { spam: false })).statusCode).toBe(200);
    expect(await history(a.id)).toEqual([expect.objectContaining({ field: 'spam', new_value: 'Nomor iseng' }), expect.objectContaining({ field: 'spam_removed', new_value: 'Salah tandai' })]);
    expect((await get(s.owner, '/dashboard/api/orders/counts')).json().counts).toMatchObject({ all: 2, spam: 0 });
    // A body that is not the contract's.
    expect((await post(s.owner, `/dashboard/api/orders/${a.id}/spam`, { spam: 'ya' })).json()).toMatchObject({ code: 'invalid_request', fields: { spam: expect.any(String) } });
  });

  it('bulk-spam by ids and by a view: each order its own change, refused ones answered, the rest marked', async () => {
    const s = await shop();
    const ids = [(await cliOrder(s, { phone: newPhone() })).id, (await cliOrder(s, { phone: newPhone(), product: s.mug })).id];
    const other = await seedFormStore(t.ctx, {}, 'Toko Lain');
    const foreign = (await seedOrder(t.ctx, other.tenantId, { product_id: (await seedKaos(t.ctx, other.tenantId)).id, variant: 'Hitam / M' })).id;
    const res = await post(s.owner, '/dashboard/api/orders/bulk-spam', { ids: [...ids, foreign], spam: true, reason: 'iklan palsu' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ results: [{ id: ids[0], outcome: 'changed' }, { id: ids[1], outcome: 'changed' }, { id: foreign, outcome: 'refused', code: 'order_not_found' }], changed: 2, unchanged: 0, refused: 1 });
    // Back by the view of the Spam tab.
    const back = await post(s.owner, '/dashboard/api/orders/bulk-spam', { query: { spam: 'only' }, spam: false });
    expect(back.json()).toMatchObject({ changed: 2, refused: 0 });
    expect(await history(ids[0]!)).toEqual([expect.objectContaining({ field: 'spam', new_value: 'iklan palsu' }), expect.objectContaining({ field: 'spam_removed', new_value: null })]);
    expect((await post(s.owner, '/dashboard/api/orders/bulk-spam', { spam: true })).json()).toMatchObject({ code: 'invalid_request', fields: { ids: expect.any(String) } });
  });
});

describe('blocked phones', () => {
  it('a form order from a blocked phone: 403 with the store\'s WhatsApp, nothing stored but the day\'s count; by hand or by the CLI it is taken, flagged blocked', async () => {
    const s = await shop();
    const phone = newPhone();
    const blocked = await post(s.owner, '/dashboard/api/blocked-phones', { phone, note: 'Penipu COD' });
    expect(blocked.statusCode, blocked.body).toBe(201);
    expect(blocked.json()).toMatchObject({ phone: `62${phone.slice(1)}`, note: 'Penipu COD' });
    const url = `/form/${s.kaos.tenant_id}/${s.kaos.slug}`;
    const before = await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', s.store.tenantId).executeTakeFirstOrThrow();
    const token = tokenOf((await t.request({ method: 'GET', url })).body);
    const res = await t.request({ method: 'POST', url, payload: formBody(token, { phone: `+62 ${phone.slice(1)}` }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('Pesanan tidak dapat diterima');
    expect(res.body).toContain('https://wa.me/6281299990000');
    const after = await t.ctx.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', s.store.tenantId).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(await t.ctx.db.selectFrom('form_submissions').select('token').where('token', '=', token).execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('order_ip_hashes').select('order_id').where('tenant_id', '=', s.store.tenantId).execute()).toEqual([]);
    expect((await get(s.owner, '/dashboard/api/blocked-phones')).json()).toMatchObject({ phones: [{ phone: `62${phone.slice(1)}`, note: 'Penipu COD' }], refused_today: 1 });

    const manual = await cliOrder(s, { phone });
    expect(await flagRows(manual.id)).toEqual([expect.objectContaining({ flag: 'blocked', reason: 'Nomor ini ada di daftar blokir toko: Penipu COD' })]);
    expect((await get(s.owner, `/dashboard/api/orders/${manual.id}`)).json().order).toMatchObject({ phone_blocked: true });

    // Unblocked: the form takes the phone again. A CS may not see the list; a phone that is not one is refused.
    expect((await t.request({ method: 'DELETE', url: `/dashboard/api/blocked-phones/62${phone.slice(1)}`, headers: asMember(s.owner) })).statusCode).toBe(204);
    expect((await t.request({ method: 'DELETE', url: `/dashboard/api/blocked-phones/62${phone.slice(1)}`, headers: asMember(s.owner) })).json()).toMatchObject({ code: 'blocked_phone_not_found' });
    expect((await get(s.cs, '/dashboard/api/blocked-phones')).statusCode).toBe(403);
    expect((await post(s.owner, '/dashboard/api/blocked-phones', { phone: '12345' })).json()).toMatchObject({ code: 'invalid_request', fields: { phone: expect.any(String) } });
    const token2 = tokenOf((await t.request({ method: 'GET', url })).body);
    expect((await t.request({ method: 'POST', url, payload: formBody(token2, { phone }), headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(303);
  });
});
