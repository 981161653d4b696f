// The CS rotation's routes (docs/dashboard.md, "CS rotation"): its settings for the owner and
// admins (`orders:all`, who assign orders), and each member's own duty.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';
import { withOrdersToday } from './orders-today.js';
import { readRotation, saveRotation, setOwnDuty } from './rotation-settings.js';
import { DutyBody, PutRotationBody, RotationBody } from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Rotation'];
const MANAGERS = 'Owner and admins (`orders:all`): 403 `forbidden` for a CS.';

/** The texts of the settings' fields the schema refuses. */
function rotationFieldText(path: string): string | undefined {
  if (path === 'mode') return DASHBOARD_FIELD_TEXT.rotationMode;
  if (/^members\.\d+\.weight$/.test(path)) return DASHBOARD_FIELD_TEXT.rotationWeight;
  if (/^members\.\d+\.user_id$/.test(path)) return DASHBOARD_FIELD_TEXT.rotationMember;
  return undefined;
}

export function rotationDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const errors = (...codes: DashboardErrorCode[]) => dashboardErrors([...codes, ...SESSION_CODES, ...COMMON_CODES]);

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/rotation',
    access: 'orders:all',
    contract: {
      operationId: 'getRotation',
      summary: 'The CS rotation: its mode, sticky buyers, its members with their weights and duty, and the store\'s other members',
      description: `${MANAGERS} A store that never saved its rotation answers mode \`off\` with nobody in it. Each member's \`orders_today\`: the orders created since midnight in the store's time zone that are assigned to them now.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The rotation.', RotationBody), ...errors('forbidden') },
    },
    handler: async ({ session }) => ({ status: 200, body: await withOrdersToday(ctx.db, session.tenantId, await readRotation(ctx.db, session.tenantId), ctx.clock.now(), ctx.config.timeZone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'PUT',
    url: '/dashboard/api/rotation',
    access: 'orders:all',
    fieldText: rotationFieldText,
    contract: {
      operationId: 'putRotation',
      summary: 'Save the CS rotation (the whole of it: the members listed are the rotation)',
      description:
        `${MANAGERS} Any member of the store may be in it. 422 \`invalid_request\` with \`fields\` (\`mode\`, \`members.N.user_id\` for a user who is not a member or is listed twice, ` +
        '`members.N.weight` outside 1-10). A change of the mode, the members, a weight or a duty starts a new cycle; a change of `sticky` alone does not. Answers the rotation as GET does.',
      tags: TAGS,
      security: SESSION,
      body: PutRotationBody,
      response: { 200: jsonResponse('The rotation saved.', RotationBody), ...errors('forbidden', 'invalid_request', ...WRITE_CODES) },
    },
    handler: async ({ body, session }) => {
      const saved = await ctx.writeTransaction((tx) => saveRotation(tx, session.tenantId, body, ctx.clock.now()));
      if (!saved.ok) {
        return invalid(
          Object.fromEntries(Object.entries(saved.fields).map(([path, why]) => [path, why === 'duplicate' ? DASHBOARD_FIELD_TEXT.rotationDuplicate : DASHBOARD_FIELD_TEXT.rotationMember])),
        );
      }
      return { status: 200, body: await withOrdersToday(ctx.db, session.tenantId, saved.value, ctx.clock.now(), ctx.config.timeZone) };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'PUT',
    url: '/dashboard/api/me/duty',
    access: 'member',
    contract: {
      operationId: 'putOwnDuty',
      summary: 'Go on or off duty in the store\'s CS rotation (one\'s own)',
      description:
        'Any member who is in the rotation: off duty, they get no new orders. A change starts a new cycle. 409 `not_in_rotation` for a member the owner or an admin has not put in the rotation.',
      tags: TAGS,
      security: SESSION,
      body: DutyBody,
      response: { 200: jsonResponse('The duty now.', DutyBody), ...errors('invalid_request', 'not_in_rotation', ...WRITE_CODES) },
    },
    handler: async ({ body, session }) => {
      const set = await ctx.writeTransaction((tx) => setOwnDuty(tx, session.tenantId, session.userId, body.on_duty));
      return set.ok ? { status: 200, body: set.value } : dashboardFailure(set.code);
    },
  });
}
