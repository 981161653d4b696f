// TypeBox contracts of auto-cancel's routes (issue 44 §3; openapi/dashboard.json).
import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AutoCancelBody = Type.Object(
  {
    days: Nullable(Type.Integer({ minimum: 1, maximum: 30 })),
    since: Nullable(Type.String({ description: "When it was last turned on, in the server's time zone; null: off." })),
    cutoff: Nullable(Type.String({ description: 'Orders placed before this moment are the older ones; null: off, or the older ones were included.' })),
    older_pending: Type.Integer({ minimum: 0, description: 'Pending orders placed before the cut-off, which auto-cancel leaves alone until they are included (spam-marked ones among them).' }),
  },
  { additionalProperties: false },
);

export const IncludeOlderBody = Type.Object(
  {
    older_pending: Type.Integer({ minimum: 0, description: 'The count the page showed and the seller confirmed.' }),
    cutoff: Type.String({ minLength: 1, maxLength: 40, description: 'The cut-off the page showed (GET /dashboard/api/auto-cancel).' }),
  },
  { additionalProperties: false },
);

export const IncludedBody = Type.Object(
  { included: Type.Integer({ minimum: 0, description: 'How many older pending orders are now subject.' }), auto_cancel: AutoCancelBody },
  { additionalProperties: false },
);
