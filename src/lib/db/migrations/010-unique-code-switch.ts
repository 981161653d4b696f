import type { Kysely } from 'kysely';

// Manual transfers with a unique code (issue 11, section 4): the store's switch. When it is
// on, the order form adds a code of 1 to 3 digits to a bank-transfer order's total so that
// the bank statement's credit tells which order it pays. Additive only; off by default.
export function uniqueCodeSwitch() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('store_settings')
      .addColumn('unique_code', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  };
}
