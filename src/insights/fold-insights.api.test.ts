// Insights' totals folded from the change feed (issue 45 §4), on both backends: after a random mix
// (fast-check) of orders of every source, method and first status, status changes (a gateway's
// payment among them), spam marks, reassignments, edits of the broken-down columns and
// follow-ups (a member's press, an automated message), with the consumer folding concurrently,
// every kept total and histogram equals a recount from the orders and their history. A consumer
// started over (its backfill) keeps the same.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMember } from '../../test/dashboard-helpers.js';
import { CUSTOMER, backend, seedProduct, seedStore, startTestApp } from '../../test/helpers.js';
import { keptInsights, recountedInsights } from '../../test/insight-totals.js';
import { foldOnce } from '../feed/consumer.js';
import type { ChangeSource } from '../events/sources.js';
import { assignOrder } from '../orders/core/assign-orders.js';
import { createOrder } from '../orders/core/create-order.js';
import { recordFollowUp } from '../orders/core/record-follow-up.js';
import { recordStatusChange } from '../orders/core/record-status-change.js';
import { ORDER_STATUSES } from '../orders/core/statuses.js';
import { insightsConsumer } from './fold-insights.js';

let t: Awaited<ReturnType<typeof startTestApp>>;
let tenantId: number;
let products: number[];
let cs: number[];
const orders: number[] = [];

beforeAll(async () => {
  t = await startTestApp();
  tenantId = (await seedStore(t.ctx, {})).tenantId;
  products = [(await seedProduct(t.ctx, tenantId, { name: 'Kaos', price: 50_000 })).id, (await seedProduct(t.ctx, tenantId, { name: 'Topi', price: 30_000 })).id];
  cs = [(await seedMember(t.ctx, tenantId, 'cs')).userId, (await seedMember(t.ctx, tenantId, 'cs')).userId];
  await foldOnce(t.ctx, insightsConsumer, t.clock);
});
afterAll(async () => t.drop());

const METHODS = ['bank_transfer', 'cod', 'midtrans'];
const SOURCES = ['form', 'cli', 'manual'] as const;
const COURIERS = ['JNE', 'SiCepat'];
const UTM = [null, 'ig', 'fb'];
const MOVE_SOURCES: ChangeSource[] = ['dashboard', 'payment', 'api'];

type Op =
  | { kind: 'create'; product: number; method: number; source: number; status: number; utm: number; hoursAgo: number }
  | { kind: 'status'; order: number; status: number; source: number }
  | { kind: 'assign'; order: number; cs: number }
  | { kind: 'edit'; order: number; courier: number; utm: number; product: number; total: number }
  | { kind: 'follow_up'; order: number; automatic: boolean; minutes: number }
  | { kind: 'spam'; order: number; spam: boolean };

const index = (n: number) => fc.nat({ max: n - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), product: index(2), method: index(3), source: index(3), status: index(ORDER_STATUSES.length), utm: index(3), hoursAgo: fc.nat({ max: 72 }) }),
  fc.record({ kind: fc.constant('status' as const), order: fc.nat(), status: index(ORDER_STATUSES.length), source: index(3) }),
  fc.record({ kind: fc.constant('status' as const), order: fc.nat(), status: index(ORDER_STATUSES.length), source: index(3) }),
  fc.record({ kind: fc.constant('assign' as const), order: fc.nat(), cs: index(3) }),
  fc.record({ kind: fc.constant('edit' as const), order: fc.nat(), courier: index(2), utm: index(3), product: index(2), total: fc.nat({ max: 100_000 }) }),
  fc.record({ kind: fc.constant('follow_up' as const), order: fc.nat(), automatic: fc.boolean(), minutes: fc.nat({ max: 20_000 }) }),
  fc.record({ kind: fc.constant('spam' as const), order: fc.nat(), spam: fc.boolean() }),
);

const statusOf = async (id: number) => await t.ctx.db.selectFrom('orders').select(['status', 'created_at', 'follow_up_last_at']).where('id', '=', id).executeTakeFirstOrThrow();

async function apply(o: Op): Promise<void> {
  if (o.kind === 'create' || orders.length === 0) {
    const c = o.kind === 'create' ? o : { product: 0, method: 0, source: 0, status: 0, utm: 0, hoursAgo: 0 };
    const utm = UTM[c.utm];
    const now = t.clock.now();
    t.clock.set(now - c.hoursAgo * 3_600_000);
    const made = await t.ctx.writeTransaction((tx) =>
      createOrder(
        tx, t.clock, tenantId,
        { product_id: products[c.product]!, payment_method: METHODS[c.method]!, status: ORDER_STATUSES[c.status]!, courier: 'JNE', customer: CUSTOMER, ...(utm ? { ad_params: { utm_source: utm, utm_campaign: `${utm}-1` } } : {}) },
        { source: SOURCES[c.source]!, actor: SOURCES[c.source]! },
      ),
    );
    t.clock.set(now);
    if (!made.ok) throw new Error(made.message);
    orders.push(made.value.id);
    return;
  }
  const id = orders[o.order % orders.length]!;
  const order = t.ctx.db.updateTable('orders').where('tenant_id', '=', tenantId).where('id', '=', id);
  if (o.kind === 'status') {
    const { status } = await statusOf(id);
    const to = ORDER_STATUSES[o.status]!;
    if (to === status) return;
    const moved = await t.ctx.writeTransaction((tx) =>
      recordStatusChange(tx, { tenantId, orderId: id, from: status, to, now: t.clock.now(), source: MOVE_SOURCES[o.source]!, actor: 'test' }, { timeZone: 'Asia/Jakarta', webhookHourlyCap: 1_000 }),
    );
    expect(moved).toBe(true);
  } else if (o.kind === 'assign') {
    const to = o.cs === 2 ? null : { id: cs[o.cs]!, name: 'CS' };
    await t.ctx.writeTransaction((tx) => assignOrder(tx, tenantId, id, to, { source: 'dashboard', actor: 'Owner', actorUserId: null }, t.clock.now()));
  } else if (o.kind === 'edit') {
    await order.set({ courier: COURIERS[o.courier]!, utm_source: UTM[o.utm]!, utm_campaign: UTM[o.utm] ? `${UTM[o.utm]}-2` : null, product_id: products[o.product]!, total: o.total }).execute();
  } else if (o.kind === 'follow_up') {
    // Follow-ups come one after another: each at least at the last one's time.
    const { status, created_at, follow_up_last_at } = await statusOf(id);
    const at = Math.max(Number(follow_up_last_at ?? 0), Number(created_at) + o.minutes * 60_000);
    await t.ctx.writeTransaction((tx) =>
      recordFollowUp(tx, { tenantId, orderId: id, status, step: 'fu1', source: o.automatic ? 'system' : 'dashboard', actor: 'x', actorUserId: null, at }),
    );
  } else {
    await order.set({ spam: o.spam ? 1 : 0 }).execute();
  }
}

describe('the insights consumer', () => {
  it('keeps totals and histograms equal to a recount from the orders and their history, folding concurrently', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 30 }), async (ops) => {
        let stop = false;
        const folding = (async () => {
          while (!stop) {
            await foldOnce(t.ctx, insightsConsumer, t.clock);
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        })();
        try {
          for (const o of ops) await apply(o);
        } finally {
          stop = true;
          await folding;
        }
        expect(await keptInsights(t.ctx)).toEqual(await recountedInsights(t.ctx.db));
      }),
      { numRuns: backend === 'postgres' ? 8 : 15 },
    );
  });

  it('starts over from a backfill of the orders as they are, to the same totals', async () => {
    const before = await keptInsights(t.ctx);
    expect(Object.keys(before).length).toBeGreaterThan(0);
    await t.ctx.db.deleteFrom('feed_consumers').where('name', '=', insightsConsumer.name).execute();
    await t.ctx.db.deleteFrom('insight_totals').execute();
    await foldOnce(t.ctx, insightsConsumer, t.clock);
    expect(await keptInsights(t.ctx)).toEqual(before);
    expect(before).toEqual(await recountedInsights(t.ctx.db));
  });
});
