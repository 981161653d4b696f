import type { Kysely } from 'kysely';

// Whom an invitation is for (issue 40 §4): the name the owner gave and the WhatsApp number the link
// was sent to (62..., normalised as a member's own number), so the open invitations say whom each
// one waits for. Both optional: invitations made before, and ones without either, show neither.
// Additive only.
export function invitationInvitee() {
  return async function up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('invitations').addColumn('invitee_name', 'text').execute();
    await db.schema.alterTable('invitations').addColumn('invitee_whatsapp', 'text').execute();
  };
}
