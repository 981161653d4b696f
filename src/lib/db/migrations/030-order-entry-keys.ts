import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// One order per "Tambah pesanan" form (issue 40 §1): a fast double click on "Simpan pesanan"
// entered two orders. The page sends a key of its own with the save (Idempotency-Key); the first
// save writes it here in the order's transaction, and a save that finds its key taken (the
// primary key, never a check-then-insert) answers the order of the first instead of a second.
// Per member: the key is the page's, and a key of another member is another page's.
// - request_hash: the identity of the body (as idempotency_records'), so the same key with other
//   content is refused rather than answered with an order it did not describe.
// - order_id: the order the save entered; set in the same transaction, after the order's insert.
// - expires_at: a day after; afterwards the key may enter a new order (housekeeping purges it).
// Additive only.
export function orderEntryKeys(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .createTable('order_entry_keys')
      .addColumn('tenant_id', bigint, (c) => c.notNull().references('tenants.id'))
      .addColumn('user_id', bigint, (c) => c.notNull().references('users.id'))
      .addColumn('entry_key', 'text', (c) => c.notNull())
      .addColumn('request_hash', 'text', (c) => c.notNull())
      .addColumn('order_id', bigint)
      .addColumn('created_at', bigint, (c) => c.notNull())
      .addColumn('expires_at', bigint, (c) => c.notNull())
      .addPrimaryKeyConstraint('order_entry_keys_pk', ['tenant_id', 'user_id', 'entry_key'])
      .execute();
    await db.schema.createIndex('order_entry_keys_expiry').on('order_entry_keys').column('expires_at').execute();
  };
}
