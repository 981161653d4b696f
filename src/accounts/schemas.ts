// TypeBox contracts of the accounts routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { PERMISSIONS, ROLES } from '../sessions/permissions.js';

export const Id = Type.Integer({ minimum: 1 });
export const RoleSchema = Type.Union(ROLES.map((role) => Type.Literal(role)));

export const MeBody = Type.Object(
  {
    user: Type.Object({ id: Id, name: Type.String(), email: Type.String() }, { additionalProperties: false }),
    store: Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false }),
    role: RoleSchema,
    permissions: Type.Array(Type.Union(PERMISSIONS.map((p) => Type.Literal(p)))),
    stores: Type.Array(Type.Object({ id: Id, name: Type.String(), role: RoleSchema }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
