// The key check, in the order documented in docs/authentication.md:
// header present -> shape -> one indexed lookup by hash -> revoked -> expired -> tenant active.
// Scope checks follow in require-key.ts.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import { authFailure, fail, ok, type AuthFailure, type Result } from '../lib/http/failures.js';
import { AUTH_TEXT } from '../lib/http/messages.js';
import { prepareQuery } from '../lib/db/prepared.js';
import { hashKey, isWellFormedKey } from './api-key.js';
import type { KeyCache } from './key-cache.js';

export interface AuthenticatedKey {
  id: number;
  tenantId: number;
  name: string;
  scopes: string[];
}

/** The key's row as the lookup by hash reads it, with its tenant's active flag. */
export interface KeyLookupRow {
  id: number;
  tenant_id: number;
  name: string;
  scopes: string;
  expires_at: number | null;
  revoked_at: number | null;
  last_used_at: number | null;
  active: number | boolean;
}

/**
 * Reads the key's row by hash. The default is the plain lookup (findKeyByHash); a route may
 * pass one that reads the row along with what it needs next, in one statement
 * (orders/api/read-order.ts), and that falls back to `plain` when that statement fails.
 */
export type KeyLookup = (hash: string, plain: (hash: string) => Promise<KeyLookupRow | undefined>) => Promise<KeyLookupRow | undefined>;

/**
 * SQLite: reads the key cache's change token together with what the route reads next, in one
 * statement (one read transaction instead of two, issue 13), for the key as it is cached (its
 * store and scopes; orders/api/read-order.ts). Returns the token read, or undefined when it could
 * not (the cache then reads it alone). The route uses what was read only after every check of
 * the key has passed.
 */
export type TokenAlongside = (cached: KeyRow) => Promise<string | undefined>;

// The one indexed lookup by hash, with the tenant's active flag.
const findKeyByHash = prepareQuery((db: Db, args: { hash: string }) =>
  db
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
    .where('api_keys.key_hash', '=', args.hash),
);

// last_used_at is written at most once a minute per key, so reads do not become writes.
const LAST_USED_RESOLUTION_MS = 60_000;

/** A key row as the checks need it: what the cache keeps. */
export interface KeyRow {
  id: number;
  tenantId: number;
  name: string;
  scopes: string[];
  expiresAt: number | null;
  revoked: boolean;
  lastUsedAt: number | null;
  tenantActive: boolean;
}

export interface KeyCheckDeps {
  db: Db;
  clock: Clock;
  keyCache: KeyCache<KeyRow>;
}

async function findKey(db: Db, keyCache: KeyCache<KeyRow>, hash: string, lookup: KeyLookup | undefined, tokenAlongside: TokenAlongside | undefined): Promise<KeyRow | null> {
  const peeked = tokenAlongside ? keyCache.peek(hash) : undefined;
  const token = peeked ? await tokenAlongside!(peeked) : undefined;
  const cached = keyCache.get(hash, token);
  if (cached) return cached;
  const plain = (h: string) => findKeyByHash.first(db, { hash: h });
  const row: KeyLookupRow | undefined = lookup ? await lookup(hash, plain) : await plain(hash);
  if (!row) return null;
  const key: KeyRow = {
    id: row.id,
    tenantId: row.tenant_id,
    name: row.name,
    scopes: JSON.parse(row.scopes) as string[],
    expiresAt: row.expires_at,
    revoked: row.revoked_at !== null,
    lastUsedAt: row.last_used_at,
    tenantActive: Boolean(row.active),
  };
  keyCache.set(hash, key);
  return key;
}

export async function authenticateKey(
  { db, clock, keyCache }: KeyCheckDeps,
  header: string | string[] | undefined,
  lookup?: KeyLookup,
  tokenAlongside?: TokenAlongside,
): Promise<Result<AuthenticatedKey, AuthFailure>> {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') return fail(authFailure(401, AUTH_TEXT.keyRequired));
  if (!isWellFormedKey(value)) return fail(authFailure(401, AUTH_TEXT.malformed));

  const key = await findKey(db, keyCache, hashKey(value), lookup, tokenAlongside);
  if (!key) return fail(authFailure(401, AUTH_TEXT.invalid));
  if (key.revoked) return fail(authFailure(401, AUTH_TEXT.revoked));
  const now = clock.now();
  if (key.expiresAt !== null && key.expiresAt <= now) return fail(authFailure(401, AUTH_TEXT.expired));
  if (!key.tenantActive) return fail(authFailure(403, AUTH_TEXT.tenantInactive));

  if (key.lastUsedAt === null || now - key.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db
      .updateTable('api_keys')
      .set({ last_used_at: now })
      .where('id', '=', key.id)
      .where('tenant_id', '=', key.tenantId)
      .execute();
  }

  return ok({ id: key.id, tenantId: key.tenantId, name: key.name, scopes: key.scopes });
}
