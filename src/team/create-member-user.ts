// The operator's way to a user (lapak user create, and the demo store's owner at `lapak start`):
// a new user without a password, a member of the store, and a single-use 24-hour link that
// sets the password. No password ever reaches the terminal or a log.
import type { Clock } from '../lib/clock.js';
import type { Tx } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { addMembership } from '../accounts/add-membership.js';
import { insertUser } from '../accounts/sign-up.js';
import { EMAIL_PATTERN, normaliseEmail } from '../accounts/passwords.js';
import { issueResetToken } from './members.js';

export type CreateMemberUserCode = 'invalid_email' | 'invalid_name' | 'tenant_not_found' | 'email_taken';

export async function createMemberUser(
  tx: Tx,
  clock: Clock,
  tenantId: number,
  input: { email: string; name: string; role: Role; integrations: boolean },
): Promise<Outcome<{ userId: number; token: string; expiresAt: number }, CreateMemberUserCode>> {
  if (!EMAIL_PATTERN.test(normaliseEmail(input.email))) return refuse('invalid_email', `not an email address: "${input.email}"`);
  if (input.name.trim() === '') return refuse('invalid_name', 'name must not be empty');
  const tenant = await tx.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
  if (!tenant) return refuse('tenant_not_found', `tenant ${tenantId} not found`);
  const userId = await insertUser(tx, clock, { name: input.name, email: input.email, passwordHash: null });
  if (userId === null) return refuse('email_taken', 'a user with this email exists (lapak user reset-password gives them a link)');
  await addMembership(tx, { tenantId, userId, role: input.role, integrations: input.integrations, now: clock.now() });
  const link = await issueResetToken(tx, clock, userId);
  return succeed({ userId, token: link.token, expiresAt: link.expiresAt });
}

/** A set-password link for the user with this email (the operator may reset anyone). */
export async function resetLinkByEmail(tx: Tx, clock: Clock, email: string): Promise<Outcome<{ userId: number; token: string; expiresAt: number }, 'user_not_found'>> {
  const user = await tx.selectFrom('users').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst();
  if (!user) return refuse('user_not_found', `no user with email "${normaliseEmail(email)}"`);
  const link = await issueResetToken(tx, clock, Number(user.id));
  return succeed({ userId: Number(user.id), ...link });
}
