// The team routes of the dashboard's interface (docs/dashboard.md): owner only (team:manage),
// except accepting an invitation and using a reset link.
import { succeed } from '../lib/outcome.js';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, SET_COOKIE, WRITE_CODES, dashboardErrors, jsonResponse, noContent } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal, invalid } from '../dashboard/route.js';
import { emailRefusal, passwordRefusal } from '../accounts/field-refusals.js';
import { hashPassword } from '../accounts/hash-password.js';
import { meAnswer } from '../accounts/me-answer.js';
import { startSession } from '../sessions/start-session.js';
import { MeBody } from '../accounts/schemas.js';
import { InvitationTaken, acceptInvitation, createInvitation, listInvitations, revokeInvitation } from './invitations.js';
import { inviteUrl, resetUrl } from './links.js';
import { previewInvitation } from './preview-invitation.js';
import { memberActor } from '../orders/core/member-actor.js';
import { changeMember, createResetLink, findReset, listTeam, removeMember, useReset } from './members.js';
import {
  AcceptBody,
  ChangeMemberBody,
  IdParams,
  InvitationCreated,
  InvitationsBody,
  InvitationPreviewBody,
  InviteBody,
  PreviewBody,
  ResetBody,
  ResetCreated,
  TeamBody,
  UserParams,
} from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const iso = (ms: number) => new Date(ms).toISOString();

export function teamRoutes(app: FastifyInstance, ctx: AppContext): void {
  const errors = (...codes: DashboardErrorCode[]) => dashboardErrors([...codes, ...SESSION_CODES, 'forbidden', ...COMMON_CODES]);
  const OWNER = 'Owner only (`team:manage`): 403 `forbidden` for other roles.';

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/team',
    access: 'team:manage',
    contract: { operationId: 'listTeam', summary: 'The store\'s members', description: OWNER, tags: ['Team'], security: SESSION, response: { 200: jsonResponse('The members.', TeamBody), ...errors() } },
    handler: async ({ session }) => ({
      status: 200,
      body: { members: (await listTeam(ctx.db, session.tenantId)).map((m) => ({ ...m, joined_at: iso(m.joined_at) })) },
    }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/team/invitations',
    access: 'team:manage',
    contract: {
      operationId: 'createInvitation',
      summary: 'Invite a member: a single-use link, valid 7 days, shown once',
      description: `${OWNER} The link is \`PUBLIC_URL/dashboard/invite?token=...\`; only its SHA-256 is stored. \`integrations\` applies to an admin only. \`name\` and \`whatsapp_number\` (optional) say whom it is for, as the open invitations show; a number that is not an Indonesian phone number: 422 \`fields.whatsapp_number\`.`,
      tags: ['Team'],
      security: SESSION,
      body: InviteBody,
      response: { 201: jsonResponse('The link, shown this once.', InvitationCreated), ...errors('invalid_request', ...WRITE_CODES) },
    },
    handler: async ({ body, session }) => {
      const created = await createInvitation(ctx.db, ctx.clock, session.tenantId, session.userId, body);
      if (!created.ok) return invalid({ whatsapp_number: DASHBOARD_FIELD_TEXT.whatsappNumber });
      return { status: 201, body: { id: created.value.id, invite_url: inviteUrl(ctx.config.publicUrl, created.value.token), expires_at: iso(created.value.expiresAt), whatsapp_number: created.value.whatsappNumber } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/team/invitations',
    access: 'team:manage',
    contract: { operationId: 'listInvitations', summary: 'Open invitations (not accepted, revoked or expired); never their links', description: OWNER, tags: ['Team'], security: SESSION, response: { 200: jsonResponse('The open invitations.', InvitationsBody), ...errors() } },
    handler: async ({ session }) => ({
      status: 200,
      body: { invitations: (await listInvitations(ctx.db, ctx.clock, session.tenantId)).map((i) => ({ ...i, created_at: iso(i.created_at), expires_at: iso(i.expires_at) })) },
    }),
  });

  dashboardRoute(app, ctx, {
    method: 'DELETE',
    url: '/dashboard/api/team/invitations/:id',
    access: 'team:manage',
    contract: { operationId: 'revokeInvitation', summary: 'Revoke an open invitation', description: `${OWNER} 404 for an invitation of another store, or one no longer open.`, tags: ['Team'], security: SESSION, params: IdParams, response: { 204: noContent('Revoked.'), ...errors('not_found', ...WRITE_CODES) } },
    handler: async ({ params, session }) => {
      const revoked = await revokeInvitation(ctx.db, ctx.clock, session.tenantId, params.id);
      return revoked.ok ? { status: 204 } : fromRefusal(revoked, { invitation_not_found: 'not_found' });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/invitations/preview',
    access: 'public',
    contract: {
      operationId: 'previewInvitation',
      summary: 'What an invitation link opens: the store, the role, the integrations permission, the expiry',
      description:
        'No session needed. The token travels in the body, so it never lands in a URL log. ' +
        'Anything but an open invitation (unknown, accepted, revoked, expired) gets 404 `invitation_invalid`, the answer accepting it would get.',
      tags: ['Team'],
      security: [],
      body: PreviewBody,
      response: { 200: jsonResponse('The open invitation.', InvitationPreviewBody), ...dashboardErrors(['invalid_request', 'invitation_invalid', ...WRITE_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ body }) => {
      const preview = await previewInvitation(ctx.db, ctx.clock, body.token);
      if (!preview.ok) return dashboardFailure(preview.code);
      return { status: 200, body: { ...preview.value, expires_at: iso(preview.value.expires_at) } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/invitations/accept',
    access: 'optional',
    contract: {
      operationId: 'acceptInvitation',
      summary: 'Accept an invitation',
      description:
        'With a session: send only the token; the user joins the store. Without one: token, name, email and password create a new user. ' +
        'Never changes an existing user: an email that has an account gets 409 `email_registered` (log in, then accept with the token). ' +
        'Answers /me of the store joined, with a new session cookie.',
      tags: ['Team'],
      security: [{}, { [SESSION_SCHEME]: [] }],
      body: AcceptBody,
      response: { 200: jsonResponse('Joined: /me of the store, and a session cookie.', MeBody, { 'Set-Cookie': SET_COOKIE }), ...dashboardErrors(['invalid_request', 'invitation_invalid', 'email_registered', 'already_member', 'store_changed', 'busy', ...WRITE_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ body, session }) => {
      let as: { userId: number } | { name: string; email: string; passwordHash: string };
      if (session) {
        as = { userId: session.userId };
      } else {
        const missing = Object.fromEntries((['name', 'email', 'password'] as const).filter((f) => body[f] === undefined).map((f) => [f, DASHBOARD_FIELD_TEXT.required]));
        if (Object.keys(missing).length > 0) return invalid(missing);
        const refused = emailRefusal('email', body.email!) ?? passwordRefusal('password', body.password!, body.email!);
        if (refused) return refused;
        const hashed = await hashPassword(ctx.passwordHasher, body.password!);
        if (!hashed.ok) return dashboardFailure(hashed.code, { retryAfter: hashed.retryAfter });
        as = { name: body.name!, email: body.email!, passwordHash: hashed.value };
      }
      let accepted;
      try {
        accepted = await ctx.writeTransaction(async (tx) => {
          const joined = await acceptInvitation(tx, ctx.clock, body.token, as);
          if (!joined.ok) return joined;
          return succeed({ ...joined.value, cookie: await startSession(ctx, tx, joined.value.tenantId, joined.value.userId) });
        });
      } catch (error) {
        if (error instanceof InvitationTaken) return dashboardFailure('invitation_invalid');
        throw error;
      }
      if (!accepted.ok) return dashboardFailure(accepted.code);
      const { tenantId, userId, cookie } = accepted.value;
      return meAnswer(ctx, tenantId, userId, 200, cookie);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/team/:user_id',
    access: 'team:manage',
    contract: {
      operationId: 'changeMember',
      summary: 'Change a member\'s role (and an admin\'s integrations permission)',
      description: `${OWNER} Ends every session of that member. 409 \`last_owner\` when it would leave the store without an owner.`,
      tags: ['Team'],
      security: SESSION,
      params: UserParams,
      body: ChangeMemberBody,
      response: { 204: noContent('Changed.'), ...errors('invalid_request', 'not_found', 'last_owner', ...WRITE_CODES) },
    },
    handler: async ({ params, body, session }) => {
      const changed = await ctx.writeTransaction((tx) => changeMember(tx, session.tenantId, params.user_id, body));
      if (!changed.ok) return fromRefusal(changed, { member_not_found: 'not_found', last_owner: 'last_owner' });
      ctx.sessionSignals.changed(params.user_id);
      return { status: 204 };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'DELETE',
    url: '/dashboard/api/team/:user_id',
    access: 'team:manage',
    contract: {
      operationId: 'removeMember',
      summary: 'Remove a member from the store',
      description: `${OWNER} Ends every session of that member (their next request, in any process, gets 401), and unassigns their orders, each with a history entry. 409 \`last_owner\` for the store's last owner.`,
      tags: ['Team'],
      security: SESSION,
      params: UserParams,
      response: { 204: noContent('Removed.'), ...errors('not_found', 'last_owner', ...WRITE_CODES) },
    },
    handler: async ({ params, session }) => {
      const by = await memberActor(ctx.db, session.userId);
      const removed = await ctx.writeTransaction((tx) => removeMember(tx, ctx.clock, session.tenantId, params.user_id, by));
      if (!removed.ok) return fromRefusal(removed, { member_not_found: 'not_found', last_owner: 'last_owner' });
      ctx.sessionSignals.changed(params.user_id);
      return { status: 204 };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/team/:user_id/password-reset',
    access: 'team:manage',
    contract: {
      operationId: 'createPasswordReset',
      summary: 'A password-reset link for a member (single use, 24 hours), shown once',
      description: `${OWNER} The link is \`PUBLIC_URL/dashboard/reset-password?token=...\`. 403 \`member_in_other_store\` for a member who belongs to another store too.`,
      tags: ['Team'],
      security: SESSION,
      params: UserParams,
      response: { 201: jsonResponse('The link, shown this once.', ResetCreated), ...errors('not_found', 'member_in_other_store', ...WRITE_CODES) },
    },
    handler: async ({ params, session }) => {
      const link = await createResetLink(ctx.db, ctx.clock, session.tenantId, params.user_id);
      if (!link.ok) return fromRefusal(link, { member_not_found: 'not_found', member_in_other_store: 'member_in_other_store' });
      return { status: 201, body: { reset_url: resetUrl(ctx.config.publicUrl, link.value.token), expires_at: iso(link.value.expiresAt) } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/password-reset',
    access: 'public',
    contract: {
      operationId: 'resetPassword',
      summary: 'Set a new password with a reset link\'s token',
      description: 'Single use. Ends every session of the user. 404 `reset_invalid` for a token that is unknown, used or expired.',
      tags: ['Accounts'],
      security: [],
      body: ResetBody,
      response: { 204: noContent('Password set; log in with it.'), ...dashboardErrors(['invalid_request', 'reset_invalid', 'busy', ...WRITE_CODES, ...COMMON_CODES]) },
    },
    handler: async ({ body }) => {
      const reset = await findReset(ctx.db, ctx.clock, body.token);
      if (!reset) return dashboardFailure('reset_invalid');
      const refused = passwordRefusal('password', body.password, reset.email);
      if (refused) return refused;
      const hashed = await hashPassword(ctx.passwordHasher, body.password);
      if (!hashed.ok) return dashboardFailure(hashed.code, { retryAfter: hashed.retryAfter });
      const used = await ctx.writeTransaction((tx) => useReset(tx, ctx.clock, reset.id, reset.userId, hashed.value));
      if (!used.ok) return dashboardFailure('reset_invalid');
      ctx.sessionSignals.changed(reset.userId);
      return { status: 204 };
    },
  });
}
