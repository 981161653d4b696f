import type { Kysely } from 'kysely';

// Whether an order's last follow-up was sent by the messaging automation (issue 41 §1: "the list
// and the order say which were automatic"): 1 when the last one recorded (orders/core/
// record-follow-up.ts) was the sender's (source `system`), 0 for a member's press. Written by the
// same update as the other follow-up columns; in no index, watched by no trigger. Additive only.
export function followUpAutomatic() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('orders').addColumn('follow_up_last_automatic', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  };
}
