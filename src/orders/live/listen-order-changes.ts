// PostgreSQL's source of the live list: one connection a process, apart from the pool, that
// LISTENs on migration 022's channel. The triggers queue a notification in the change's
// transaction, so it arrives only once that commits, from whichever process wrote it, and in
// commit order. The connection has no statement in flight while it waits: it holds nothing.
// The triggers notify only for the stores that some process watches (migration 023: a NOTIFY
// serialises commits): this process keeps a row in live_order_watches for each store it has a
// stream of, renewed every WATCH_RENEW_MS and deleted when its last stream of that store closes;
// a process that dies leaves rows that expire after WATCH_TTL_MS (and housekeeping removes).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../../lib/db/db.js';
import { ORDER_CHANGES_CHANNEL } from '../../lib/db/migrations/022-order-changes.js';
import type { ChangeSource, OrderChange } from './order-changes.js';

const id = (text: string | undefined): number | null => (text === undefined || text === '' ? null : Number(text));

/** A notification's payload (`tenant,order,status,cs,previous cs`), or null for one of another shape. */
export function parseNotification(payload: string, eventId: number): OrderChange | null {
  const [tenant, order, status, assigned, previous] = payload.split(',');
  const tenantId = id(tenant);
  const orderId = id(order);
  if (tenantId === null || orderId === null || !status) return null;
  return { eventId, tenantId, orderId, status, assignedUserId: id(assigned), previousAssignedUserId: id(previous) };
}

/** How long a watch holds without renewal: a process that died stops costing notifications after it. */
export const WATCH_TTL_MS = 60_000;
const WATCH_RENEW_MS = 20_000;

export function listenOrderChanges(databaseUrl: string, db: Db, warn: (error: Error) => void): ChangeSource {
  let client: pg.Client | null = null;
  let count = 0;
  // One name a process (a host may run several), for its rows of live_order_watches.
  const watcher = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const watched = new Set<number>();
  let renewal: NodeJS.Timeout | null = null;

  // The rows' writes run one after another, so a store's unwatch then watch leaves its row.
  let writes: Promise<unknown> = Promise.resolve();
  const serial = (write: () => Promise<unknown>): Promise<void> => {
    const done = writes.then(write);
    writes = done.catch(() => undefined);
    return done.then(() => undefined);
  };
  // The expiry by the database's clock, which the triggers compare it with.
  const upsert = (tenantIds: number[]) =>
    serial(async () => {
      if (tenantIds.length === 0) return;
      const expiresAt = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint + ${WATCH_TTL_MS}`;
      await db
        .insertInto('live_order_watches')
        .values(tenantIds.map((tenantId) => ({ tenant_id: tenantId, watcher, expires_at: expiresAt })))
        .onConflict((oc) => oc.columns(['tenant_id', 'watcher']).doUpdateSet({ expires_at: (eb) => eb.ref('excluded.expires_at') }))
        .execute();
    });
  const remove = (tenantId?: number) =>
    serial(() => {
      let query = db.deleteFrom('live_order_watches').where('watcher', '=', watcher);
      if (tenantId !== undefined) query = query.where('tenant_id', '=', tenantId);
      return query.execute();
    });
  const stopRenewal = () => {
    if (renewal) clearInterval(renewal);
    renewal = null;
  };

  return {
    async watch(tenantId) {
      watched.add(tenantId);
      await upsert([tenantId]);
      if (!renewal) {
        renewal = setInterval(() => void upsert([...watched]).catch(warn), WATCH_RENEW_MS);
        renewal.unref();
      }
    },
    unwatch(tenantId) {
      watched.delete(tenantId);
      if (watched.size === 0) stopRenewal();
      remove(tenantId).catch(warn);
    },
    async start(deliver, lost) {
      const connection = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
      // Once started, a failure is reported once and the connection dropped; the feed starts
      // another for the next stream.
      let failed = false;
      const fail = (error: Error) => {
        if (failed) return;
        failed = true;
        if (client === connection) client = null;
        connection.removeAllListeners('notification');
        void connection.end().catch(() => undefined);
        lost(error);
      };
      connection.on('error', fail);
      connection.on('end', () => fail(new Error('the listening connection ended')));
      connection.on('notification', (message) => {
        if (message.channel !== ORDER_CHANGES_CHANNEL || message.payload === undefined) return;
        const change = parseNotification(message.payload, ++count);
        if (change) deliver([change]);
      });
      try {
        await connection.connect();
        await connection.query(`listen ${ORDER_CHANGES_CHANNEL}`);
      } catch (error) {
        failed = true;
        connection.removeAllListeners();
        connection.on('error', () => undefined);
        await connection.end().catch(() => undefined);
        throw error;
      }
      client = connection;
    },
    async stop() {
      stopRenewal();
      watched.clear();
      await remove().catch(warn);
      const connection = client;
      client = null;
      if (!connection) return;
      connection.removeAllListeners();
      connection.on('error', () => undefined);
      await connection.end().catch(() => undefined);
    },
  };
}
