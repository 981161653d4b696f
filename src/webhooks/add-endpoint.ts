import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import type { WebhookResult } from './result.js';
import { generateSecret } from './sign/headers.js';
import { checkEndpointUrl, type Resolver } from './url-safety.js';

export const DESCRIPTION_MAX = 200;

export interface NewEndpoint {
  tenantId: number;
  url: string;
  description?: string;
}

/** Saves an endpoint after the URL check. The secret is returned here and never again. */
export async function addEndpoint(
  db: Db,
  clock: Clock,
  input: NewEndpoint,
  safety: { allowPrivate: boolean; resolver: Resolver },
): Promise<WebhookResult<{ id: number; secret: string }>> {
  const description = (input.description ?? '').trim();
  if ([...description].length > DESCRIPTION_MAX) return { ok: false, error: `description is longer than ${DESCRIPTION_MAX} characters` };
  const checked = await checkEndpointUrl(input.url, safety);
  if (!checked.ok) return { ok: false, error: checked.reason };
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', input.tenantId).executeTakeFirst();
  if (!tenant) return { ok: false, error: `no tenant ${input.tenantId}` };
  const secret = generateSecret();
  const row = await db
    .insertInto('webhook_endpoints')
    .values({ tenant_id: input.tenantId, url: checked.url.toString(), secret, description, enabled: 1, created_at: clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ok: true, value: { id: row.id, secret } };
}
