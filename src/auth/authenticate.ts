// The key check, in the order documented in docs/authentication.md:
// header present -> shape -> one indexed lookup by hash -> revoked -> expired -> tenant active.
// Scope checks follow in require-key.ts.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db.js';
import { authFailure, fail, ok, type AuthFailure, type Result } from '../lib/failures.js';
import { AUTH_TEXT } from '../lib/messages.js';
import { hashKey, isWellFormedKey } from './api-key.js';

export interface AuthenticatedKey {
  id: number;
  tenantId: number;
  name: string;
  scopes: string[];
}

// last_used_at is written at most once a minute per key, so reads do not become writes.
const LAST_USED_RESOLUTION_MS = 60_000;

export async function authenticateKey(
  db: Db,
  clock: Clock,
  header: string | string[] | undefined,
): Promise<Result<AuthenticatedKey, AuthFailure>> {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return fail(authFailure(401, AUTH_TEXT.keyRequired));
  if (!isWellFormedKey(value)) return fail(authFailure(401, AUTH_TEXT.malformed));

  const row = await db
    .selectFrom('api_keys')
    .innerJoin('tenants', 'tenants.id', 'api_keys.tenant_id')
    .select([
      'api_keys.id',
      'api_keys.tenant_id',
      'api_keys.name',
      'api_keys.scopes',
      'api_keys.expires_at',
      'api_keys.revoked_at',
      'api_keys.last_used_at',
      'tenants.active',
    ])
    .where('api_keys.key_hash', '=', hashKey(value))
    .executeTakeFirst();

  if (!row) return fail(authFailure(401, AUTH_TEXT.invalid));
  if (row.revoked_at !== null) return fail(authFailure(401, AUTH_TEXT.revoked));
  const now = clock.now();
  if (row.expires_at !== null && row.expires_at <= now) return fail(authFailure(401, AUTH_TEXT.expired));
  if (!row.active) return fail(authFailure(403, AUTH_TEXT.tenantInactive));

  if (row.last_used_at === null || now - row.last_used_at >= LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', row.id)
      .where('tenant_id', '=', row.tenant_id)
      .execute();
  }

  return ok({ id: row.id, tenantId: row.tenant_id, name: row.name, scopes: JSON.parse(row.scopes) as string[] });
}
