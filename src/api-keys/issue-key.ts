import { generateKey, hashKey, keyMarker } from '../auth/api-key.js';
import { DEFAULT_SCOPES, isKnownScope } from '../auth/scopes.js';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';

export interface IssueKeyInput {
  tenantId: number;
  name: string;
  scopes: string[];
  expiresAt: number | null;
}

export interface IssuedKey {
  id: number;
  key: string; // shown once, never stored
  marker: string;
  scopes: string[];
  expires_at: number | null;
}

export type IssueKeyResult =
  | { ok: true; value: IssuedKey }
  | { ok: false; reason: 'tenant_not_found' | 'name_taken' | 'invalid_scope' | 'invalid_name'; detail: string };

export async function issueKey(db: Db, clock: Clock, input: IssueKeyInput): Promise<IssueKeyResult> {
  const name = input.name.trim();
  if (name === '') return { ok: false, reason: 'invalid_name', detail: 'connector name must not be empty' };
  const scopes = input.scopes.length > 0 ? [...new Set(input.scopes)] : DEFAULT_SCOPES;
  const unknown = scopes.find((s) => !isKnownScope(s));
  if (unknown) return { ok: false, reason: 'invalid_scope', detail: `unknown scope: ${unknown}` };
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', input.tenantId).executeTakeFirst();
  if (!tenant) return { ok: false, reason: 'tenant_not_found', detail: `no tenant ${input.tenantId}` };

  const key = generateKey();
  // The partial unique index on active keys' names decides; no check-then-insert.
  const row = await db
    .insertInto('api_keys')
    .values({
      tenant_id: input.tenantId,
      key_hash: hashKey(key),
      marker: keyMarker(key),
      name,
      scopes: JSON.stringify(scopes),
      expires_at: input.expiresAt,
      revoked_at: null,
      last_used_at: null,
      created_at: clock.now(),
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).where('revoked_at', 'is', null).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'name_taken', detail: `an active key named "${name}" already exists for this store` };
  return { ok: true, value: { id: row.id, key, marker: keyMarker(key), scopes, expires_at: input.expiresAt } };
}
