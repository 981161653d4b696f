// Fan-out: turns outbox events into one delivery per enabled endpoint of the event's store.
// It runs in the dispatcher (webhooks/dispatcher.ts), not in the status change's transaction,
// so a change stays as cheap as before; the event row itself is written with the change, so
// nothing is lost: an event stays pending (fanned_out_at null) until its deliveries are
// committed. It lives here, with the outbox, because every statement on `events` does.
// Like the claim (webhooks/claim-deliveries.ts), it spans every store's events on purpose: the
// dispatcher works at operator level; each delivery it writes carries its event's tenant_id.
import { sql } from 'kysely';
import type { Db, DialectName, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import { PENDING } from '../lib/db/pending-delivery.js';
import { receivesEvents } from './receiving-endpoints.js';

// Fan-outs must not overlap: two dispatchers fanning out two events of one order at once
// could commit the later event's delivery first, and it would be sent first.
const FAN_OUT_LOCK = 'lapak:webhook-fan-out';

// Run every poll, idle or not: prepared, like the claim's check (claim-deliveries.ts).
const firstPending = prepareQuery((db: Db, _a: Record<string, never>) => db.selectFrom('events').select('id').where('fanned_out_at', 'is', null).limit(fixedLimit(1)));

// PostgreSQL: the whole fan-out in one statement, so one round trip instead of five (BEGIN,
// the lock, the update, the insert, COMMIT; issue 13). The lock is taken first (an
// uncorrelated subquery, evaluated once before any row is read) and held until the
// statement's own transaction ends, as the transaction-level lock was; without it nothing
// is claimed. The insert reads the claimed rows from the update's RETURNING.
const fanOutAtOnce = prepareQuery((_db: Db, a: { lock: string; now: number; limit: number }) =>
  sql<{ n: number }>`
    with lock as (select pg_try_advisory_xact_lock(hashtextextended(${a.lock}, 0)) as locked),
    claimed as (
      update events set fanned_out_at = ${a.now}
      where id in (select id from events where fanned_out_at is null and (select locked from lock) order by id limit ${a.limit})
      returning id, tenant_id, order_id
    ),
    queued as (
      insert into webhook_deliveries (tenant_id, event_id, endpoint_id, order_id, status, attempts, next_attempt_at, created_at, updated_at)
      select c.tenant_id, c.id, w.id, c.order_id, ${PENDING}, 0, cast(${a.now} as bigint), cast(${a.now} as bigint), cast(${a.now} as bigint)
      from claimed c join webhook_endpoints w on w.tenant_id = c.tenant_id and ${receivesEvents('w')}
      -- RETURNING gives the claimed events in no set order: the deliveries' ids follow the events'.
      order by c.id, w.id
      on conflict (event_id, endpoint_id) do nothing
    )
    select count(*)::int as n from claimed`,
);

/** Where the fan-out writes: on SQLite, through the group commit of the requests' writes. */
export interface FanOutDatabase {
  db: Db;
  dialect: DialectName;
  writeTransaction: WriteTransaction;
}

/**
 * Fans out up to `limit` pending events, oldest first. Returns how many it handled. On
 * SQLite it is a unit of the connection's group commit (write-transaction.ts): it shares a
 * COMMIT (and its fsync) with the status changes queued beside it instead of one of its own,
 * and an event written in the same group is fanned out before its page is first written
 * (issue 13).
 */
export async function fanOutEvents(database: FanOutDatabase, now: number, limit: number): Promise<number> {
  // A cheap read first, so an idle dispatcher does not open a write transaction each poll.
  const pending = await firstPending.first(database.db, {});
  if (!pending) return 0;
  if (database.dialect === 'postgres') return (await fanOutAtOnce.first(database.db, { lock: FAN_OUT_LOCK, now, limit }))?.n ?? 0;
  // Repeatable: it reads and writes only through tx.
  return database.writeTransaction((tx) => fanOutInTransaction(tx, now, limit), { repeatable: true });
}

// SQLite: one writer at a time, so no lock is needed beyond the transaction's own. The
// oldest pending events are read twice, first to queue their deliveries, then to mark them:
// nothing else writes between the two statements, so both read the same events. A list of
// their ids instead would make the SQL differ with their number, and SQLite would compile
// each new text (issue 13).
const oldestPending = (tx: Tx, limit: number) => tx.selectFrom('events').where('fanned_out_at', 'is', null).orderBy('id').limit(fixedLimit(limit));

async function fanOutInTransaction(tx: Tx, now: number, limit: number): Promise<number> {
  await tx
    .insertInto('webhook_deliveries')
    .columns(['tenant_id', 'event_id', 'endpoint_id', 'order_id', 'status', 'attempts', 'next_attempt_at', 'created_at', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom(oldestPending(tx, limit).select(['id', 'tenant_id', 'order_id']).as('e'))
        .innerJoin('webhook_endpoints as w', 'w.tenant_id', 'e.tenant_id')
        // The SELECT needs a WHERE: without one, SQLite would read `ON CONFLICT` as the join's ON.
        .where(receivesEvents('w'))
        .select([
          'e.tenant_id',
          'e.id',
          'w.id',
          'e.order_id',
          PENDING.as('status'),
          sql.lit(0).as('attempts'),
          sql<number>`${now}`.as('next_attempt_at'),
          sql<number>`${now}`.as('created_at'),
          sql<number>`${now}`.as('updated_at'),
        ]),
    )
    // The unique (event, endpoint) pair makes a repeated fan-out add nothing.
    .onConflict((oc) => oc.columns(['event_id', 'endpoint_id']).doNothing())
    .execute();
  const marked = await tx
    .updateTable('events')
    .set({ fanned_out_at: now })
    .where('id', 'in', oldestPending(tx, limit).select('id'))
    .executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

/** Events not fanned out yet, of every store (GET /metrics). */
export async function countPendingEvents(db: Db): Promise<number> {
  const row = await db.selectFrom('events').select(sql<number>`count(*)`.as('n')).where('fanned_out_at', 'is', null).executeTakeFirstOrThrow();
  return Number(row.n);
}
