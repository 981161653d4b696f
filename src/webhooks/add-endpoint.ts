import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { webhookSecretBinding } from './sealed-secret.js';
import { generateSecret } from './sign/headers.js';
import { checkEndpointUrl, type EndpointUrlCode, type Resolver } from './url-safety.js';

export const DESCRIPTION_MAX = 200;

export interface NewEndpoint {
  url: string;
  description?: string;
}

export type AddEndpointCode = 'invalid_description' | EndpointUrlCode | 'tenant_not_found';

/** Saves an endpoint after the URL check. The secret is returned here and never again, and stored sealed. */
export async function addEndpoint(
  db: Db,
  clock: Clock,
  sealer: Sealer,
  tenantId: number,
  input: NewEndpoint,
  safety: { allowPrivate: boolean; resolver: Resolver },
): Promise<Outcome<{ id: number; secret: string }, AddEndpointCode>> {
  const description = (input.description ?? '').trim();
  if ([...description].length > DESCRIPTION_MAX) return refuse('invalid_description', `description is longer than ${DESCRIPTION_MAX} characters`);
  const checked = await checkEndpointUrl(input.url, safety);
  if (!checked.ok) return checked;
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return refuse('tenant_not_found', `no tenant ${tenantId}`);
  const secret = generateSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ tenant_id: tenantId, url: checked.value.toString(), secret: sealer.seal(secret, webhookSecretBinding(tenantId)), description, enabled: 1, created_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return succeed({ id: row.id, secret });
}
