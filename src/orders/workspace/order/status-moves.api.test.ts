// POST /dashboard/api/orders/{id}/status (issue 32 §3): every move of the seven states by a CS
// (on their own order) and by an admin, against the table written out here (not read
// from status-moves.ts, so that a wrong table fails); what the moves need; expected_status; the
// event and history of a move; and that a refusal changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../../test/helpers.js';
import { ORDER_STATUSES, type OrderStatus } from '../../core/statuses.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;
let cs: Member;
let admin: Member;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, {});
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Sepatu', price: 150000 })).id;
  cs = await seedMember(t.ctx, store.tenantId, 'cs', { name: 'Dewi CS' });
  admin = await seedMember(t.ctx, store.tenantId, 'admin', { name: 'Andi Admin' });
});
afterAll(() => t.drop());

// The table: from -> to, who ('any': any member with the order; 'manager': owner, admin), needs.
type Need = 'resi' | 'reason' | null;
const TABLE: Array<[OrderStatus, OrderStatus, 'any' | 'manager', Need]> = [
  ...(['closing', 'paid', 'cancelled', 'invalid_no_hp'] as const).map((to) => ['pending', to, 'any', null] as [OrderStatus, OrderStatus, 'any', null]),
  ...(['pending', 'paid', 'cancelled', 'invalid_no_hp'] as const).map((to) => ['closing', to, 'any', null] as [OrderStatus, OrderStatus, 'any', null]),
  ['paid', 'shipped', 'any', 'resi'],
  ['paid', 'closing', 'manager', 'reason'],
  ['paid', 'cancelled', 'manager', 'reason'],
  ['shipped', 'completed', 'any', null],
  ['shipped', 'cancelled', 'manager', 'reason'],
  ['completed', 'shipped', 'manager', 'reason'],
  ['cancelled', 'pending', 'manager', 'reason'],
  ['invalid_no_hp', 'pending', 'manager', 'reason'],
];
const rowOf = (from: string, to: string) => TABLE.find(([f, t2]) => f === from && t2 === to);
const allowedFor = (from: string, manager: boolean) => TABLE.filter(([f, , who]) => f === from && (who === 'any' || manager)).map(([, to]) => to);

/** A new order in `status`, assigned to the CS. */
async function orderIn(status: OrderStatus, extra: Record<string, unknown> = {}): Promise<number> {
  const { id } = await seedOrder(t.ctx, store.tenantId, { product_id: productId, status, ...extra });
  await t.ctx.db.updateTable('orders').set({ assigned_user_id: cs.userId }).where('id', '=', id).execute();
  return id;
}

const move = (member: Member, id: number, body: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/dashboard/api/orders/${id}/status`, headers: asMember(member, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });

/** Everything a move writes: the order, its history, its events. */
async function stateOf(id: number) {
  const order = await t.ctx.db.selectFrom('orders').select(['status', 'resi', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const history = await t.ctx.db.selectFrom('order_history').select(['source', 'actor', 'actor_user_id', 'field', 'old_value', 'new_value']).where('order_id', '=', id).orderBy('id').execute();
  const events = await t.ctx.db.selectFrom('events').select('payload').where('order_id', '=', id).orderBy('id').execute();
  return { order, history, events: events.map((e) => JSON.parse(e.payload) as Record<string, unknown>) };
}

const cases = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.flatMap((to) => (['cs', 'admin'] as const).map((role) => ({ from, to, role }))));

describe('every move of the seven states, by a CS and by an admin', () => {
  it.each(cases)('$role: $from -> $to', async ({ from, to, role }) => {
    const member = role === 'cs' ? cs : admin;
    const name = role === 'cs' ? 'Dewi CS' : 'Andi Admin';
    const row = rowOf(from, to);
    const allowed = row !== undefined && (row[2] === 'any' || role === 'admin');
    const id = await orderIn(from);
    const before = await stateOf(id);
    const body = { status: to, ...(row?.[3] === 'resi' ? { resi: 'JNE0099887766' } : {}), ...(row?.[3] === 'reason' ? { reason: 'Pembeli minta batal' } : {}) };
    const res = await move(member, id, body);

    if (from === to) {
      // Already there (a repeat of the move just made): a success that writes nothing (issue 40 §1).
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ changed: false, order: { id, status: to } });
      expect(await stateOf(id)).toEqual(before);
      return;
    }
    if (!allowed) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'status_move_not_allowed', allowed: allowedFor(from, role === 'admin') });
      expect(await stateOf(id)).toEqual(before);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().order;
    expect(res.json().changed).toBe(true);
    expect(order).toMatchObject({ id, status: to });
    expect(order.moves.map((m: { status: string }) => m.status)).toEqual(allowedFor(to, role === 'admin'));
    const after = await stateOf(id);
    expect(after.order.status).toBe(to);
    const by = { source: 'dashboard', actor: name, actor_user_id: member.userId };
    const added = after.history.slice(before.history.length).map((h) => ({ ...h, actor_user_id: Number(h.actor_user_id) }));
    expect(added).toEqual([
      { ...by, field: 'status', old_value: from, new_value: to },
      ...(row[3] === 'resi' ? [{ ...by, field: 'resi', old_value: null, new_value: 'JNE0099887766' }] : []),
      ...(row[3] === 'reason' ? [{ ...by, field: 'reason', old_value: null, new_value: 'Pembeli minta batal' }] : []),
    ]);
    // SPEC: a dashboard change queues its event, without the integration fields.
    expect(after.events).toHaveLength(1);
    expect(after.events[0]).toMatchObject({ order_id: id, previous_status: from, status: to, source: 'dashboard' });
    for (const field of ['changed_by', 'integration', 'external_reference']) expect(after.events[0]).not.toHaveProperty(field);
    // The page answered is the page GET shows, newest entry first.
    expect(order.history[0]).toMatchObject({ field: row[3] === null ? 'status' : row[3], synthesized: false });
  });
});

describe('what a move needs', () => {
  it.each(TABLE.filter(([, , , need]) => need !== null))('%s -> %s without its %s (or blank): 422, nothing changes', async (from, to, _who, need) => {
    const id = await orderIn(from);
    const before = await stateOf(id);
    for (const body of [{ status: to }, { status: to, resi: '  ', reason: '  ' }]) {
      const res = await move(admin, id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: need === 'resi' ? 'resi_required' : 'reason_required' });
    }
    expect(await stateOf(id)).toEqual(before);
  });

  it('paid -> shipped takes the resi already on the order, and a CS may make it', async () => {
    const id = await orderIn('paid', { resi: 'SCP123456' });
    const res = await move(cs, id, { status: 'shipped' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'shipped', resi: 'SCP123456' });
    // The same resi sent again is no change of the resi.
    expect((await stateOf(id)).history.map((h) => h.field)).toEqual(['created', 'status']);
  });

  it('a resi sent with the move replaces the old one, as its own history entry with both values', async () => {
    const id = await orderIn('paid', { resi: 'SALAH1' });
    const res = await move(cs, id, { status: 'shipped', resi: ' BENAR2 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.resi).toBe('BENAR2');
    expect((await stateOf(id)).history.at(-1)).toMatchObject({ field: 'resi', old_value: 'SALAH1', new_value: 'BENAR2' });
  });

  it('an unknown status, an unknown field or a resi of two lines: 422 invalid_request, nothing changes', async () => {
    const id = await orderIn('paid');
    const before = await stateOf(id);
    for (const body of [{ status: 'lunas' }, { status: 'shipped', note: 'x' }, { expected_status: 'paid' }, { status: 'shipped', resi: 'JNE1\nJNE2' }]) {
      const res = await move(admin, id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('invalid_request');
    }
    expect(await stateOf(id)).toEqual(before);
  });
});

describe('expected_status', () => {
  it('another status than the order\'s: 409 status_conflict, nothing changes; the right one moves it', async () => {
    const id = await orderIn('pending');
    const before = await stateOf(id);
    const stale = await move(cs, id, { status: 'closing', expected_status: 'closing' });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toEqual({ error: expect.any(String), code: 'status_conflict', request_id: expect.any(String) });
    expect(await stateOf(id)).toEqual(before);

    const fresh = await move(cs, id, { status: 'closing', expected_status: 'pending' });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it('two agents on one order: the second, who saw the old status, gets status_conflict instead of overwriting', async () => {
    const id = await orderIn('pending');
    const [a, b] = await Promise.all([
      move(cs, id, { status: 'paid', expected_status: 'pending' }),
      move(admin, id, { status: 'cancelled', expected_status: 'pending' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('status_conflict');
    expect((await stateOf(id)).history.filter((h) => h.field === 'status')).toHaveLength(1);
  });
});

describe('a repeat of the same move (issue 40 §1: a double press)', () => {
  it('one after the other: the second is 200 changed:false, even with the status it saw as expected_status; one history entry, one event', async () => {
    const id = await orderIn('paid');
    const body = { status: 'shipped', expected_status: 'paid', resi: 'JNE0011223344' };
    const first = await move(cs, id, body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().changed).toBe(true);
    const after = await stateOf(id);
    const second = await move(cs, id, body);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ changed: false, order: { status: 'shipped', resi: 'JNE0011223344' } });
    expect(await stateOf(id)).toEqual(after);
    // Another resi with the repeat is not written either (as bulk's unchanged): the resi has its own edit.
    expect((await move(cs, id, { ...body, resi: 'LAIN999' })).json().changed).toBe(false);
    expect(await stateOf(id)).toEqual(after);
  });

  it('at the same time: both 200, one changed; one history entry and one event', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await orderIn('pending');
      const body = { status: 'closing', expected_status: 'pending' };
      const answers = await Promise.all([move(cs, id, body), move(cs, id, body)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json().changed).sort()).toEqual([false, true]);
      const state = await stateOf(id);
      expect(state.history.filter((h) => h.field === 'status')).toHaveLength(1);
      expect(state.events).toHaveLength(1);
    }
  });

  it('another move meanwhile is still a conflict', async () => {
    const id = await orderIn('pending');
    expect((await move(admin, id, { status: 'cancelled', expected_status: 'pending' })).statusCode).toBe(200);
    const stale = await move(cs, id, { status: 'closing', expected_status: 'pending' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('status_conflict');
  });
});

describe('scope', () => {
  it("a CS moving an order not assigned to them, or another store's: 404 order_not_found, nothing changes", async () => {
    const other = await seedStore(t.ctx, {});
    const otherProduct = (await seedProduct(t.ctx, other.tenantId, { name: 'Lain', price: 1000 })).id;
    const foreign = (await seedOrder(t.ctx, other.tenantId, { product_id: otherProduct })).id;
    const { id: unassigned } = await seedOrder(t.ctx, store.tenantId, { product_id: productId });
    for (const [member, id] of [[cs, unassigned], [cs, foreign], [admin, foreign]] as const) {
      const before = await stateOf(id);
      const res = await move(member, id, { status: 'closing' });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: 'Pesanan tidak ditemukan.', code: 'order_not_found', request_id: expect.any(String) });
      expect(await stateOf(id)).toEqual(before);
    }
  });
});

describe('a COD order (issue 40 §3)', () => {
  it('ships from closing with a resi, offered on its page; a transfer order at closing does not', async () => {
    const cod = await orderIn('closing', { payment_method: 'cod' });
    const transfer = await orderIn('closing');
    const page = async (id: number) => (await t.request({ method: 'GET', url: `/dashboard/api/orders/${id}`, headers: asMember(cs) })).json().order.moves;
    expect(await page(cod)).toContainEqual({ status: 'shipped', needs: 'resi' });
    expect((await page(transfer)).map((m: { status: string }) => m.status)).not.toContain('shipped');
    expect((await move(cs, cod, { status: 'shipped' })).json()).toMatchObject({ code: 'resi_required' });
    const refused = await move(cs, transfer, { status: 'shipped', resi: 'JX1' });
    expect(refused.json()).toMatchObject({ code: 'status_move_not_allowed', allowed: ['pending', 'paid', 'cancelled', 'invalid_no_hp'] });
    const moved = await move(cs, cod, { status: 'shipped', resi: 'JX 2' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await stateOf(cod)).order).toMatchObject({ status: 'shipped', resi: 'JX2' });
  });
});
