// The one way an order's status changes: a conditional update, its event and its history
// entry, all in the caller's transaction. On SQLite these are statements one after another;
// on PostgreSQL, where every statement is a network round trip, they are one statement
// (data-modifying CTEs) in the common case. Both backends run the same test suite. PATCH on
// PostgreSQL may also make its change as one statement of its own, outside any transaction
// (recordStatusChangeAlone), and falls back to recordStatusChange in a transaction when that
// statement cannot do all of it.
import { sql, type RawBuilder } from 'kysely';
import { isPostgres, type Db, type Tx } from '../../lib/db/db.js';
import { prepareQuery } from '../../lib/db/prepared.js';
import { formatTimestamp } from '../../lib/time.js';
import { enqueueStatusChanged, insertEventPart, insertStatusChangedEvent, type StatusChangedPayload } from '../../events/enqueue-event.js';
import type { ChangeSource } from '../../events/sources.js';
import { chooseSlot, hourFullPart, takeFromAnySlot, takeFromSlotPart } from '../../events/hourly-cap.js';
import { takeKeyLockPart } from '../../idempotency/key-lock.js';
import { insertRecordPart, isRecordTaken, type RecordValues } from '../../idempotency/remember-response.js';
import { followStatusChange, isOpenStatus } from './transfer-codes.js';
import { milestonesOf, type Milestones } from './milestones.js';

// The conditional update: it changes no row when the order was no longer in `from`.
// status_source: for the change's feed row (migration 026). The milestones this move reaches
// are set unless the order reached them before (milestones.ts).
const moveStatus = prepareQuery((db: Db, a: { tenantId: number; orderId: number; from: string; to: string; now: number; source: string } & Milestones) =>
  db
    .updateTable('orders')
    .set({
      status: a.to,
      updated_at: a.now,
      status_source: a.source,
      first_closed_at: sql`coalesce(first_closed_at, ${a.first_closed_at})`,
      first_paid_at: sql`coalesce(first_paid_at, ${a.first_paid_at})`,
      first_shipped_at: sql`coalesce(first_shipped_at, ${a.first_shipped_at})`,
      first_completed_at: sql`coalesce(first_completed_at, ${a.first_completed_at})`,
    })
    .where('tenant_id', '=', a.tenantId)
    .where('id', '=', a.orderId)
    .where('status', '=', a.from),
);

const insertHistory = prepareQuery(
  (db: Db, a: { tenantId: number; orderId: number; source: string; actor: string; actorUserId: number | null; from: string; to: string; now: number }) =>
    db.insertInto('order_history').values({
      tenant_id: a.tenantId,
      order_id: a.orderId,
      source: a.source,
      actor: a.actor,
      actor_user_id: a.actorUserId,
      field: 'status',
      old_value: a.from,
      new_value: a.to,
      created_at: a.now,
    }),
);

type ChangeArgs = {
  tenantId: number; orderId: number; from: string; to: string; now: number; source: string; actor: string; actorUserId: number | null;
  payload: string; hourStart: number; slot: number; share: number; cap: number;
} & Milestones;

// PostgreSQL: the update, the history entry, the unit of the hourly cap from one slot and
// the event, as the CTEs `moved`, `history`, `slot` and `event` of one statement. The update
// runs only while `onlyIf` holds; no row moved: nothing else happens. The slot full or not
// created yet: no event here. The parts on the events tables are events/'s.
const changeParts = (a: ChangeArgs, onlyIf: RawBuilder<unknown>) => sql`
    moved as (
      update orders set status = ${a.to}, updated_at = ${a.now}, status_source = ${a.source},
        first_closed_at = coalesce(first_closed_at, ${a.first_closed_at}::bigint), first_paid_at = coalesce(first_paid_at, ${a.first_paid_at}::bigint),
        first_shipped_at = coalesce(first_shipped_at, ${a.first_shipped_at}::bigint), first_completed_at = coalesce(first_completed_at, ${a.first_completed_at}::bigint)
      where tenant_id = ${a.tenantId} and id = ${a.orderId} and status = ${a.from} and ${onlyIf}
      returning id
    ), history as (
      insert into order_history (tenant_id, order_id, source, actor, actor_user_id, field, old_value, new_value, created_at)
      select ${a.tenantId}::bigint, id, ${a.source}::text, ${a.actor}::text, ${a.actorUserId}::bigint, 'status', ${a.from}::text, ${a.to}::text, ${a.now}::bigint
      from moved
    ), slot as (${takeFromSlotPart(a, sql`exists (select 1 from moved)`)}
    ), event as (${insertEventPart('slot', a)}
    )`;

// In the caller's transaction: the change in one round trip; when the slot gave no unit the
// caller looks for room in the other slots, in the same transaction.
const changeAtOnce = prepareQuery(
  (_db: Db, a: ChangeArgs) => sql<{ moved_id: number | null; event_id: number | null }>`
    with ${changeParts(a, sql`true`)}
    select (select id from moved) as moved_id, (select id from event) as event_id`,
);

// Outside any transaction the statement is its own, committed when it answers, and there is
// no later statement to look for room in the other slots. So a moved order without the
// slot's unit undoes the whole statement while the hour has room elsewhere (or its slots are
// not created yet): the division by the count of events (zero) raises division_by_zero
// (22012, NO_UNIT), and the caller makes the change in a transaction instead. Nothing else in
// these statements divides. When the hour is full the statement stands: the change and its
// history without an event, as SPEC wants over the cap, in the same one round trip as a
// change with room (the full hour's check runs only when the slot gave no unit).
const NO_UNIT = '22012';
const withoutUnitAbort = (a: ChangeArgs) =>
  sql`case when exists (select 1 from moved) and not exists (select 1 from event) and not ${hourFullPart(a)} then 1 / (select count(*) from event) end`;

const changeAlone = prepareQuery(
  (_db: Db, a: ChangeArgs) => sql<{ moved_id: number | null; locked: boolean }>`
    with ${changeParts(a, sql`true`)}
    select (select id from moved) as moved_id, true as locked, ${withoutUnitAbort(a)} as no_unit`,
);

// With an Idempotency-Key: first the key's lock (no change at all unless this statement holds
// it), and the remembered response inserted for the moved row (insertRecordPart: a record of
// the key committed meanwhile undoes the whole statement).
const changeAloneRemembered = prepareQuery(
  (_db: Db, a: ChangeArgs & RecordValues & { lockName: string }) => sql<{ moved_id: number | null; locked: boolean }>`
    with lock as (select ${takeKeyLockPart(a.lockName)} as held),
    ${changeParts(a, sql`(select held from lock)`)},
    remembered as (${insertRecordPart('moved', a)}
    )
    select (select id from moved) as moved_id, (select held from lock) as locked, ${withoutUnitAbort(a)} as no_unit`,
);

export interface StatusChange {
  tenantId: number;
  orderId: number;
  from: string;
  to: string;
  now: number;
  source: ChangeSource;
  /** The name the history shows (a key's connector name, a member's name, a gateway, `cli`). */
  actor: string;
  /** The dashboard user behind the change, kept beside the name shown; absent for keys, gateways and the CLI. */
  actorUserId?: number;
  /** Only for PATCH: SPEC's changed_by, integration and external_reference. */
  integration?: { name: string; externalReference: string | null };
}

export interface ChangeSettings {
  timeZone: string;
  webhookHourlyCap: number;
}

/**
 * Returns false when the order was no longer in `from` (someone changed it meanwhile). A move
 * out of pending/closing (or back into them) also frees (or reclaims) the order's transfer
 * amount (transfer-codes.ts); moves between pending and closing, PATCH's only ones, add nothing.
 */
export async function recordStatusChange(tx: Tx, change: StatusChange, settings: ChangeSettings): Promise<boolean> {
  const changed = await changeStatus(tx, change, settings);
  if (changed) await followStatusChange(tx, change);
  return changed;
}

async function changeStatus(tx: Tx, change: StatusChange, settings: ChangeSettings): Promise<boolean> {
  const payload = statusChangedPayload(change, settings.timeZone);
  if (isPostgres(tx)) return changeOnPostgres(tx, change, payload, settings.webhookHourlyCap);

  const moved = await moveStatus.run(tx, {
    tenantId: change.tenantId, orderId: change.orderId, from: change.from, to: change.to, now: change.now, source: change.source, ...milestonesOf(change.to, change.source, change.now),
  });
  if (moved === 0) return false;
  await enqueueStatusChanged(tx, payload, change.now, settings.webhookHourlyCap);
  await insertHistory.all(tx, {
    tenantId: change.tenantId,
    orderId: change.orderId,
    source: change.source,
    actor: change.actor,
    actorUserId: change.actorUserId ?? null,
    from: change.from,
    to: change.to,
    now: change.now,
  });
  return true;
}

async function changeOnPostgres(tx: Tx, change: StatusChange, payload: StatusChangedPayload, cap: number): Promise<boolean> {
  const slot = chooseSlot(change.now, cap);
  const row = await changeAtOnce.first(tx, { ...change, actorUserId: change.actorUserId ?? null, payload: JSON.stringify(payload), ...slot, ...milestonesOf(change.to, change.source, change.now) });
  if (!row || row.moved_id === null) return false;
  if (row.event_id === null && (await takeFromAnySlot(tx, change.tenantId, cap, slot))) {
    await insertStatusChangedEvent(tx, payload, change.now);
  }
  return true;
}

/** How a change made by one statement outside a transaction ended. */
export type ChangeAloneOutcome =
  /** Made, with all that goes with it. */
  | 'written'
  /** The order was no longer in `from`: nothing written. */
  | 'stale'
  /** Another request holds the Idempotency-Key: nothing written. */
  | 'key_held'
  /** The key's record is there (committed meanwhile): nothing written. */
  | 'record_taken'
  /** The slot gave no unit and the hour has room elsewhere (or no slots yet): nothing written; make the change in a transaction (recordStatusChange). */
  | 'needs_transaction';

/**
 * PostgreSQL: the change, its history entry, its event and, with `remember`, the key's lock and
 * the remembered response, in one statement outside any transaction, durable when it
 * answers. Only for moves between open statuses (PATCH's), which leave the transfer codes as
 * they are (followStatusChange does nothing for them).
 */
export async function recordStatusChangeAlone(
  db: Db,
  change: StatusChange,
  settings: ChangeSettings,
  remember: { lockName: string; record: RecordValues } | null,
): Promise<ChangeAloneOutcome> {
  if (!isOpenStatus(change.from) || !isOpenStatus(change.to)) throw new Error('recordStatusChangeAlone: only moves between open statuses');
  const args = {
    ...change,
    actorUserId: change.actorUserId ?? null,
    payload: JSON.stringify(statusChangedPayload(change, settings.timeZone)),
    ...chooseSlot(change.now, settings.webhookHourlyCap),
    ...milestonesOf(change.to, change.source, change.now),
  };
  let row;
  try {
    row = remember
      ? await changeAloneRemembered.first(db, { ...args, ...remember.record, lockName: remember.lockName })
      : await changeAlone.first(db, args);
  } catch (error) {
    if ((error as { code?: unknown }).code === NO_UNIT) return 'needs_transaction';
    if (isRecordTaken(error)) return 'record_taken';
    throw error;
  }
  if (!row || !row.locked) return 'key_held';
  return row.moved_id === null ? 'stale' : 'written';
}

function statusChangedPayload(change: StatusChange, timeZone: string): StatusChangedPayload {
  return {
    store_id: change.tenantId,
    order_id: change.orderId,
    previous_status: change.from,
    status: change.to,
    changed_at: formatTimestamp(change.now, timeZone),
    source: change.source,
    ...(change.integration
      ? {
          changed_by: 'integration' as const,
          integration: change.integration.name,
          external_reference: change.integration.externalReference,
        }
      : {}),
  };
}
