// Issue 30, point 12: the history and the event name the same source (events/sources.ts);
// only API changes carry SPEC's integration fields; a member's entries keep their user id
// beside the name shown, so a renamed user's past entries still point at them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember } from '../../../test/dashboard-helpers.js';
import { seedOrder, seedProduct, seedStore, startTestApp, type Store } from '../../../test/helpers.js';
import { buildWebhookBody } from '../../webhooks/sign/payload.js';
import { orderHistory } from './order-history.js';
import { setStatusBySeller } from './set-status-by-seller.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let store: Store;
let productId: number;

beforeAll(async () => {
  t = await startTestApp();
  store = await seedStore(t.ctx, { writer: { scopes: ['orders.status:write'] } });
  productId = (await seedProduct(t.ctx, store.tenantId, { name: 'Topi', price: 40000 })).id;
});
afterAll(() => t.drop());

const newOrder = async () => (await seedOrder(t.ctx, store.tenantId, { product_id: productId })).id;
const eventsOf = (orderId: number) =>
  t.ctx.db.selectFrom('events').select(['id', 'type', 'payload', 'created_at']).where('tenant_id', '=', store.tenantId).where('order_id', '=', orderId).orderBy('id').execute();
/** The body a receiver gets for the order's one event. */
async function deliveredData(orderId: number): Promise<Record<string, unknown>> {
  const [event] = await eventsOf(orderId);
  return JSON.parse(buildWebhookBody(event!, 'Asia/Jakarta')).data;
}
// The status changes only (the order's `created` entry comes first).
const historyOf = async (orderId: number) => (await orderHistory(t.ctx.db, store.tenantId, orderId, 'Asia/Jakarta')).filter((e) => e.field === 'status');
const INTEGRATION_FIELDS = ['changed_by', 'integration', 'external_reference'];

describe('the source of a change', () => {
  it('a change with the CLI is `cli` in the webhook as in the history, without the integration fields', async () => {
    const id = await newOrder();
    const changed = await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'paid', { source: 'cli', actor: 'cli' }));
    expect(changed.ok).toBe(true);
    const data = await deliveredData(id);
    expect(data).toMatchObject({ order_id: id, previous_status: 'pending', status: 'paid', source: 'cli' });
    for (const field of INTEGRATION_FIELDS) expect(data).not.toHaveProperty(field);
    expect(await historyOf(id)).toEqual([expect.objectContaining({ source: 'cli', actor: 'cli', actor_user_id: null })]);
  });

  it("a member's change is `dashboard` in both, and the entry keeps the member's user id after a rename", async () => {
    const member = await seedMember(t.ctx, store.tenantId, 'admin', { name: 'Rina' });
    const id = await newOrder();
    await t.ctx.writeTransaction((tx) => setStatusBySeller(tx, t.ctx, store.tenantId, id, 'cancelled', { source: 'dashboard', actor: 'Rina', actorUserId: member.userId }));
    const data = await deliveredData(id);
    expect(data).toMatchObject({ status: 'cancelled', source: 'dashboard' });
    for (const field of INTEGRATION_FIELDS) expect(data).not.toHaveProperty(field);

    await t.ctx.db.updateTable('users').set({ name: 'Rina Wulandari' }).where('id', '=', member.userId).execute();
    expect(await historyOf(id)).toEqual([expect.objectContaining({ source: 'dashboard', actor: 'Rina', actor_user_id: member.userId })]);
  });

  it('a PATCH is `api` in both, with the integration fields (SPEC), and no user', async () => {
    const id = await newOrder();
    const res = await t.request({
      method: 'PATCH', url: '/api/order_status.php',
      headers: { 'x-api-key': store.keys.writer!, 'content-type': 'application/json' },
      payload: JSON.stringify({ id, status: 'closing', external_reference: 'crm-1' }),
    });
    expect(res.statusCode).toBe(200);
    expect(await deliveredData(id)).toMatchObject({ source: 'api', changed_by: 'integration', integration: 'writer', external_reference: 'crm-1' });
    expect(await historyOf(id)).toEqual([expect.objectContaining({ source: 'api', actor: 'writer', actor_user_id: null })]);
  });
});
