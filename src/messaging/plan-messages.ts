// The planner (issue 41 §2): a consumer of the change feed that turns orders' changes into
// planned messages, keyed by (order, step): never planned twice, never lost (its position moves
// in the transaction of what it plans). Nothing is added to the change's own transaction.
// - A new pending order: each follow-up step that is on, due after the step was turned on.
// - A status move: the status's notice when it is on and fits the payment method (closing for
//   bank transfer and COD; paid for bank transfer and gateway; shipped; cancelled), due 2 minutes
//   later; follow-ups not yet sent are cancelled when the order leaves pending, a notice when the
//   order leaves its status.
// - A follow-up press by a CS: the automated follow-ups up to the pressed step, not yet sent,
//   are cancelled.
// Seeding (`lapak demo orders`) folds and deletes its own feed rows: it plans nothing.
import { sql } from 'kysely';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { Db, Tx } from '../lib/db/db.js';
import type { FeedConsumer } from '../feed/consumer.js';
import type { FeedRow, OrderSide } from '../feed/feed-row.js';
import { FOLLOW_UP_STEPS, methodKindOf, type FollowUpStep } from '../templates/follow-up-steps.js';
import { followUpTiming, loadAutomations, stepIsOn, type Automation } from './automation.js';
import { MESSAGE_REASON } from './texts.js';
import { buyerOffsetMinutes, followUpDueTimes, NOTICE_DELAY_MS } from './timing.js';
import { AUTO_CANCEL_COLUMNS, autoCancelOf, cancelAtOf, readAutoCancel, type AutoCancel } from '../orders/auto-cancel/auto-cancel-settings.js';

export const PLANNER_CONSUMER = 'planner';

export const FOLLOW_UPS: readonly FollowUpStep[] = ['fu1', 'fu2', 'fu3', 'fu4'];
const NOTICES: readonly FollowUpStep[] = ['closing', 'paid', 'shipped', 'cancelled'];
/** The states of a message that may still go. */
export const OPEN_STATES = ['planned', 'waiting_quiet_hours'] as const;

const isNotice = (status: string): status is FollowUpStep => (NOTICES as readonly string[]).includes(status);

/** Whether the status's notice fits the order's payment method. */
export function noticeFits(step: FollowUpStep, paymentMethod: string): boolean {
  const kind = methodKindOf(paymentMethod);
  if (step === 'closing') return kind !== 'gateway';
  if (step === 'paid') return kind !== 'cod';
  return true;
}

/** What the planner reads of a store: its time zone (null: the server's) and its auto-cancel (fu4's default timing). */
interface PlanningStore {
  zone: string;
  autoCancel: AutoCancel | null;
}

async function planningStores(db: Db | Tx, tenantIds: readonly number[], serverZone: string): Promise<Map<number, PlanningStore>> {
  const rows = tenantIds.length === 0 ? [] : await db.selectFrom('tenants').select(['id', 'time_zone', ...AUTO_CANCEL_COLUMNS]).where('id', 'in', tenantIds).execute();
  return new Map(rows.map((r) => [Number(r.id), { zone: r.time_zone ?? serverZone, autoCancel: autoCancelOf(r) }]));
}

interface NewMessage {
  tenant_id: number;
  order_id: number;
  step: FollowUpStep;
  due_at: number;
}

/** Plans messages; one already planned for the (order, step) stays as it is. */
async function insertPlanned(tx: Tx, messages: readonly NewMessage[], now: number): Promise<number> {
  if (messages.length === 0) return 0;
  const result = await tx
    .insertInto('messages')
    .values(messages.map((m) => ({ ...m, state: 'planned', next_at: m.due_at, created_at: now, updated_at: now })))
    .onConflict((oc) => oc.columns(['tenant_id', 'order_id', 'step']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? messages.length);
}

/**
 * The follow-ups of a pending order that are on and fall due after their step was turned on (and
 * after `notBefore`). fu4's default timing follows the store's auto-cancel when the order is
 * subject to it (automation.ts, followUpTiming).
 */
export function followUpsOf(
  automation: Automation,
  order: { id: number; createdAt: number; province: string | null },
  storeZone: string,
  notBefore: number,
  autoCancel: AutoCancel | null = null,
): NewMessage[] {
  const cancelAt = cancelAtOf(autoCancel, { status: 'pending', createdAt: order.createdAt });
  const due = followUpDueTimes(order.createdAt, buyerOffsetMinutes(order.province, storeZone, order.createdAt), followUpTiming(automation, { createdAt: order.createdAt, cancelAt }));
  return FOLLOW_UPS.filter((step) => stepIsOn(automation, step) && due[step as keyof typeof due] > Math.max(notBefore, automation.steps[step].onSince ?? 0)).map((step) => ({
    tenant_id: automation.tenantId,
    order_id: order.id,
    step,
    due_at: due[step as keyof typeof due],
  }));
}

/** Cancels the order's messages of `steps` that have not gone, with the reason. */
export async function cancelOpen(tx: Tx, tenantId: number, orderId: number, steps: readonly FollowUpStep[], reason: string, now: number): Promise<number> {
  const result = await tx
    .updateTable('messages')
    .set({ state: 'cancelled', reason, updated_at: now, locked_until: null, lease_token: null })
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('step', 'in', steps)
    .where('state', 'in', OPEN_STATES)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The highest follow-up step a member pressed on the order (history, not Lapak's own sends); null: none. */
export async function highestPressed(db: Db | Tx, tenantId: number, orderId: number): Promise<FollowUpStep | null> {
  const rows = await db
    .selectFrom('order_history')
    .select('new_value')
    .where('tenant_id', '=', tenantId)
    .where('order_id', '=', orderId)
    .where('field', '=', 'follow_up')
    .where('source', '!=', 'system')
    .execute();
  let highest = -1;
  for (const row of rows) highest = Math.max(highest, FOLLOW_UPS.indexOf(row.new_value as FollowUpStep));
  return highest < 0 ? null : FOLLOW_UPS[highest]!;
}

/** The follow-ups up to and including `pressed`. */
export const upTo = (pressed: FollowUpStep): FollowUpStep[] => FOLLOW_UPS.slice(0, FOLLOW_UPS.indexOf(pressed) + 1);

async function foldChange(tx: Tx, row: FeedRow, automation: Automation, store: PlanningStore, now: number): Promise<void> {
  const { old: before, new: after } = row;
  if (!after) {
    await cancelOpen(tx, row.tenantId, row.orderId, FOLLOW_UP_STEPS, MESSAGE_REASON.orderGone, now);
    return;
  }
  if (!before) {
    if (after.status === 'pending') await insertPlanned(tx, followUpsOf(automation, { id: row.orderId, createdAt: after.createdAt, province: after.province || null }, store.zone, 0, store.autoCancel), now);
    return;
  }
  if (before.status !== after.status) await foldMove(tx, row, before, after, automation, now);
  if (after.followUpCount > before.followUpCount && after.status === 'pending') {
    const pressed = await highestPressed(tx, row.tenantId, row.orderId);
    if (pressed) await cancelOpen(tx, row.tenantId, row.orderId, upTo(pressed), MESSAGE_REASON.pressed(pressed), now);
  }
}

async function foldMove(tx: Tx, row: FeedRow, before: OrderSide, after: OrderSide, automation: Automation, now: number): Promise<void> {
  if (before.status === 'pending') await cancelOpen(tx, row.tenantId, row.orderId, FOLLOW_UPS, MESSAGE_REASON.leftPending, now);
  if (isNotice(before.status)) await cancelOpen(tx, row.tenantId, row.orderId, [before.status], MESSAGE_REASON.leftStatus, now);
  if (after.status === 'invalid_no_hp') await cancelOpen(tx, row.tenantId, row.orderId, FOLLOW_UP_STEPS, MESSAGE_REASON.invalidPhone, now);
  if (!isNotice(after.status)) return;
  const step = after.status;
  if (!stepIsOn(automation, step) || !noticeFits(step, after.paymentMethod)) return;
  const due = row.at + NOTICE_DELAY_MS;
  if (due <= (automation.steps[step].onSince ?? 0)) return;
  // One notice per status: a notice already sent stays; one cancelled (the order left the status
  // and came back) is planned again.
  await tx
    .insertInto('messages')
    .values({ tenant_id: row.tenantId, order_id: row.orderId, step, due_at: due, state: 'planned', next_at: due, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'order_id', 'step'])
        .doUpdateSet({ state: 'planned', due_at: due, next_at: due, allowed_at: null, reason: null, updated_at: now })
        .where(sql.ref('messages.state'), 'in', ['planned', 'waiting_quiet_hours', 'cancelled']),
    )
    .execute();
}

export function plannerConsumer(serverZone: string, clock: { now(): number }): FeedConsumer {
  return {
    name: PLANNER_CONSUMER,
    batch: 500,
    // Only the stores that chose a provider: every other store's changes are passed over unread.
    stores: async (tx) => (await tx.selectFrom('messaging_settings').select('tenant_id').where('provider', 'is not', null).execute()).map((r) => Number(r.tenant_id)),
    async fold(tx, rows) {
      if (rows.length === 0) return;
      const tenantIds = [...new Set(rows.map((r) => r.tenantId))];
      const automations = await loadAutomations(tx, tenantIds);
      const active = tenantIds.filter((id) => automations.get(id)!.provider !== null);
      if (active.length === 0) return;
      const stores = await planningStores(tx, active, serverZone);
      const now = clock.now();
      for (const row of rows) {
        const automation = automations.get(row.tenantId)!;
        if (automation.provider === null) continue;
        await foldChange(tx, row, automation, stores.get(row.tenantId) ?? { zone: serverZone, autoCancel: null }, now);
      }
    },
  };
}

/**
 * A step just turned on plans the pending orders' messages that fall due from now on (never a
 * burst to every old pending order): the orders created recently enough to have one due later,
 * newest first, at most 10,000.
 */
export async function planTurnedOn(tx: Tx, automation: Automation, storeZone: string, now: number): Promise<number> {
  const timing = followUpTiming(automation);
  const autoCancel = await readAutoCancel(tx, automation.tenantId);
  // fu4 before an auto-cancel falls due up to N days after creation.
  const longest = Math.max(timing.fu1Minutes, timing.fu2Minutes + 12 * 60 + 24 * 60, timing.fu4Minutes + 36 * 60, autoCancel ? autoCancel.days * 24 * 60 : 0) * 60_000;
  const orders = await tx
    .selectFrom('orders')
    .select(['id', 'created_at', 'customer_province'])
    .where('tenant_id', '=', automation.tenantId)
    .where('status', '=', 'pending')
    .where('created_at', '>', now - longest)
    .orderBy('created_at', 'desc')
    .limit(fixedLimit(10_000))
    .execute();
  const planned = orders.flatMap((o) => followUpsOf(automation, { id: Number(o.id), createdAt: Number(o.created_at), province: o.customer_province || null }, storeZone, now, autoCancel));
  let n = 0;
  for (let i = 0; i < planned.length; i += 500) n += await insertPlanned(tx, planned.slice(i, i + 500), now);
  return n;
}
