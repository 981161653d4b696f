// Invitations: a single-use link valid 7 days, its token stored only as SHA-256.
import type { Clock } from '../lib/clock.js';
import type { Db, Tx } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { newLinkToken, sha256Hex } from '../sessions/session-token.js';
import { addMembership } from '../accounts/add-membership.js';
import { insertUser } from '../accounts/sign-up.js';
import { WHATSAPP_NUMBER_RULE } from '../tenants/update-store-settings.js';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export async function createInvitation(
  db: Db,
  clock: Clock,
  tenantId: number,
  createdBy: number,
  input: { role: Exclude<Role, 'owner'>; integrations: boolean; name?: string | null; whatsapp_number?: string | null },
): Promise<Outcome<{ id: number; token: string; expiresAt: number; whatsappNumber: string | null }, 'invalid_whatsapp_number'>> {
  // Whom it is for: a name and the number the link goes to, each optional; the number by a member's own number's rule.
  const parsed = WHATSAPP_NUMBER_RULE.parse(input.whatsapp_number?.trim() ? input.whatsapp_number : null);
  if (!parsed) return refuse('invalid_whatsapp_number', WHATSAPP_NUMBER_RULE.problem);
  const name = input.name?.trim() ? input.name.trim() : null;
  const { token, tokenHash } = newLinkToken();
  const now = clock.now();
  const row = await db
    .insertInto('invitations')
    .values({
      tenant_id: tenantId,
      token_hash: tokenHash,
      role: input.role,
      // Only an admin's permission; a CS never has it.
      integrations: input.role === 'admin' && input.integrations ? 1 : 0,
      created_by: createdBy,
      created_at: now,
      expires_at: now + INVITATION_TTL_MS,
      invitee_name: name,
      invitee_whatsapp: parsed.whatsapp_number ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return succeed({ id: Number(row.id), token, expiresAt: now + INVITATION_TTL_MS, whatsappNumber: parsed.whatsapp_number ?? null });
}

export interface OpenInvitation {
  id: number;
  role: Role;
  integrations: boolean;
  created_at: number;
  expires_at: number;
  /** Whom it is for, as the owner said (null when not said). */
  name: string | null;
  /** The WhatsApp number it was sent to, 62... (null when not said). */
  whatsapp_number: string | null;
}

/** The store's open invitations: neither accepted, revoked nor expired. */
export async function listInvitations(db: Db, clock: Clock, tenantId: number): Promise<OpenInvitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'role', 'integrations', 'created_at', 'expires_at', 'invitee_name', 'invitee_whatsapp'])
    .where('tenant_id', '=', tenantId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    role: r.role,
    integrations: r.integrations === 1,
    created_at: Number(r.created_at),
    expires_at: Number(r.expires_at),
    name: r.invitee_name,
    whatsapp_number: r.invitee_whatsapp,
  }));
}

/** Revokes an open invitation: an accepted, revoked or expired one is not found (as the list leaves it out). */
export async function revokeInvitation(db: Db, clock: Clock, tenantId: number, id: number): Promise<Outcome<null, 'invitation_not_found'>> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: clock.now() })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', clock.now())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? succeed(null) : refuse('invitation_not_found', 'no open invitation with this id in the store');
}

export interface FoundInvitation {
  id: number;
  tenant_id: number;
  store_name: string;
  role: Role;
  integrations: number;
  expires_at: number;
}

/** The open invitation (neither accepted, revoked nor expired) a link token opens, with its store's name; null otherwise. */
export async function findOpenInvitation(db: Db, clock: Clock, token: string): Promise<FoundInvitation | null> {
  const row = await db
    .selectFrom('invitations')
    .innerJoin('tenants', 'tenants.id', 'invitations.tenant_id')
    .select(['invitations.id', 'invitations.tenant_id', 'tenants.name', 'invitations.role', 'invitations.integrations', 'invitations.expires_at'])
    .where('invitations.token_hash', '=', sha256Hex(token))
    .where('invitations.accepted_at', 'is', null)
    .where('invitations.revoked_at', 'is', null)
    .where('invitations.expires_at', '>', clock.now())
    .executeTakeFirst();
  if (!row) return null;
  return { id: Number(row.id), tenant_id: Number(row.tenant_id), store_name: row.name, role: row.role, integrations: row.integrations, expires_at: Number(row.expires_at) };
}

/** Thrown when another request used the invitation between the check and the claim; the transaction rolls back. */
export class InvitationTaken extends Error {}

export type AcceptCode = 'invitation_invalid' | 'email_registered' | 'already_member';

/**
 * Accepts an invitation, in the caller's transaction: as the logged-in user, or as a new user.
 * Never changes an existing user: a new user's email that is taken is refused (email_registered).
 * Refusals come before any write; a lost race throws InvitationTaken.
 */
export async function acceptInvitation(
  tx: Tx,
  clock: Clock,
  token: string,
  as: { userId: number } | { name: string; email: string; passwordHash: string },
): Promise<Outcome<{ tenantId: number; userId: number }, AcceptCode>> {
  const now = clock.now();
  const invitation = await findOpenInvitation(tx, clock, token);
  if (!invitation) return refuse('invitation_invalid', 'the invitation is unknown, used, revoked or expired');
  const tenantId = Number(invitation.tenant_id);
  let userId: number;
  if ('userId' in as) {
    userId = as.userId;
  } else {
    const inserted = await insertUser(tx, clock, as);
    if (inserted === null) return refuse('email_registered', 'a user with this email exists: log in and accept with the token only');
    userId = inserted;
  }
  const added = await addMembership(tx, { tenantId, userId, role: invitation.role, integrations: invitation.integrations === 1, now });
  // Only an existing user can already be a member; a new user's insert above is the first write.
  if (!added) return refuse('already_member', 'the user is already a member of this store');
  const claimed = await tx
    .updateTable('invitations')
    .set({ accepted_at: now, accepted_by: userId })
    .where('tenant_id', '=', tenantId)
    .where('id', '=', invitation.id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows === 0n) throw new InvitationTaken('invitation used concurrently');
  return succeed({ tenantId, userId });
}
