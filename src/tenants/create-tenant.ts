import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';

export interface NewTenant {
  name: string;
  shippingIntegration?: string | null;
  openingMessageTemplate?: string | null;
}

export async function createTenant(db: Db, clock: Clock, input: NewTenant): Promise<{ id: number }> {
  const name = input.name.trim();
  if (name === '') throw new Error('tenant name must not be empty');
  return db
    .insertInto('tenants')
    .values({
      name,
      active: 1,
      shipping_integration: input.shippingIntegration ?? null,
      opening_message_template: input.openingMessageTemplate ?? null,
      created_at: clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}
