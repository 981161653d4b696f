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
export const InviteBody = Type.Object({ role: Type.Union([Type.Literal('admin'), Type.Literal('cs')]), integrations: Type.Boolean() }, { additionalProperties: false });
export const InvitationCreated = Type.Object({ id: Id, invite_url: Type.String(), expires_at: Timestamp }, { additionalProperties: false });
export const Invitation = Type.Object({ id: Id, role: RoleSchema, integrations: Type.Boolean(), created_at: Timestamp, expires_at: Timestamp }, { additionalProperties: false });
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
