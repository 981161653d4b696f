// TypeBox contracts of an order's flags as the list and the order's page show them (issue 43 §1),
// apart from risk-schemas.ts so that the order's schemas import nothing that imports them.
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../lib/http/schema-parts.js';
import { FLAGS } from './flags.js';

const literals = (values: readonly string[], description: string) => Type.Union(values.map((v) => Type.Literal(v)), { description });

export const FlagName = literals(
  FLAGS,
  '`duplicate`: the same phone ordered the same product within 24 hours; `cod_risk`: a COD order of a phone with returned parcels, or with an address under 15 characters; `burst`: more orders from one phone (or, on the form, one IP) within an hour than the store allows; `not_whatsapp`: the messaging provider answered that the number is not on WhatsApp; `blocked`: an order entered by hand or by the CLI from a blocked phone.',
);

export const OrderFlag = Type.Object(
  {
    flag: FlagName,
    reason: Type.String({ description: 'Why, in Indonesian, as the order was judged when the flag was raised.' }),
    related_order_id: Nullable(Type.Integer({ ...Id, description: 'A duplicate: the earlier order it repeats.' })),
    created_at: Timestamp,
    dismissed_at: Nullable(Timestamp),
    dismissed_by: Nullable(Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);

