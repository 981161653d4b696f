import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export interface NewTenant {
  name: string;
  shippingIntegration?: string | null;
  openingMessageTemplate?: string | null;
  /** The unique transfer code (docs/transfers.md); a new store starts with it on unless told otherwise. */
  uniqueCode?: boolean;
}

export type CreateTenantCode = 'invalid_name';

export async function createTenant(db: Db, clock: Clock, input: NewTenant): Promise<Outcome<{ id: number }, CreateTenantCode>> {
  const name = input.name.trim();
  if (name === '') return refuse('invalid_name', 'tenant name must not be empty');
  const row = await db
    .insertInto('tenants')
    .values({
      name,
      active: 1,
      shipping_integration: input.shippingIntegration ?? null,
      opening_message_template: input.openingMessageTemplate ?? null,
      // Set here, never by the column's default (off, what stores created before read).
      unique_code: input.uniqueCode === false ? 0 : 1,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return succeed({ id: row.id });
}
