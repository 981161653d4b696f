import type { Kysely } from 'kysely';
import type { DialectName } from '../db.js';

// The dashboard's getting-started checklist (issue 10, the home page): when the store first
// recorded a copy of its embed snippet (POST /dashboard/api/home/snippet-copied). Every other
// step of the checklist is computed from data the store already has. Additive only.
export function homeChecklist(dialect: DialectName) {
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('tenants').addColumn('snippet_copied_at', bigint).execute();
  };
}
