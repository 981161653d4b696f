// TypeBox contracts of the bulk jobs (issue 40 §5; openapi/dashboard.json): a bulk action over
// more than 500 orders answers 202 with its job, read and cancelled under /dashboard/api/jobs.
import { Type } from 'typebox';
import { Id, Nullable, Timestamp } from '../../../lib/http/schema-parts.js';
import { JOB_ERRORS_KEPT, JOB_KINDS, JOB_STATES, SYNC_MAX_ORDERS } from './bulk-jobs.js';

const Count = Type.Integer({ minimum: 0 });
const literals = (values: readonly string[], description: string) => Type.Union(values.map((v) => Type.Literal(v)), { description });

export const JobStartedBody = Type.Object(
  {
    job: Type.Object(
      { id: Id, state: Type.Literal('queued'), total: Type.Integer({ minimum: SYNC_MAX_ORDERS + 1, description: 'The orders chosen.' }) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const Job = Type.Object(
  {
    id: Id,
    kind: literals(JOB_KINDS, '`bulk_status`: POST /dashboard/api/orders/bulk-status; `assign`: POST /dashboard/api/orders/assign; `spam`: POST /dashboard/api/orders/bulk-spam.'),
    state: literals(
      JOB_STATES,
      '`queued` (not started yet), `running`, `done` (every order worked), `failed` (stopped by repeated failures of the server; `done` orders stay as they are), `cancelled` (by a member, or because its starter left the store or lost the right to assign).',
    ),
    total: Count,
    done: Type.Integer({ minimum: 0, description: 'Orders worked so far: changed + unchanged + refused.' }),
    changed: Count,
    unchanged: Count,
    refused: Count,
    errors: Type.Array(
      Type.Object(
        {
          id: Id,
          code: literals(
            ['order_not_found', 'status_move_not_allowed', 'status_conflict', 'resi_required', 'reason_required', 'not_a_member'],
            "Why the order was refused: as its own move or assignment would answer; `not_a_member`: the CS of an assignment left the store meanwhile.",
          ),
        },
        { additionalProperties: false },
      ),
      { maxItems: JOB_ERRORS_KEPT, description: `The first ${JOB_ERRORS_KEPT} refused orders, in the order worked.` },
    ),
    created_at: Timestamp,
    started_at: Nullable(Timestamp),
    finished_at: Nullable(Timestamp),
    started_by: Type.Object({ id: Id, name: Type.String() }, { additionalProperties: false, description: 'The member who started it, named as on an order.' }),
  },
  { additionalProperties: false },
);

export const JobBody = Type.Object({ job: Job }, { additionalProperties: false });
export const JobsBody = Type.Object({ jobs: Type.Array(Job, { description: 'Newest first, at most 100.' }) }, { additionalProperties: false });
export const JobIdParams = Type.Object({ id: Id }, { additionalProperties: false });
