// SQLite's source of the live list: one poll a process (not one per stream) of the change log
// that migration 022's triggers write in each change's transaction, so commits of other
// processes (`serve --workers N`, the CLI) arrive as this one's do. A read of the log's index
// past the last id seen: nothing else is touched while no order changes.
import { sql } from 'kysely';
import type { Db } from '../../lib/db/db.js';
import { fixedLimit } from '../../lib/db/fixed-limit.js';
import type { ChangeSource, OrderChange } from './order-changes.js';

/** Rows read at a time; a bigger batch (a bulk move) is read in several reads of one poll. */
const BATCH = 1_000;

export function pollOrderChanges(db: Db, intervalMs: number, warn: (error: Error) => void): ChangeSource {
  let cursor = 0;
  let running = false;
  let timer: NodeJS.Timeout | null = null;
  let polling: Promise<void> = Promise.resolve();
  let deliver: (changes: OrderChange[]) => void = () => undefined;

  async function poll(): Promise<void> {
    for (;;) {
      const rows = await db
        .selectFrom('order_changes')
        .select(['id', 'tenant_id', 'order_id', 'status', 'assigned_user_id', 'previous_assigned_user_id'])
        .where('id', '>', cursor)
        .orderBy('id')
        .limit(fixedLimit(BATCH))
        .execute();
      if (rows.length === 0) return;
      cursor = Number(rows[rows.length - 1]!.id);
      deliver(
        rows.map((row) => ({
          eventId: Number(row.id),
          tenantId: Number(row.tenant_id),
          orderId: Number(row.order_id),
          status: row.status,
          assignedUserId: row.assigned_user_id === null ? null : Number(row.assigned_user_id),
          previousAssignedUserId: row.previous_assigned_user_id === null ? null : Number(row.previous_assigned_user_id),
        })),
      );
      if (rows.length < BATCH) return;
    }
  }

  // A failed read loses nothing (the cursor stays): it is logged and the next tick reads again.
  const run = () => {
    polling = poll()
      .catch((error: Error) => warn(error))
      .then(() => {
        if (!running) return;
        timer = setTimeout(run, intervalMs);
        timer.unref();
      });
  };

  return {
    async start(onChanges) {
      deliver = onChanges;
      // From the newest change now: what came before is in the page the client fetched.
      const newest = await sql<{ id: number | null }>`select max(id) as id from order_changes`.execute(db);
      cursor = Number(newest.rows[0]?.id ?? 0);
      running = true;
      timer = setTimeout(run, intervalMs);
      timer.unref();
    },
    // The log holds every store's changes: nothing to say to it.
    watch: async () => undefined,
    unwatch: () => undefined,
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await polling;
    },
  };
}
