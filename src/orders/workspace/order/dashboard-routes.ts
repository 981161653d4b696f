// One order in the dashboard (issue 32 §2-§5; docs/dashboard.md, "Orders"): its page, its status
// moves, the edit of its buyer, courier and resi, its internal notes, and the assignment of
// orders to a CS. Every member works the orders they see: owners and admins (`orders:all`) every
// order of the store, a CS (`orders:assigned`) the orders assigned to them (order-scope.ts); an
// order outside the member's scope answers 404 `order_not_found`, as another store's does.
// The list and its counts are dashboard-list-routes.ts.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../../../dashboard/contract.js';
import { dashboardRoute, invalid, type Answer } from '../../../dashboard/route.js';
import { dashboardFailure } from '../../../lib/http/failures.js';
import { BUYER_FIELD_TEXT, DASHBOARD_FIELD_TEXT, phoneFieldText } from '../../../lib/http/messages.js';
import type { Session } from '../../../sessions/require-session.js';
import { addNote } from './add-note.js';
import { assigneeOf, assignOrders } from '../../core/assign-orders.js';
import { JOB_ANSWER, startBulkJob, SYNC_MAX_ORDERS } from '../bulk/bulk-jobs.js';
import { JobStartedBody } from '../bulk/job-schemas.js';
import { AssignBody } from '../bulk/bulk-schemas.js';
import { CHOSEN_ORDERS, CHOSEN_ORDERS_CODES, chosenOrders } from '../bulk/chosen-orders.js';
import { followUpOrder, previewFollowUps } from './follow-up-order.js';
import { AssigneesBody, AssignResultBody, EditOrderBody, FollowUpAnswer, FollowUpBody, FollowUpPreviews, NoteBody, MovedOrderBody, OrderIdParams, OrderNote, OrderPageBody, StatusMoveBody } from './dashboard-schemas.js';
import { editOrder, type EditField } from './edit-order.js';
import { listAssignees } from './list-assignees.js';
import { memberActor } from '../../core/member-actor.js';
import { moveOrderStatus } from './move-order-status.js';
import { moverOf, orderScopeOf } from '../../core/order-scope.js';
import { readOrderPage } from './read-order-page.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Orders'];
const SCOPE =
  'Any member: owners and admins see every order of the store, a CS only the orders assigned to them; any other order, of this store or another, is 404 `order_not_found` (an id not written as a positive integer: 404 `not_found`).';
// `not_found`: a path id not written as a positive integer (route.ts's one path-id rule).
const READ = [...SESSION_CODES, ...COMMON_CODES, 'order_not_found', 'not_found'] as const;
const WRITE = [...READ, ...WRITE_CODES, 'invalid_request'] as const;

const EDIT_FIELD_TEXT: Record<EditField, string> = {
  ...BUYER_FIELD_TEXT,
  courier: DASHBOARD_FIELD_TEXT.courier,
  resi: DASHBOARD_FIELD_TEXT.resi,
};

export function orderDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const serverZone = ctx.config.timeZone;
  const who = (session: Session) => ({ scope: orderScopeOf(session), mover: moverOf(session) });

  /** The order's page after a change, as GET answers it (with `extra` beside `order`). */
  async function page(session: Session, orderId: number, extra: Record<string, unknown> = {}): Promise<Answer> {
    const { scope, mover } = who(session);
    const read = await readOrderPage(ctx.db, session.tenantId, orderId, scope, mover, serverZone);
    return read.ok ? { status: 200, body: { order: read.value, ...extra } } : dashboardFailure(read.code);
  }

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/:id',
    access: 'member',
    contract: {
      operationId: 'getOrder',
      summary: 'One order: everything it holds, its history newest first and its internal notes',
      description: `${SCOPE} Times in the server's TZ, as every time of the dashboard's JSON. \`moves\` lists the status moves this member may make now. An order placed before orders recorded their creation ends its history with a \`synthesized\` creation entry from its created_at.`,
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      response: { 200: jsonResponse('The order.', OrderPageBody), ...dashboardErrors(READ) },
    },
    handler: ({ session, params }) => page(session, params.id),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/status',
    access: 'member',
    contract: {
      operationId: 'moveOrderStatus',
      summary: "Move the order's status as the status moves table allows this member",
      description:
        `${SCOPE} One transaction: the move with its \`order.status_changed\` event (source \`dashboard\`, without the integration fields) and history entry naming the member, the resi sent along, and the reason, each its own entry. ` +
        'A move the table does not allow this member (or no move at all): 409 `status_move_not_allowed` with `allowed`, where they may move it instead. Paid to shipped without a resi (sent, or already on the order): 422 `resi_required`; a move that undoes without `reason`: 422 `reason_required`. ' +
        '`expected_status` other than the order\'s status, or a change by someone else meanwhile: 409 `status_conflict`, and nothing changes. ' +
        'An order already in `status` (a repeat of the move: a double press, a retry) is a success that writes nothing (no event, no history, no resi or reason), `changed: false`, checked before `expected_status`. Answers the order as GET does, with `changed`.',
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      body: StatusMoveBody,
      response: {
        200: jsonResponse('The moved order.', MovedOrderBody),
        ...dashboardErrors([...WRITE, 'status_move_not_allowed', 'status_conflict', 'resi_required', 'reason_required']),
      },
    },
    handler: async ({ session, params, body }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const moved = await ctx.writeTransaction((tx) => moveOrderStatus(tx, ctx, session.tenantId, params.id, { ...who(session), actor }, body));
      if (!moved.ok) {
        if (moved.code === 'invalid_resi') return invalid({ resi: DASHBOARD_FIELD_TEXT.resi });
        return dashboardFailure(moved.code, moved.allowed ? { allowed: moved.allowed } : {});
      }
      return page(session, params.id, { changed: moved.value.changed });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/orders/:id',
    access: 'member',
    contract: {
      operationId: 'editOrder',
      summary: "Edit the buyer's name, phone, email and address, the courier and the resi",
      description:
        `${SCOPE} The buyer's fields keep the order form's rules (the phone an Indonesian mobile number, stored normalised; the province one of the 38); a field that breaks its rule is named in \`fields\` (422 \`invalid_request\`) and nothing changes. ` +
        'No price, fee or total changes. Each changed field is a history entry with its old and new values; values equal to the order\'s write nothing. Answers the order as GET does.',
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      body: EditOrderBody,
      response: { 200: jsonResponse('The order.', OrderPageBody), ...dashboardErrors(WRITE) },
    },
    handler: async ({ session, params, body }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const edited = await ctx.writeTransaction((tx) => editOrder(tx, ctx.clock, session.tenantId, params.id, { scope: orderScopeOf(session), actor }, body));
      if (!edited.ok) {
        if (edited.code === 'order_not_found') return dashboardFailure('order_not_found');
        return invalid(Object.fromEntries((edited.fields ?? []).map((field) => [field, field === 'customer.phone' ? phoneFieldText(body.customer?.phone, EDIT_FIELD_TEXT[field]) : EDIT_FIELD_TEXT[field]])));
      }
      return page(session, params.id);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/notes',
    access: 'member',
    contract: {
      operationId: 'addOrderNote',
      summary: 'Add an internal note to the order',
      description: `${SCOPE} Seen by the store's members on the order's page only. A blank text: 422 \`invalid_request\` with \`fields.text\`.`,
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      body: NoteBody,
      response: { 201: jsonResponse('The note.', OrderNote), ...dashboardErrors(WRITE) },
    },
    handler: async ({ session, params, body }) => {
      const added = await addNote(ctx.db, ctx.clock, session.tenantId, params.id, { scope: orderScopeOf(session), userId: session.userId }, body, serverZone);
      if (added.ok) return { status: 201, body: added.value };
      return added.code === 'order_not_found' ? dashboardFailure('order_not_found') : invalid({ text: DASHBOARD_FIELD_TEXT.required });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/:id/follow-ups',
    access: 'member',
    contract: {
      operationId: 'previewFollowUps',
      summary: 'The texts each follow-up step that fits the order would open WhatsApp with',
      description: `${SCOPE} What the step chooser shows before a press: the same steps and the same rendering as the press (POST), nothing recorded.`,
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      response: { 200: jsonResponse('The steps and their texts.', FollowUpPreviews), ...dashboardErrors(READ) },
    },
    handler: async ({ session, params }) => {
      const previews = await previewFollowUps(ctx, session.tenantId, params.id, orderScopeOf(session), serverZone);
      return previews.ok ? { status: 200, body: previews.value } : dashboardFailure(previews.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/:id/follow-ups',
    access: 'member',
    contract: {
      operationId: 'followUpOrder',
      summary: "Record a follow-up press and answer the wa.me link that opens the buyer's WhatsApp with the step's text",
      description:
        `${SCOPE} The steps that fit the order's status: \`fu1\`-\`fu4\` while pending, then \`closing\`, \`paid\`, \`shipped\`, \`cancelled\` for those statuses; a completed order and one in \`invalid_no_hp\` have none. Another step: 409 \`follow_up_step_not_available\`. ` +
        "The text is the store's own for the step and the order's payment method (gateway for Midtrans and Xendit, bank_transfer without a method), else the default, rendered for the order. The press is recorded in one transaction: the order's `follow_ups` (count, last step, last time) and a history entry (`follow_up`, the step, who, when). " +
        "A buyer phone that is not an Indonesian number: 422 `buyer_phone_invalid`; the order's status changed meanwhile: 409 `status_conflict`. Nothing is sent: the member's phone opens the link.",
      tags: TAGS,
      security: SESSION,
      params: OrderIdParams,
      body: FollowUpBody,
      response: { 201: jsonResponse('Recorded: the link to open.', FollowUpAnswer), ...dashboardErrors([...WRITE, 'follow_up_step_not_available', 'buyer_phone_invalid', 'status_conflict']) },
    },
    handler: async ({ session, params, body }) => {
      const actor = await memberActor(ctx.db, session.userId);
      const pressed = await followUpOrder(ctx, session.tenantId, params.id, { scope: orderScopeOf(session), actor }, body.step, serverZone);
      return pressed.ok ? { status: 201, body: pressed.value } : dashboardFailure(pressed.code);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/orders/assignees',
    access: 'orders:all',
    contract: {
      operationId: 'listAssignees',
      summary: 'The members an order may be assigned to',
      description:
        "Owners and admins (403 `forbidden` otherwise), who assign while the team list stays the owner's. Every member of the store, as `cs` of the assignment accepts them: CS first, then by name. The name only, as the order's `assigned_to` shows it; no email.",
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The members.', AssigneesBody), ...dashboardErrors([...SESSION_CODES, 'forbidden', ...COMMON_CODES]) },
    },
    handler: async ({ session }) => ({ status: 200, body: { assignees: await listAssignees(ctx.db, session.tenantId) } }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/orders/assign',
    access: 'orders:all',
    contract: {
      operationId: 'assignOrders',
      summary: 'Assign orders to a member (a CS), or unassign them',
      description:
        `Owners and admins (403 \`forbidden\` otherwise). ${CHOSEN_ORDERS} Each order is assigned on its own, in a transaction of its own, and answered in \`results\`: \`changed\`, \`unchanged\` (already so), or \`refused\` with \`code\` \`order_not_found\` (no such order in the store). Each change is a history entry (\`assigned_to\`) naming who assigned. \`cs\` must be a member of the store (422 \`invalid_request\` with \`fields.cs\`); null unassigns. ${JOB_ANSWER} A job reads \`cs\` again for every order: a member who left the store meanwhile receives no more of it (\`not_a_member\`).`,
      tags: TAGS,
      security: SESSION,
      body: AssignBody,
      response: { 200: jsonResponse('What happened to each order, in order.', AssignResultBody), 202: jsonResponse('More than 500 orders: the job that assigns them, queued.', JobStartedBody), ...dashboardErrors([...SESSION_CODES, 'forbidden', ...COMMON_CODES, ...WRITE_CODES, ...CHOSEN_ORDERS_CODES]) },
    },
    handler: async ({ session, body }) => {
      const chosen = await chosenOrders(ctx, session, body);
      if (!chosen.ok) return chosen.failure;
      const actor = await memberActor(ctx.db, session.userId);
      if (chosen.ids.length > SYNC_MAX_ORDERS) {
        if ((await assigneeOf(ctx.db, session.tenantId, body.cs)) === 'not_a_member') return invalid({ cs: DASHBOARD_FIELD_TEXT.notMember });
        const job = await startBulkJob(ctx.db, ctx.clock, session.tenantId, session.userId, { kind: 'assign', cs: body.cs, actor }, chosen.ids);
        return { status: 202, body: { job } };
      }
      const assigned = await assignOrders(ctx, session.tenantId, chosen.ids, body.cs, actor);
      return assigned.ok ? { status: 200, body: { results: assigned.value } } : invalid({ cs: DASHBOARD_FIELD_TEXT.notMember });
    },
  });
}
