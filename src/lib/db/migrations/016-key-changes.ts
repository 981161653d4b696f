import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// SQLite only: key_changes, one row counting every change to what an API key's check reads
// (any insert, update or delete of api_keys; a store's active flag or its removal), kept by
// triggers, so it counts the changes of every connection and process, the CLI's too. The
// key cache (src/auth/key-cache.ts) is valid while the count stays the same: a status change
// or a new order no longer empties it (before, any write did: PRAGMA data_version and
// total_changes()). PostgreSQL caches no key and needs none of this.
const BUMP = sql`update key_changes set count = count + 1 where id = 1`;

export function keyChanges(dialect: DialectName) {
  return async function up(db: Kysely<unknown>): Promise<void> {
    if (dialect !== 'sqlite') return;
    await sql`create table key_changes (id integer primary key check (id = 1), count integer not null)`.execute(db);
    await sql`insert into key_changes (id, count) values (1, 0)`.execute(db);
    await sql`create trigger key_changes_key_insert after insert on api_keys begin ${BUMP}; end`.execute(db);
    await sql`create trigger key_changes_key_update after update on api_keys begin ${BUMP}; end`.execute(db);
    await sql`create trigger key_changes_key_delete after delete on api_keys begin ${BUMP}; end`.execute(db);
    await sql`create trigger key_changes_store_active after update of active on tenants begin ${BUMP}; end`.execute(db);
    await sql`create trigger key_changes_store_delete after delete on tenants begin ${BUMP}; end`.execute(db);
  };
}
