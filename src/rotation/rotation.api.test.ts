// Issue 34 §1: the CS rotation over HTTP, on SQLite and PostgreSQL. Orders come through the
// order form's POST (and manual entry); the settings through PUT /dashboard/api/rotation; each
// member's duty through PUT /dashboard/api/me/duty. Who may call the routes: the route table
// (test/dashboard-route-table.ts). Fairness across three processes: rotation-fairness.api.test.ts.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../test/dashboard-helpers.js';
import { BUYER, formBody, seedFormStore, seedKaos } from '../../test/form-helpers.js';
import { json, startTestApp } from '../../test/helpers.js';
import { DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { startOfDay } from '../lib/time.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let otherTenant: number;
let formUrl: string;
let owner: Member;
let admin: Member;
let a: Member;
let b: Member;
let c: Member;
let outsider: Member;
let letters: Map<number, string>;

beforeAll(async () => {
  t = await startTestApp();
  const store = await seedFormStore(t.ctx);
  tenantId = store.tenantId;
  const kaos = await seedKaos(t.ctx, tenantId);
  formUrl = `/form/${tenantId}/${kaos.slug}`;
  owner = await seedMember(t.ctx, tenantId, 'owner', { name: 'Bu Pemilik' });
  admin = await seedMember(t.ctx, tenantId, 'admin', { name: 'Pak Admin' });
  a = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Ani' });
  b = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Budi' });
  c = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Citra' });
  otherTenant = (await seedFormStore(t.ctx, {}, 'Toko Lain')).tenantId;
  outsider = await seedMember(t.ctx, otherTenant, 'cs', { name: 'CS Toko Lain' });
  letters = new Map([[a.userId, 'a'], [b.userId, 'b'], [c.userId, 'c'], [owner.userId, 'o'], [admin.userId, 'd']]);
});
afterAll(() => t.drop());

const send = (member: Member, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  t.request({ method, url, headers: asMember(member, body === undefined ? {} : { 'content-type': 'application/json' }), ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
const putRotation = async (body: unknown, as: Member = owner) => {
  const res = await send(as, 'PUT', '/dashboard/api/rotation', body);
  expect(res.statusCode, res.body).toBe(200);
  return json(res);
};
const duty = (member: Member, onDuty: boolean) => send(member, 'PUT', '/dashboard/api/me/duty', { on_duty: onDuty });

let phoneSerial = 0;
/** A phone no earlier test used: a new buyer. */
const newPhone = () => `0813${String(10_000_000 + ++phoneSerial * 7919).slice(-8)}`;

/** Places a form order for the buyer's phone; answers its id and whom it is assigned to. */
async function place(phone = newPhone()): Promise<{ id: number; assigned: number | null }> {
  const token = randomBytes(16).toString('hex');
  const res = await t.request({ method: 'POST', url: formUrl, payload: formBody(token, { phone }), headers: { 'content-type': 'application/x-www-form-urlencoded' }, remoteAddress: '10.3.0.1' });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(303);
  const row = await t.ctx.db
    .selectFrom('form_submissions')
    .innerJoin('orders', 'orders.id', 'form_submissions.order_id')
    .select(['orders.id', 'orders.assigned_user_id'])
    .where('form_submissions.tenant_id', '=', tenantId)
    .where('form_submissions.token', '=', token)
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), assigned: row.assigned_user_id === null ? null : Number(row.assigned_user_id) };
}

/** `n` new buyers' orders, as the letters of whom each went to (`-` unassigned). */
async function picks(n: number): Promise<string> {
  let out = '';
  for (let i = 0; i < n; i++) {
    const { assigned } = await place();
    out += assigned === null ? '-' : letters.get(assigned)!;
  }
  return out;
}

const member = (m: Member, weight = 1, onDuty = true) => ({ user_id: m.userId, weight, on_duty: onDuty });
const history = (orderId: number) =>
  t.ctx.db.selectFrom('order_history').select(['field', 'source', 'actor', 'actor_user_id', 'old_value', 'new_value']).where('tenant_id', '=', tenantId).where('order_id', '=', orderId).orderBy('id').execute();

describe('settings', () => {
  it('a store starts with the rotation off and nobody in it; GET lists the other members by name', async () => {
    const res = await send(owner, 'GET', '/dashboard/api/rotation');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({
      mode: 'off',
      sticky: false,
      members: [],
      others: [owner, admin, a, b, c].map((m) => ({ user_id: m.userId, name: expect.any(String), role: expect.any(String) })),
    });
    expect(json(res).others[2]).toEqual({ user_id: a.userId, name: 'CS Ani', role: 'cs' });
  });

  it('with the rotation off, a new order stays unassigned, as before', async () => {
    expect(await picks(2)).toBe('--');
  });

  it('PUT saves and answers the rotation, members with their names; an admin may save it too', async () => {
    const saved = await putRotation({ mode: 'weighted', sticky: true, members: [member(b, 2, false), member(a, 3)] }, admin);
    expect(saved).toMatchObject({
      mode: 'weighted',
      sticky: true,
      members: [
        { user_id: a.userId, name: 'CS Ani', role: 'cs', weight: 3, on_duty: true },
        { user_id: b.userId, name: 'CS Budi', role: 'cs', weight: 2, on_duty: false },
      ],
    });
    expect(saved.others.map((o: { user_id: number }) => o.user_id)).toEqual([owner.userId, admin.userId, c.userId]);
    expect(json(await send(owner, 'GET', '/dashboard/api/rotation'))).toEqual(saved);
  });

  it('refuses a user who is not a member, a duplicate, a weight outside 1-10 and an unknown mode, with field paths; changes nothing', async () => {
    const before = json(await send(owner, 'GET', '/dashboard/api/rotation'));
    const refused = async (body: unknown, fields: Record<string, string>) => {
      const res = await send(owner, 'PUT', '/dashboard/api/rotation', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(json(res)).toEqual({ error: DASHBOARD_ERRORS.invalid_request.error, code: 'invalid_request', request_id: expect.any(String), fields });
    };
    await refused({ mode: 'round_robin', sticky: false, members: [member(a), member(outsider)] }, { 'members.1.user_id': DASHBOARD_FIELD_TEXT.rotationMember });
    await refused({ mode: 'round_robin', sticky: false, members: [member(a), member(b), member(a)] }, { 'members.2.user_id': DASHBOARD_FIELD_TEXT.rotationDuplicate });
    await refused({ mode: 'weighted', sticky: false, members: [member(a, 0), member(b, 11)] }, { 'members.0.weight': DASHBOARD_FIELD_TEXT.rotationWeight, 'members.1.weight': DASHBOARD_FIELD_TEXT.rotationWeight });
    await refused({ mode: 'weighted', sticky: false, members: [member(a, 2.5)] }, { 'members.0.weight': DASHBOARD_FIELD_TEXT.rotationWeight });
    await refused({ mode: 'acak', sticky: false, members: [] }, { mode: DASHBOARD_FIELD_TEXT.rotationMode });
    await refused({ mode: 'off', members: [] }, { sticky: DASHBOARD_FIELD_TEXT.required });
    await refused({ mode: 'off', sticky: false, members: [{ user_id: 0, weight: 1, on_duty: true }] }, { 'members.0.user_id': DASHBOARD_FIELD_TEXT.rotationMember });
    expect(json(await send(owner, 'GET', '/dashboard/api/rotation'))).toEqual(before);
  });

  it('a member sets their own duty; one outside the rotation gets 409 not_in_rotation', async () => {
    const res = await duty(b, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ on_duty: true });
    const outside = await duty(c, true);
    expect(outside.statusCode).toBe(409);
    expect(json(outside)).toEqual({ error: DASHBOARD_ERRORS.not_in_rotation.error, code: 'not_in_rotation', request_id: expect.any(String) });
    const refused = await send(b, 'PUT', '/dashboard/api/me/duty', { on_duty: 'ya' });
    expect(refused.statusCode).toBe(422);
  });
});

describe('assignment of new orders', () => {
  beforeEach(async () => {
    await putRotation({ mode: 'off', sticky: false, members: [] });
  });

  it('round_robin: in turn by user id, whatever the weights; each a history entry by "rotasi"', async () => {
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(c, 5), member(a, 3), member(b, 1)] });
    expect(await picks(7)).toBe('abcabca');
    const { id } = await place();
    expect(await history(id)).toEqual([
      { field: 'created', source: 'form', actor: 'form', actor_user_id: null, old_value: null, new_value: 'pending' },
      { field: 'assigned_to', source: 'system', actor: 'rotasi', actor_user_id: null, old_value: null, new_value: 'CS Budi' },
    ]);
  });

  it('weighted 3 and 1: a a b a in every cycle', async () => {
    await putRotation({ mode: 'weighted', sticky: false, members: [member(a, 3), member(b, 1)] });
    expect(await picks(12)).toBe('aabaaabaaaba');
  });

  it('weighted 2, 2 and 1: a b c a b in every cycle', async () => {
    await putRotation({ mode: 'weighted', sticky: false, members: [member(a, 2), member(b, 2), member(c, 1)] });
    expect(await picks(15)).toBe('abcababcababcab');
  });

  it('a change of weights starts a new cycle; a save that changes nothing, or only sticky, keeps it', async () => {
    await putRotation({ mode: 'weighted', sticky: false, members: [member(a, 3), member(b, 1)] });
    expect(await picks(2)).toBe('aa');
    // Unchanged, and sticky alone: the cycle goes on (b is next).
    await putRotation({ mode: 'weighted', sticky: false, members: [member(a, 3), member(b, 1)] });
    await putRotation({ mode: 'weighted', sticky: true, members: [member(a, 3), member(b, 1)] });
    expect(await picks(1)).toBe('b');
    // Weights 1 and 3 from zero: b a b b, not the rest of the old cycle.
    await putRotation({ mode: 'weighted', sticky: false, members: [member(a, 1), member(b, 3)] });
    expect(await picks(8)).toBe('babbbabb');
  });

  it('off duty gets no new orders; back on duty starts a new cycle', async () => {
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b), member(c)] });
    expect(await picks(1)).toBe('a');
    expect((await duty(b, false)).statusCode).toBe(200);
    expect(await picks(4)).toBe('acac');
    expect((await duty(b, true)).statusCode).toBe(200);
    expect(await picks(3)).toBe('abc');
  });

  it('nobody on duty: orders stay unassigned and the home page says so (the count to the owner and admins only)', async () => {
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b)] });
    await duty(a, false);
    await duty(b, false);
    const before = json(await send(owner, 'GET', '/dashboard/api/home')).rotation.unassigned_pending as number;
    expect(await picks(3)).toBe('---');
    const home = json(await send(owner, 'GET', '/dashboard/api/home')).rotation;
    expect(home).toEqual({ mode: 'round_robin', members: 2, on_duty: 0, me: { in_rotation: false, on_duty: false }, unassigned_pending: before + 3 });
    expect(json(await send(admin, 'GET', '/dashboard/api/home')).rotation.unassigned_pending).toBe(before + 3);
    expect(json(await send(a, 'GET', '/dashboard/api/home')).rotation).toEqual({ mode: 'round_robin', members: 2, on_duty: 0, me: { in_rotation: true, on_duty: false }, unassigned_pending: null });
    // Nobody in the rotation while it is on: the same.
    await putRotation({ mode: 'weighted', sticky: false, members: [] });
    expect(await picks(1)).toBe('-');
    expect(json(await send(owner, 'GET', '/dashboard/api/home')).rotation).toMatchObject({ mode: 'weighted', members: 0, on_duty: 0 });
  });

  it('sticky: a returning buyer goes to the member who has their latest order, without advancing the rotation', async () => {
    await putRotation({ mode: 'round_robin', sticky: true, members: [member(a), member(b), member(c)] });
    const buyer = newPhone();
    const first = await place(buyer);
    expect(first.assigned).toBe(a.userId);
    expect(await picks(1)).toBe('b');
    // Written another way, the same phone (stored normalised).
    const again = await place(`+62 ${buyer.slice(1, 4)}-${buyer.slice(4, 8)}-${buyer.slice(8)}`);
    expect(again.assigned).toBe(a.userId);
    expect((await history(again.id)).at(-1)).toEqual({ field: 'assigned_to', source: 'system', actor: 'rotasi (pembeli lama)', actor_user_id: null, old_value: null, new_value: 'CS Ani' });
    // Not advanced: c is next.
    expect(await picks(1)).toBe('c');
  });

  it("a spam order (issue 43) makes no returning buyer, and is out of the home page's unassigned count", async () => {
    await putRotation({ mode: 'round_robin', sticky: true, members: [member(a), member(b), member(c)] });
    const spam = (id: number) => send(owner, 'POST', `/dashboard/api/orders/${id}/spam`, { spam: true });
    const buyer = newPhone();
    const first = await place(buyer);
    expect(first.assigned).toBe(a.userId);
    expect((await spam(first.id)).statusCode).toBe(200);
    // Not a's by the sticky rule: the rotation's next, b.
    expect((await place(buyer)).assigned).toBe(b.userId);
    for (const m of [a, b, c]) await duty(m, false);
    const unassigned = async () => json(await send(owner, 'GET', '/dashboard/api/home')).rotation.unassigned_pending as number;
    const before = await unassigned();
    const lone = await place();
    expect(lone.assigned).toBeNull();
    expect(await unassigned()).toBe(before + 1);
    expect((await spam(lone.id)).statusCode).toBe(200);
    expect(await unassigned()).toBe(before);
  });

  it('sticky: not when that member is off duty, nor when the latest order is older than 90 days, nor with sticky off', async () => {
    await putRotation({ mode: 'round_robin', sticky: true, members: [member(a), member(b), member(c)] });
    const buyer = newPhone();
    expect((await place(buyer)).assigned).toBe(a.userId);
    await duty(a, false);
    // A new cycle over b and c: b, though a had the buyer.
    expect((await place(buyer)).assigned).toBe(b.userId);
    await duty(a, true);
    // The latest order is b's now: b again.
    expect((await place(buyer)).assigned).toBe(b.userId);
    // The buyer's orders placed 91 days ago: the buyer is new again, and the rotation (its cycle
    // started anew at a's duty, and b's sticky order did not advance it) gives a, then b.
    await t.ctx.db.updateTable('orders').set((eb) => ({ created_at: eb('created_at', '-', 91 * 86_400_000) })).where('tenant_id', '=', tenantId).where('customer_phone', '=', `62${buyer.slice(1)}`).execute();
    const later = await place(buyer);
    const next = await place();
    expect([later.assigned, next.assigned]).toEqual([a.userId, b.userId]);
    // With sticky off (the cycle goes on: c is next) the returning buyer goes by the rotation too.
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b), member(c)] });
    const buyer2 = newPhone();
    expect((await place(buyer2)).assigned).toBe(c.userId);
    expect((await place(buyer2)).assigned).toBe(a.userId);
  });

  it('an order entered by a CS is theirs and does not advance the rotation; an owner\'s goes through the rotation', async () => {
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b), member(c)] });
    const product = (await t.ctx.db.selectFrom('products').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow()).id;
    const entry = (phone: string) => ({ product_id: product, variant: 'Hitam / M', quantity: 1, courier: 'JNE REG', payment_method: 'cod', customer: { ...BUYER, phone } });
    const byCs = await send(c, 'POST', '/dashboard/api/orders', entry(newPhone()));
    expect(byCs.statusCode, byCs.body).toBe(201);
    expect(json(byCs).order.assigned_to).toMatchObject({ id: c.userId });
    expect((await history(json(byCs).order.id)).at(-1)).toMatchObject({ field: 'assigned_to', source: 'dashboard', actor: 'CS Citra', actor_user_id: c.userId });
    expect(await picks(1)).toBe('a');
    const byOwner = await send(owner, 'POST', '/dashboard/api/orders', entry(newPhone()));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    expect(json(byOwner).order.assigned_to).toMatchObject({ id: b.userId });
    expect(await picks(1)).toBe('c');
  });

  it('a member removed from the store leaves the rotation', async () => {
    const leaving = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Pergi' });
    letters.set(leaving.userId, 'x');
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(leaving)] });
    expect(await picks(2)).toBe('ax');
    const removed = await send(owner, 'DELETE', `/dashboard/api/team/${leaving.userId}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect(json(await send(owner, 'GET', '/dashboard/api/rotation')).members.map((m: { user_id: number }) => m.user_id)).toEqual([a.userId]);
    expect(await picks(2)).toBe('aa');
  });
});

describe("the rotation page's orders of today", () => {
  it("each member's orders_today: the orders created since midnight in the store's time zone assigned to them now", async () => {
    await t.ctx.db.updateTable('tenants').set({ time_zone: 'Asia/Jayapura' }).where('id', '=', tenantId).execute();
    const midnight = startOfDay(t.clock.now(), 'Asia/Jayapura');
    // Earlier orders of these members go back to yesterday, so only what follows counts.
    await t.ctx.db.updateTable('orders').set({ created_at: midnight - 1 }).where('tenant_id', '=', tenantId).where('assigned_user_id', 'in', [a.userId, b.userId]).execute();
    await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b)] });
    expect(await picks(3)).toBe('aba');
    const today = async () => Object.fromEntries(json(await send(owner, 'GET', '/dashboard/api/rotation')).members.map((m: { user_id: number; orders_today: number }) => [m.user_id, m.orders_today]));
    expect(await today()).toEqual({ [a.userId]: 2, [b.userId]: 1 });
    // The day's bounds are the store's: an order at its midnight counts, one a millisecond before does not.
    const { id, assigned } = await place();
    expect(assigned).toBe(b.userId);
    const at = (created: number) => t.ctx.db.updateTable('orders').set({ created_at: created }).where('id', '=', id).execute();
    await at(midnight);
    expect(await today()).toEqual({ [a.userId]: 2, [b.userId]: 2 });
    await at(midnight - 1);
    expect(await today()).toEqual({ [a.userId]: 2, [b.userId]: 1 });
    // Reassigned to a: counted for a now.
    await at(midnight);
    await send(owner, 'POST', '/dashboard/api/orders/assign', { ids: [id], cs: a.userId });
    expect(await today()).toEqual({ [a.userId]: 3, [b.userId]: 1 });
    // PUT answers them too.
    expect(Object.fromEntries((await putRotation({ mode: 'round_robin', sticky: false, members: [member(a), member(b)] })).members.map((m: { user_id: number; orders_today: number }) => [m.user_id, m.orders_today]))).toEqual({ [a.userId]: 3, [b.userId]: 1 });
  });
});
