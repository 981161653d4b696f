import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { DbHandle } from './db.js';
import { initial } from './migrations/001-initial.js';
import { webhooks } from './migrations/002-webhooks.js';
import { orderForm } from './migrations/003-order-form.js';

function provider(handle: DbHandle): MigrationProvider {
  return {
    async getMigrations(): Promise<Record<string, Migration>> {
      return {
        '001-initial': { up: initial(handle.dialect) },
        '002-webhooks': { up: webhooks(handle.dialect) },
        '003-order-form': { up: orderForm(handle.dialect) },
      };
    },
  };
}

// Applies pending migrations. Kysely's migrator takes a lock, so concurrent starts are safe.
export async function migrateToLatest(handle: DbHandle): Promise<string[]> {
  const migrator = new Migrator({ db: handle.db, provider: provider(handle) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
