// What an invitation link opens, shown before accepting it: the store's name, the role, the
// integrations permission and the expiry. Anything but an open invitation is refused with the
// code accepting it would get, so the preview tells nothing accepting would not.
import type { Clock } from '../lib/clock.js';
import type { Db } from '../lib/db/db.js';
import type { Role } from '../lib/db/schema.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { findOpenInvitation } from './invitations.js';

export interface InvitationPreview {
  store: { name: string };
  role: Role;
  integrations: boolean;
  expires_at: number;
}

export async function previewInvitation(db: Db, clock: Clock, token: string): Promise<Outcome<InvitationPreview, 'invitation_invalid'>> {
  const invitation = await findOpenInvitation(db, clock, token);
  if (!invitation) return refuse('invitation_invalid', 'the invitation is unknown, used, revoked or expired');
  return succeed({ store: { name: invitation.store_name }, role: invitation.role, integrations: invitation.integrations === 1, expires_at: invitation.expires_at });
}
