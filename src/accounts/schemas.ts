// TypeBox contracts of the accounts routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { PERMISSIONS, ROLES } from '../lib/permissions.js';
import { PASSWORD_MAX_LENGTH } from './passwords.js';

export const Id = Type.Integer({ minimum: 1 });
export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));

const NAME = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const EMAIL = Type.String({ minLength: 1, maxLength: 254, description: 'An email address; trimmed and lower-cased by the server.' });
export const PASSWORD = Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'At least 10 characters, not equal to the email.' });

export const MeBody = Type.Object(
  {
    user: Type.Object({ id: Id, name: Type.String(), email: Type.String() }, { additionalProperties: false }),
    store: Type.Object(
      { id: Id, name: Type.String(), time_zone: Type.String({ description: "The store's IANA time zone (the server's unless the store chose one): the dashboard displays dates in it." }) },
      { additionalProperties: false },
    ),
    role: RoleSchema,
    permissions: Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p)))),
    stores: Type.Array(Type.Object({ id: Id, name: Type.String(), role: RoleSchema }, { additionalProperties: false })),
    whatsapp_number: Type.Union([Type.String(), Type.Null()], {
      description: "The member's own WhatsApp number in the selected store (international digits, 62...): the thank-you page and the messages of the orders assigned to them send buyers there; null: the store's.",
    }),
  },
  { additionalProperties: false },
);

export const MePatch = Type.Object(
  { whatsapp_number: Type.Union([Type.String({ maxLength: 30, description: 'An Indonesian number in any written form (0812-3456-7890, +62 812 ...).' }), Type.Null()], { description: 'null: none (the store\'s number is used).' }) },
  { additionalProperties: false },
);

export const SignupBody = Type.Object({ store_name: NAME, name: NAME, email: EMAIL, password: PASSWORD }, { additionalProperties: false });
export const LoginBody = Type.Object({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }) }, { additionalProperties: false });
export const StoreBody = Type.Object({ name: NAME }, { additionalProperties: false });
export const StoreParams = Type.Object({ id: Id });
export const CreatedStore = Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false });
export const ChangePasswordBody = Type.Object({ current_password: Type.String({ maxLength: PASSWORD_MAX_LENGTH }), new_password: PASSWORD }, { additionalProperties: false });
