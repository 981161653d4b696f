// TypeBox contracts of the team routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { EMAIL, Id, PASSWORD, RoleSchema } from '../accounts/schemas.js';

const Timestamp = Type.String({ description: 'ISO 8601 timestamp (UTC).' });
const Token = Type.String({ minLength: 1, maxLength: 200 });

export const Member = Type.Object(
  { user_id: Id, name: Type.String(), email: Type.String(), role: RoleSchema, integrations: Type.Boolean(), joined_at: Timestamp },
  { additionalProperties: false },
);
export const TeamBody = Type.Object({ members: Type.Array(Member) }, { additionalProperties: false });
const InviteeName = Type.String({ maxLength: 100, description: 'Whom it is for, as the owner calls them (shown with the open invitations only).' });
const InviteeNumber = Type.String({ maxLength: 30, description: 'The WhatsApp number the link is sent to, in any written form; stored 62....' });
export const InviteBody = Type.Object(
  {
    role: Type.Union([Type.Literal('admin'), Type.Literal('cs')]),
    integrations: Type.Boolean(),
    name: Type.Optional(Type.Union([InviteeName, Type.Null()])),
    whatsapp_number: Type.Optional(Type.Union([InviteeNumber, Type.Null()])),
  },
  { additionalProperties: false },
);
export const InvitationCreated = Type.Object(
  {
    id: Id,
    invite_url: Type.String(),
    expires_at: Timestamp,
    whatsapp_number: Type.Union([Type.String(), Type.Null()], { description: 'The number given, as stored (62...): the link to send it there is wa.me/{number}; null when none was given.' }),
  },
  { additionalProperties: false },
);
export const Invitation = Type.Object(
  {
    id: Id,
    role: RoleSchema,
    integrations: Type.Boolean(),
    created_at: Timestamp,
    expires_at: Timestamp,
    name: Type.Union([Type.String(), Type.Null()], { description: 'Whom it is for, as the owner said; null when not said.' }),
    whatsapp_number: Type.Union([Type.String(), Type.Null()], { description: 'The WhatsApp number it was sent to (62...); null when not said.' }),
  },
  { additionalProperties: false },
);
export const InvitationsBody = Type.Object({ invitations: Type.Array(Invitation) }, { additionalProperties: false });
export const IdParams = Type.Object({ id: Id });
export const UserParams = Type.Object({ user_id: Id });
export const ChangeMemberBody = Type.Object({ role: RoleSchema, integrations: Type.Boolean() }, { additionalProperties: false });
export const AcceptBody = Type.Object(
  { token: Token, name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' })), email: Type.Optional(EMAIL), password: Type.Optional(PASSWORD) },
  { additionalProperties: false },
);
export const ResetCreated = Type.Object({ reset_url: Type.String(), expires_at: Timestamp }, { additionalProperties: false });
export const ResetBody = Type.Object({ token: Token, password: PASSWORD }, { additionalProperties: false });
export const PreviewBody = Type.Object({ token: Token }, { additionalProperties: false });
export const InvitationPreviewBody = Type.Object(
  { store: Type.Object({ name: Type.String() }, { additionalProperties: false }), role: RoleSchema, integrations: Type.Boolean(), expires_at: Timestamp },
  { additionalProperties: false },
);
