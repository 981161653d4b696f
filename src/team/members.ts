// The store's members: list, change a role, remove. A change or a removal ends every session
// of that member (so it takes effect on their next request, in every process). A store always
// keeps an owner: the last owner can be neither demoted nor removed (docs/dashboard.md). A
// removed member's orders become unassigned, each with a history entry naming who removed them,
// and they leave the CS rotation (which starts a new cycle).
import type { Clock } from '../lib/clock.js';
import type { Db, Tx } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { unassignMember } from '../orders/core/assign-orders.js';
import { leaveRotation } from '../rotation/rotation-settings.js';
import type { MemberActor } from '../orders/core/member-actor.js';
import { endUserSessions } from '../sessions/end-sessions.js';
import { newLinkToken, sha256Hex } from '../sessions/session-token.js';

export interface Member {
  user_id: number;
  name: string;
  email: string;
  role: Role;
  integrations: boolean;
  joined_at: number;
}

export async function listTeam(db: Db, tenantId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select(['users.id', 'users.name', 'users.email', 'memberships.role', 'memberships.integrations', 'memberships.created_at'])
    .where('memberships.tenant_id', '=', tenantId)
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({ user_id: Number(r.id), name: r.name, email: r.email, role: r.role, integrations: r.integrations === 1, joined_at: Number(r.created_at) }));
}

async function otherOwners(tx: Tx, tenantId: number, userId: number): Promise<number> {
  const row = await tx
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('role', '=', 'owner')
    .where('user_id', '!=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type MemberCode = 'member_not_found' | 'last_owner';

export async function changeMember(tx: Tx, tenantId: number, userId: number, input: { role: Role; integrations: boolean }): Promise<Outcome<null, MemberCode>> {
  const current = await tx.selectFrom('memberships').select('role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (!current) return refuse('member_not_found', 'no such member in this store');
  if (current.role === 'owner' && input.role !== 'owner' && (await otherOwners(tx, tenantId, userId)) === 0) {
    return refuse('last_owner', 'the store must keep an owner');
  }
  await tx
    .updateTable('memberships')
    .set({ role: input.role, integrations: input.role === 'admin' && input.integrations ? 1 : 0 })
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .execute();
  await endUserSessions(tx, userId);
  return succeed(null);
}

export async function removeMember(tx: Tx, clock: Clock, tenantId: number, userId: number, by: MemberActor): Promise<Outcome<null, MemberCode>> {
  const current = await tx.selectFrom('memberships').select('role').where('tenant_id', '=', tenantId).where('user_id', '=', userId).executeTakeFirst();
  if (!current) return refuse('member_not_found', 'no such member in this store');
  if (current.role === 'owner' && (await otherOwners(tx, tenantId, userId)) === 0) return refuse('last_owner', 'the store must keep an owner');
  await tx.deleteFrom('memberships').where('tenant_id', '=', tenantId).where('user_id', '=', userId).execute();
  await unassignMember(tx, tenantId, userId, by, clock.now());
  await leaveRotation(tx, tenantId, userId);
  await endUserSessions(tx, userId);
  return succeed(null);
}

export const RESET_TTL_MS = 24 * 60 * 60 * 1000;

/** A password-reset link for a member of this store who belongs to no other store. */
export async function createResetLink(
  db: Db,
  clock: Clock,
  tenantId: number,
  userId: number,
): Promise<Outcome<{ token: string; expiresAt: number }, 'member_not_found' | 'member_in_other_store'>> {
  const stores = await db.selectFrom('memberships').select('tenant_id').where('user_id', '=', userId).execute();
  if (!stores.some((s) => Number(s.tenant_id) === tenantId)) return refuse('member_not_found', 'no such member in this store');
  if (stores.length > 1) return refuse('member_in_other_store', 'the member belongs to another store too');
  return succeed(await issueResetToken(db, clock, userId));
}

/** A single-use 24-hour link token for the user (also the CLI's, without a store). */
export async function issueResetToken(db: Db, clock: Clock, userId: number): Promise<{ token: string; expiresAt: number }> {
  const { token, tokenHash } = newLinkToken();
  const now = clock.now();
  await db.insertInto('password_resets').values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: now + RESET_TTL_MS }).execute();
  return { token, expiresAt: now + RESET_TTL_MS };
}

/** The user and email a reset token opens, if it is unused and unexpired. */
export async function findReset(db: Db, clock: Clock, token: string): Promise<{ id: number; userId: number; email: string } | null> {
  const row = await db
    .selectFrom('password_resets')
    .innerJoin('users', 'users.id', 'password_resets.user_id')
    .select(['password_resets.id', 'password_resets.user_id', 'users.email'])
    .where('password_resets.token_hash', '=', sha256Hex(token))
    .where('password_resets.used_at', 'is', null)
    .where('password_resets.expires_at', '>', clock.now())
    .executeTakeFirst();
  return row ? { id: Number(row.id), userId: Number(row.user_id), email: row.email } : null;
}

/** Uses the reset: single use (the UPDATE that wins), sets the password, ends every session of the user. */
export async function useReset(tx: Tx, clock: Clock, resetId: number, userId: number, passwordHash: string): Promise<Outcome<null, 'reset_invalid'>> {
  const claimed = await tx.updateTable('password_resets').set({ used_at: clock.now() }).where('id', '=', resetId).where('used_at', 'is', null).executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) return refuse('reset_invalid', 'the link was used');
  await tx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  await endUserSessions(tx, userId);
  return succeed(null);
}
