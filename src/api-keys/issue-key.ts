import { generateKey, hashKey, keyMarker } from '../auth/api-key.js';
import { DEFAULT_SCOPES, isKnownScope } from '../auth/scopes.js';
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export interface IssueKeyInput {
  name: string;
  scopes: string[];
  expiresAt: number | null;
  /** The dashboard purpose the scopes came from (issue-key-for-purpose.ts); absent for the CLI. */
  purpose?: string;
}

export interface IssuedKey {
  id: number;
  key: string; // shown once, never stored
  marker: string;
  scopes: string[];
  expires_at: number | null;
}

export type IssueKeyCode = 'invalid_name' | 'invalid_scope' | 'tenant_not_found' | 'key_name_taken';

export async function issueKey(db: Db, clock: Clock, tenantId: number, input: IssueKeyInput): Promise<Outcome<IssuedKey, IssueKeyCode>> {
  const name = input.name.trim();
  if (name === '') return refuse('invalid_name', 'connector name must not be empty');
  const scopes = input.scopes.length > 0 ? [...new Set(input.scopes)] : DEFAULT_SCOPES;
  const unknown = scopes.find((s) => !isKnownScope(s));
  if (unknown) return refuse('invalid_scope', `unknown scope: ${unknown}`);
  const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return refuse('tenant_not_found', `no tenant ${tenantId}`);

  const now = clock.now();
  // An expired key no longer holds its name (SPEC: names differ among *active* keys). The
  // release is right on its own, committed or not, so it needs no transaction with the
  // insert; the unique index on (tenant_id, active_name) alone decides between two issuers
  // (docs/decisions.md).
  await db
    .updateTable('api_keys')
    .set({ active_name: null })
    .where('tenant_id', '=', tenantId)
    .where('active_name', '=', name)
    .where('expires_at', 'is not', null)
    .where('expires_at', '<=', now)
    .execute();

  const key = generateKey();
  const row = await db
    .insertInto('api_keys')
    .values({
      tenant_id: tenantId,
      key_hash: hashKey(key),
      marker: keyMarker(key),
      name,
      active_name: name,
      purpose: input.purpose ?? null,
      scopes: JSON.stringify(scopes),
      expires_at: input.expiresAt,
      revoked_at: null,
      last_used_at: null,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['tenant_id', 'active_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return refuse('key_name_taken', `an active key named "${name}" already exists for this store`);
  return succeed({ id: row.id, key, marker: keyMarker(key), scopes, expires_at: input.expiresAt });
}
