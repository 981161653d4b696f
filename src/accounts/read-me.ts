// Who the session is: the user, the selected store, and every store the user belongs to.
import type { Db } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export interface Me {
  user: { id: number; name: string; email: string };
  role: Role;
  integrations: boolean;
  store: { id: number; name: string };
  /** The store's IANA time zone (013); null: the server's. */
  timeZone: string | null;
  stores: Array<{ id: number; name: string; role: Role }>;
  /** The member's own WhatsApp number in this store (025); null: none. */
  whatsappNumber: string | null;
}

/** Tenant first, as every operation on store data; the user must be a member of it. */
export async function readMe(db: Db, tenantId: number, userId: number): Promise<Outcome<Me, 'not_member'>> {
  const user = await db.selectFrom('users').select(['id', 'name', 'email']).where('id', '=', userId).executeTakeFirst();
  const stores = await db
    .selectFrom('memberships')
    .innerJoin('tenants', 'tenants.id', 'memberships.tenant_id')
    .select(['tenants.id', 'tenants.name', 'tenants.time_zone', 'memberships.role', 'memberships.integrations', 'memberships.whatsapp_number'])
    .where('memberships.user_id', '=', userId)
    .orderBy('tenants.id')
    .execute();
  const list = stores.map((s) => ({ id: Number(s.id), name: s.name, role: s.role }));
  const store = stores.find((s) => Number(s.id) === tenantId);
  if (!user || !store) return refuse('not_member', 'The user is not a member of this store.');
  return succeed({
    user: { id: Number(user.id), name: user.name, email: user.email },
    role: store.role,
    integrations: store.integrations === 1,
    store: { id: Number(store.id), name: store.name },
    timeZone: store.time_zone,
    stores: list,
    whatsappNumber: store.whatsapp_number ?? null,
  });
}
