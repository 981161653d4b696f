// PostgreSQL's source of the live list: one connection a process, apart from the pool, that
// LISTENs on migration 022's channel. The triggers queue a notification in the change's
// transaction, so it arrives only once that commits, from whichever process wrote it, and in
// commit order. The connection has no statement in flight while it waits: it holds nothing.
import pg from 'pg';
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

export function listenOrderChanges(databaseUrl: string): ChangeSource {
  let client: pg.Client | null = null;
  let count = 0;
  return {
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
      const connection = client;
      client = null;
      if (!connection) return;
      connection.removeAllListeners();
      connection.on('error', () => undefined);
      await connection.end().catch(() => undefined);
    },
  };
}
