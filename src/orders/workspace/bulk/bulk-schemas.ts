// TypeBox contracts of the bulk actions on orders (openapi/dashboard.json; issue 33 §1): the
// orders chosen by their ids or by a view of the list (its query), never both.
import { Type } from 'typebox';
import { Id, Nullable } from '../../../lib/http/schema-parts.js';
import { MAX_ASSIGN_IDS } from '../../core/assign-orders.js';
import { MAX_BULK_IDS } from './bulk-status.js';
import { StatusMoveBody } from '../order/dashboard-schemas.js';
import { ViewQuery } from '../list/list-schemas.js';

const ids = (max: number) =>
  Type.Optional(Type.Array(Id, { minItems: 1, maxItems: max, description: `1 to ${max} order ids; exactly one of \`ids\` and \`query\`.` }));
// The view's own description says what it is; the routes say what more than MAX_VIEW_ORDERS answers.
const query = Type.Optional(ViewQuery);

export const BulkStatusBody = Type.Object({ ids: ids(MAX_BULK_IDS), query, ...StatusMoveBody.properties }, { additionalProperties: false });

const Outcome = Type.Union([Type.Literal('changed'), Type.Literal('unchanged'), Type.Literal('refused')]);
const Count = Type.Integer({ minimum: 0 });

export const BulkStatusResultBody = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          id: Id,
          outcome: Outcome,
          code: Type.Optional(
            Type.Union(['order_not_found', 'status_move_not_allowed', 'status_conflict', 'resi_required', 'reason_required'].map((code) => Type.Literal(code)), {
              description: 'Why the order was refused: as its own status move would answer.',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'One per order: the ids in the order sent; a view newest first.' },
    ),
    changed: Count,
    unchanged: Count,
    refused: Count,
  },
  { additionalProperties: false },
);

export const AssignBody = Type.Object(
  {
    ids: ids(MAX_ASSIGN_IDS),
    query,
    cs: Nullable(Type.Integer({ ...Id, description: 'A member of the store; null unassigns.' })),
  },
  { additionalProperties: false },
);
