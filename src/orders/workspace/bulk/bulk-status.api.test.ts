// Issue 33 §1: orders in bulk. POST /dashboard/api/orders/bulk-status moves each order as its
// own move (the status moves table, its event and history), answering per order; ids or a view
// of the list (its query), exactly one; a view over 10,000 orders is refused and nothing changes.
// POST /dashboard/api/orders/assign takes a view the same way.
import { SelectQueryNode, TableNode, type KyselyPlugin, type OperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMember, seedMember, type Member } from '../../../../test/dashboard-helpers.js';
import { json, seedOrder, seedProduct, seedStore, startTestApp } from '../../../../test/helpers.js';
import { seedOrders } from '../../../demo/seed-orders.js';
import { DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT } from '../../../lib/http/messages.js';
import { valueOf } from '../../../lib/outcome.js';
import { bulkMoveStatus } from './bulk-status.js';
import { memberActor } from '../../core/member-actor.js';
import { MAX_VIEW_ORDERS } from './view-order-ids.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let productId: number;
let otherProductId: number;
let owner: Member;
let cs: Member;
let otherCs: Member;

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {})).tenantId;
  productId = (await seedProduct(t.ctx, tenantId, { name: 'Jaket', price: 200000 })).id;
  otherProductId = (await seedProduct(t.ctx, tenantId, { name: 'Topi', price: 50000 })).id;
  owner = await seedMember(t.ctx, tenantId, 'owner', { name: 'Pemilik' });
  cs = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Satu' });
  otherCs = await seedMember(t.ctx, tenantId, 'cs', { name: 'CS Dua' });
});
afterAll(() => t.drop());

/** A new order of the store, created a second after the last (so that newest first is certain). */
async function order(input: Record<string, unknown> = {}, assignee?: Member): Promise<number> {
  t.clock.advance(1000);
  const { id } = await seedOrder(t.ctx, tenantId, { product_id: productId, ...input });
  if (assignee) await t.ctx.db.updateTable('orders').set({ assigned_user_id: assignee.userId }).where('id', '=', id).execute();
  return id;
}

const post = (member: Member, url: string, body: unknown) =>
  t.request({ method: 'POST', url, headers: asMember(member, { 'content-type': 'application/json' }), payload: JSON.stringify(body) });
const bulk = (member: Member, body: unknown) => post(member, '/dashboard/api/orders/bulk-status', body);
const statusOf = async (id: number) => (await t.ctx.db.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const events = (id: number) => t.ctx.db.selectFrom('events').select(['type', 'payload']).where('tenant_id', '=', tenantId).where('order_id', '=', id).orderBy('id').execute();
const history = (id: number) =>
  t.ctx.db.selectFrom('order_history').select(['field', 'old_value', 'new_value', 'source', 'actor', 'actor_user_id']).where('order_id', '=', id).where('field', '!=', 'created').orderBy('id').execute();

describe('POST /dashboard/api/orders/bulk-status by ids', () => {
  it('answers each order in the order sent: changed, unchanged, refused by the table, by expected_status, out of the store', async () => {
    const pending = await order();
    const closing = await order({ status: 'closing' });
    const alreadyPaid = await order({ status: 'paid' });
    const shipped = await order({ status: 'shipped' });
    const stale = await order({ status: 'closing' });
    const otherStore = (await seedStore(t.ctx, {})).tenantId;
    const foreign = (await seedOrder(t.ctx, otherStore, { product_id: (await seedProduct(t.ctx, otherStore, { name: 'Lain', price: 1000 })).id })).id;

    const ids = [shipped, pending, foreign, alreadyPaid, closing, 999_999_999];
    const res = await bulk(owner, { ids, status: 'paid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      results: [
        { id: shipped, outcome: 'refused', code: 'status_move_not_allowed' },
        { id: pending, outcome: 'changed' },
        { id: foreign, outcome: 'refused', code: 'order_not_found' },
        { id: alreadyPaid, outcome: 'unchanged' },
        { id: closing, outcome: 'changed' },
        { id: 999_999_999, outcome: 'refused', code: 'order_not_found' },
      ],
      changed: 2,
      unchanged: 1,
      refused: 3,
    });
    expect([await statusOf(pending), await statusOf(closing), await statusOf(alreadyPaid), await statusOf(shipped), await statusOf(foreign)]).toEqual(['paid', 'paid', 'paid', 'shipped', 'pending']);

    // expected_status: the order is no longer in the status the member saw.
    const conflict = await bulk(owner, { ids: [stale, pending], status: 'cancelled', expected_status: 'pending', reason: 'Dobel' });
    expect(json(conflict).results).toEqual([
      { id: stale, outcome: 'refused', code: 'status_conflict' },
      // paid -> cancelled needs a reason (given) but the order is paid, not pending.
      { id: pending, outcome: 'refused', code: 'status_conflict' },
    ]);
    expect(await statusOf(stale)).toBe('closing');
  });

  it('one event and one status history entry per changed order, naming the member; none for the others', async () => {
    const a = await order();
    const b = await order();
    const unchanged = await order({ status: 'closing' });
    const refused = await order({ status: 'completed' });
    const res = await bulk(owner, { ids: [a, b, unchanged, refused], status: 'closing' });
    expect(json(res)).toMatchObject({ changed: 2, unchanged: 1, refused: 1 });
    for (const id of [a, b]) {
      const [event, ...more] = await events(id);
      expect(more).toEqual([]);
      expect(event!.type).toBe('order.status_changed');
      expect(JSON.parse(event!.payload)).toMatchObject({ order_id: id, previous_status: 'pending', status: 'closing', source: 'dashboard' });
      expect(await history(id)).toEqual([{ field: 'status', old_value: 'pending', new_value: 'closing', source: 'dashboard', actor: 'Pemilik', actor_user_id: owner.userId }]);
    }
    for (const id of [unchanged, refused]) {
      expect(await events(id)).toEqual([]);
      expect(await history(id)).toEqual([]);
    }
  });

  it('the moves that need a resi or a reason: refused without, moved with them (each its history entry)', async () => {
    const paid = await order({ status: 'paid' });
    const paid2 = await order({ status: 'paid', resi: 'JNE000111' });
    const without = await bulk(owner, { ids: [paid, paid2], status: 'shipped' });
    expect(json(without).results).toEqual([
      { id: paid, outcome: 'refused', code: 'resi_required' },
      { id: paid2, outcome: 'changed' },
    ]);
    const back = await bulk(owner, { ids: [paid2], status: 'completed' });
    expect(json(back).changed).toBe(1);
    const undo = await bulk(owner, { ids: [paid2], status: 'shipped' });
    expect(json(undo).results).toEqual([{ id: paid2, outcome: 'refused', code: 'reason_required' }]);
    const undone = await bulk(owner, { ids: [paid2], status: 'shipped', reason: 'Salah klik' });
    expect(json(undone).changed).toBe(1);
    expect((await history(paid2)).at(-1)).toMatchObject({ field: 'reason', new_value: 'Salah klik' });

    const withResi = await bulk(owner, { ids: [paid], status: 'shipped', resi: 'SICEPAT123' });
    expect(json(withResi).changed).toBe(1);
    expect(await history(paid)).toEqual([
      expect.objectContaining({ field: 'status', old_value: 'paid', new_value: 'shipped' }),
      expect.objectContaining({ field: 'resi', old_value: null, new_value: 'SICEPAT123' }),
    ]);
    // A CS may not undo: the table's manager-only moves are refused to them.
    const mine = await order({ status: 'shipped' }, cs);
    expect(json(await bulk(cs, { ids: [mine], status: 'cancelled', reason: 'Retur' })).results).toEqual([{ id: mine, outcome: 'refused', code: 'status_move_not_allowed' }]);
  });

  it('reads each order once per move, in its own transaction', async () => {
    const moved = await order();
    const unchanged = await order({ status: 'closing' });
    const refused = await order({ status: 'completed' });
    // Counts the SELECTs from orders that the move's transactions run (the conditional update is not one).
    const reads: number[] = [];
    const isOrders = (node: OperationNode) => TableNode.is(node) && node.table.identifier.name === 'orders';
    const counter: KyselyPlugin = {
      transformQuery: ({ node }) => {
        if (SelectQueryNode.is(node) && node.from?.froms.some(isOrders)) reads[reads.length - 1]! += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    const ctx = {
      ...t.ctx,
      writeTransaction: <T>(work: Parameters<typeof t.ctx.writeTransaction<T>>[0]) =>
        t.ctx.writeTransaction((tx) => {
          reads.push(0);
          return work(tx.withPlugin(counter));
        }),
    };
    const who = { scope: { kind: 'all' } as const, mover: { manager: true }, actor: await memberActor(t.ctx.db, owner.userId) };
    const summary = valueOf(await bulkMoveStatus(ctx, tenantId, [moved, unchanged, refused, 999_999_999], who, { status: 'closing' }));
    expect(summary).toMatchObject({ changed: 1, unchanged: 1, refused: 2 });
    expect(reads).toEqual([1, 1, 1, 1]);
    expect(await statusOf(moved)).toBe('closing');
  });

  it("a CS moves their own orders; another CS's order is order_not_found and stays", async () => {
    const mine = await order({}, cs);
    const theirs = await order({}, otherCs);
    const unassigned = await order();
    const res = await bulk(cs, { ids: [mine, theirs, unassigned], status: 'closing' });
    expect(json(res).results).toEqual([
      { id: mine, outcome: 'changed' },
      { id: theirs, outcome: 'refused', code: 'order_not_found' },
      { id: unassigned, outcome: 'refused', code: 'order_not_found' },
    ]);
    expect([await statusOf(theirs), await statusOf(unassigned)]).toEqual(['pending', 'pending']);
  });

  it('refuses a body without exactly one of ids and query, over 500 ids, a bad resi: 422, nothing changes', async () => {
    const id = await order();
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ status: 'closing' }, { ids: DASHBOARD_FIELD_TEXT.idsOrQuery }],
      [{ ids: [id], query: {}, status: 'closing' }, { ids: DASHBOARD_FIELD_TEXT.idsOrQuery }],
      [{ ids: [], status: 'closing' }, { ids: DASHBOARD_FIELD_TEXT.invalid }],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1), status: 'closing' }, { ids: DASHBOARD_FIELD_TEXT.invalid }],
      [{ ids: [Number.MAX_SAFE_INTEGER + 1], status: 'closing' }, { 'ids.0': DASHBOARD_FIELD_TEXT.invalid }],
      [{ ids: [id], status: 'closing', resi: 'satu\ndua' }, { resi: DASHBOARD_FIELD_TEXT.resi }],
      [{ ids: [id], status: 'terbang' }, { status: DASHBOARD_FIELD_TEXT.invalid }],
    ];
    for (const [body, fields] of cases) {
      const res = await bulk(owner, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(json(res)).toMatchObject({ code: 'invalid_request', fields });
    }
    expect(await statusOf(id)).toBe('pending');
    expect(await history(id)).toEqual([]);
  });
});

describe('POST /dashboard/api/orders/bulk-status by query (all in this view)', () => {
  let store: number;
  let viewOwner: Member;
  let viewCs: Member;

  const ordered = async (input: Record<string, unknown>, assignee?: Member) => {
    t.clock.advance(1000);
    const id = (await seedOrder(t.ctx, store, { product_id: input.product_id ?? (await storeProduct()), ...input })).id;
    if (assignee) await t.ctx.db.updateTable('orders').set({ assigned_user_id: assignee.userId }).where('id', '=', id).execute();
    return id;
  };
  let product: number | null = null;
  const storeProduct = async () => (product ??= (await seedProduct(t.ctx, store, { name: 'Sepatu', price: 300000 })).id);

  beforeAll(async () => {
    store = (await seedStore(t.ctx, {})).tenantId;
    viewOwner = await seedMember(t.ctx, store, 'owner', { name: 'Pemilik Dua' });
    viewCs = await seedMember(t.ctx, store, 'cs', { name: 'CS Tiga' });
  });

  it("moves exactly the view's orders (its tab and filters), newest first", async () => {
    const jnePending = [await ordered({ courier: 'JNE' }), await ordered({ courier: 'JNE' }), await ordered({ courier: 'JNE' })];
    const jneClosing = await ordered({ courier: 'JNE', status: 'closing' });
    const sicepat = await ordered({ courier: 'SiCepat' });
    const res = await bulk(viewOwner, { query: { status: 'pending', courier: 'JNE' }, status: 'cancelled' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ results: [...jnePending].reverse().map((id) => ({ id, outcome: 'changed' })), changed: 3, unchanged: 0, refused: 0 });
    expect([await statusOf(jneClosing), await statusOf(sicepat)]).toEqual(['closing', 'pending']);

    // The same view again: empty now (the tab holds none of them).
    expect(json(await bulk(viewOwner, { query: { status: 'pending', courier: 'JNE' }, status: 'cancelled' }))).toEqual({ results: [], changed: 0, unchanged: 0, refused: 0 });
  });

  it("a CS's view holds only their own orders", async () => {
    const mine = await ordered({ courier: 'AnterAja' }, viewCs);
    const notMine = await ordered({ courier: 'AnterAja' }, viewOwner);
    const unassigned = await ordered({ courier: 'AnterAja' });
    const res = await bulk(viewCs, { query: { courier: 'AnterAja' }, status: 'closing' });
    expect(json(res).results).toEqual([{ id: mine, outcome: 'changed' }]);
    expect([await statusOf(notMine), await statusOf(unassigned)]).toEqual(['pending', 'pending']);
    // The owner's view of the same filter holds all three (one now unchanged).
    expect(json(await bulk(viewOwner, { query: { courier: 'AnterAja' }, status: 'closing' }))).toMatchObject({ changed: 2, unchanged: 1, refused: 0 });
  });

  it("answers a bad filter as the list does: 422 with the field under query., query_too_short, an unknown filter", async () => {
    const cases: Array<[unknown, number, Record<string, unknown>]> = [
      [{ from: '2026-02-30' }, 422, { code: 'invalid_request', fields: { 'query.from': DASHBOARD_FIELD_TEXT.day } }],
      [{ from: '2026-03-02', to: '2026-03-01' }, 422, { code: 'invalid_request', fields: { 'query.from': DASHBOARD_FIELD_TEXT.dayRange } }],
      [{ q: 'ab' }, 422, { code: 'query_too_short' }],
      [{ cursor: 'abc' }, 422, { code: 'invalid_request', fields: { 'query.cursor': DASHBOARD_FIELD_TEXT.unknownField } }],
      [{ status: 'terbang' }, 422, { code: 'invalid_request', fields: { 'query.status': DASHBOARD_FIELD_TEXT.invalid } }],
      [{ product_id: '5' }, 422, { code: 'invalid_request', fields: { 'query.product_id': DASHBOARD_FIELD_TEXT.invalid } }],
    ];
    for (const [query, status, answer] of cases) {
      const res = await bulk(viewOwner, { query, status: 'cancelled' });
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      expect(json(res)).toMatchObject(answer);
    }
  });

  describe(`a view of more than ${MAX_VIEW_ORDERS} orders`, () => {
    let big: number;
    let bigOwner: Member;
    beforeAll(async () => {
      big = (await seedStore(t.ctx, {})).tenantId;
      bigOwner = await seedMember(t.ctx, big, 'owner');
      valueOf(await seedOrders(t.ctx.db, t.clock, { tenantId: big, count: MAX_VIEW_ORDERS + 1, days: 30, seed: 33 }));
    }, 120_000);

    it('422 too_many_orders, for the status move and the assignment, and nothing changes', async () => {
      const before = await t.ctx.db.selectFrom('order_history').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', big).executeTakeFirstOrThrow();
      for (const [url, body] of [
        ['/dashboard/api/orders/bulk-status', { query: {}, status: 'cancelled', reason: 'Tes' }],
        ['/dashboard/api/orders/assign', { query: {}, cs: bigOwner.userId }],
      ] as const) {
        const res = await post(bigOwner, url, body);
        expect(res.statusCode, res.body).toBe(422);
        expect(json(res)).toEqual({ error: DASHBOARD_ERRORS.too_many_orders.error, code: 'too_many_orders', request_id: expect.any(String) });
      }
      const after = await t.ctx.db.selectFrom('order_history').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', big).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      // A view within the cap (one tab of it) is taken: over 500 orders, as a job (bulk-jobs.api.test.ts).
      const tab = await post(bigOwner, '/dashboard/api/orders/assign', { query: { status: 'invalid_no_hp' }, cs: bigOwner.userId });
      expect(tab.statusCode, tab.body).toBe(202);
      expect(json(tab).job).toMatchObject({ state: 'queued', total: expect.any(Number) });
      expect(json(tab).job.total).toBeGreaterThan(500);
    }, 60_000);
  });
});

describe('POST /dashboard/api/orders/assign by query', () => {
  it("assigns every order of the view (each with its history entry), newest first; refuses ids and query together", async () => {
    const a = await order({ product_id: otherProductId });
    const b = await order({ product_id: otherProductId }, otherCs);
    const outside = await order({ product_id: productId });
    const res = await post(owner, '/dashboard/api/orders/assign', { query: { product_id: otherProductId }, cs: cs.userId });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({ results: [{ id: b, outcome: 'changed' }, { id: a, outcome: 'changed' }] });
    for (const id of [a, b]) expect((await t.ctx.db.selectFrom('orders').select('assigned_user_id').where('id', '=', id).executeTakeFirstOrThrow()).assigned_user_id).toBe(cs.userId);
    expect(await history(b)).toEqual([{ field: 'assigned_to', old_value: 'CS Dua', new_value: 'CS Satu', source: 'dashboard', actor: 'Pemilik', actor_user_id: owner.userId }]);
    expect(await history(outside)).toEqual([]);

    const both = await post(owner, '/dashboard/api/orders/assign', { ids: [a], query: {}, cs: null });
    expect(both.statusCode).toBe(422);
    expect(json(both)).toMatchObject({ code: 'invalid_request', fields: { ids: DASHBOARD_FIELD_TEXT.idsOrQuery } });
    // Still owners and admins only.
    expect((await post(cs, '/dashboard/api/orders/assign', { query: {}, cs: null })).statusCode).toBe(403);
  });
});
