// The follow-up templates of a store in the dashboard (issue 34 §2; docs/dashboard.md,
// "Follow-ups"): read every step's texts and defaults, and replace one step's three texts.
// Owners and admins (settings:manage); a CS sends the rendered texts through the order's
// follow-up press and has no need of the sources (docs/decisions.md).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { METHOD_KINDS, type MethodKind } from './follow-up-steps.js';
import { StepParams, StepTemplatesBody, StepTextsBody, TemplatesBody } from './schemas.js';
import { readStoreTemplates, saveStepTexts, unknownPlaceholderInTexts } from './store-templates.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Settings'];
const MANAGE = 'Owner or admin (settings:manage); a CS: 403 `forbidden`.';
const READ_CODES = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;

export function templateDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/templates',
    access: 'settings:manage',
    contract: {
      operationId: 'listTemplates',
      summary: "The follow-up messages' texts of the store, per step and payment method, with the defaults",
      description: `${MANAGE} A store that never changed a text has the defaults (\`texts\` null).`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('Every step.', TemplatesBody), ...dashboardErrors(READ_CODES) },
    },
    handler: async ({ session }) => ({ status: 200, body: await readStoreTemplates(ctx.db, session.tenantId) }),
  });

  dashboardRoute(app, ctx, {
    method: 'PUT',
    url: '/dashboard/api/templates/:step',
    access: 'settings:manage',
    // A text the schema refused is too long (or not text): say its limit.
    fieldText: (path) => (METHOD_KINDS.includes(path as MethodKind) ? DASHBOARD_FIELD_TEXT.followUpText : undefined),
    contract: {
      operationId: 'saveTemplate',
      summary: "Replace a follow-up step's three texts (bank transfer, COD, gateway)",
      description:
        `${MANAGE} An unknown step: 404 \`not_found\`. Each text at most 1,000 characters (WhatsApp's limit is 1,024), line breaks and emoji kept; null or blank: back to the default. ` +
        'A placeholder no renderer fills: 422 `unknown_placeholder` with `field` (the payment method), `unknown` and `accepted`; nothing is saved.',
      tags: TAGS,
      security: SESSION,
      params: StepParams,
      body: StepTextsBody,
      response: { 200: jsonResponse('Saved: the step as GET shows it.', StepTemplatesBody), ...dashboardErrors([...READ_CODES, ...WRITE_CODES, 'not_found', 'invalid_request', 'unknown_placeholder']) },
    },
    handler: async ({ session, params, body }) => {
      const unknown = unknownPlaceholderInTexts(body);
      if (unknown) return dashboardFailure('unknown_placeholder', { placeholders: unknown });
      const saved = await ctx.writeTransaction((tx) => saveStepTexts(tx, ctx.clock.now(), session.tenantId, params.step, body));
      return { status: 200, body: saved };
    },
  });
}
