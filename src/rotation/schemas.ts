// TypeBox contracts of the CS rotation's routes (openapi/dashboard.json).
import { Type } from 'typebox';
import { Id, RoleSchema } from '../accounts/schemas.js';
import { ROTATION_MODES } from './rotation-settings.js';

export const MAX_ROTATION_MEMBERS = 100;

const Mode = Type.Union(ROTATION_MODES.map((m) => Type.Literal(m)), {
  description: '`off`: new orders are not assigned; `round_robin`: in turn; `weighted`: in turn by weight (smooth weighted round-robin, exact over every cycle).',
});
const Sticky = Type.Boolean({ description: 'A returning buyer (same phone, an order in the last 90 days) goes to the member who has their latest order, when that member is on duty.' });
const Weight = Type.Integer({ minimum: 1, maximum: 10, description: 'Orders of a cycle, against the others\' weights (`weighted` only; `round_robin` counts every member as 1).' });
const OnDuty = Type.Boolean({ description: 'Off duty: gets no new orders.' });

export const RotationBody = Type.Object(
  {
    mode: Mode,
    sticky: Sticky,
    members: Type.Array(
      Type.Object(
        {
          user_id: Id,
          name: Type.String(),
          role: RoleSchema,
          weight: Weight,
          on_duty: OnDuty,
          orders_today: Type.Integer({ minimum: 0, description: "The orders created today (since midnight in the store's time zone) that are assigned to this member now." }),
        },
        { additionalProperties: false },
      ),
      { description: 'In the rotation, by user id.' },
    ),
    others: Type.Array(Type.Object({ user_id: Id, name: Type.String(), role: RoleSchema }, { additionalProperties: false }), {
      description: 'The store\'s members not in the rotation.',
    }),
  },
  { additionalProperties: false },
);

export const PutRotationBody = Type.Object(
  {
    mode: Mode,
    sticky: Sticky,
    members: Type.Array(Type.Object({ user_id: Id, weight: Weight, on_duty: OnDuty }, { additionalProperties: false }), { maxItems: MAX_ROTATION_MEMBERS }),
  },
  { additionalProperties: false },
);

export const DutyBody = Type.Object({ on_duty: OnDuty }, { additionalProperties: false });
