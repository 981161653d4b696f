import { sql, type Kysely } from 'kysely';

// The orders list's search by the end of a buyer's phone (issue 40 §2): a CS types the last
// digits the buyer reads out (`3456-7890`). Phones are stored whole (628...), so no index on
// them serves "ends with"; this one holds each order's last four digits beside its store, the
// same expression on both backends (SQLite's and PostgreSQL's substr and length agree), and the
// search tests the longer end on the few orders it finds (about one in 10,000 of a store), from
// the index itself (the phone is its last column: SQLite would otherwise rather read the whole
// store's phone index, which covers the test).
export function phoneTail() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await sql`create index orders_tenant_phone_tail on orders (tenant_id, substr(customer_phone, length(customer_phone) - 3), customer_phone)`.execute(db);
  };
}
