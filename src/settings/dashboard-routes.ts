// The settings routes of the dashboard (docs/dashboard.md, "Settings"). Ordinary settings:
// settings:manage (owner, admin). Bank accounts, gateway credentials and the unique-code
// switch: settings:sensitive (the owner) with the password entered again, each change in the
// audit log. A CS has neither (403 forbidden).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { checkPassword } from '../accounts/check-password.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal, invalid, type Answer } from '../dashboard/route.js';
import { dashboardFailure, type DashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT } from '../lib/http/messages.js';
import { listAudit } from './audit-log.js';
import { previewTemplate, sampleInput } from '../templates/preview-template.js';
import { messageInputOf, newestOrderOfKind } from '../orders/core/message-input.js';
import { EXAMPLE_BUYER_TOKEN, buyerPageUrl, exampleBuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { readSettings } from './read-settings.js';
import { saveSensitiveSettings, changedFields } from './save-sensitive-settings.js';
import { saveSettings, unknownPlaceholderIn, type SaveSettingsCode } from './save-settings.js';
import { AuditList, PreviewAnswer, PreviewBody, SensitivePatch, SettingsBody, SettingsPatch } from './schemas.js';
import { loadStoreSettings } from '../tenants/store-settings.js';
import { parseTimeZone } from '../tenants/store-time-zone.js';
import { AUTO_CANCEL_FIELD_TEXT } from '../orders/auto-cancel/auto-cancel-text.js';
import { cancelAtOf, readAutoCancel } from '../orders/auto-cancel/auto-cancel-settings.js';
import type { MethodKind } from '../templates/follow-up-steps.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Settings'];
const READ_CODES = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;
const WRITE = [...READ_CODES, ...WRITE_CODES] as const;
const MANAGE = 'Owner or admin (settings:manage); a CS: 403 `forbidden`.';
const SENSITIVE = 'The owner only (settings:sensitive; an admin or CS: 403 `forbidden`).';

const field = (name: string) => ({ code: 'invalid_request', field: name }) as const;
const SAVE_REFUSALS = {
  unknown_setting: field('body'),
  invalid_payment_methods: field('payment_methods'),
  invalid_gateway: field('gateway'),
  invalid_bank_accounts: field('bank_accounts'),
  invalid_whatsapp_number: field('whatsapp_number'),
  invalid_sender_address: field('sender_address'),
  phone_letters: field('whatsapp_number'),
  invalid_thank_you_template: field('thank_you_template'),
  invalid_unique_code: field('unique_code'),
  invalid_midtrans_server_key: field('midtrans_server_key'),
  invalid_xendit_secret_key: field('xendit_secret_key'),
  invalid_xendit_callback_token: field('xendit_callback_token'),
  invalid_whatsapp_access_token: field('whatsapp_access_token'),
  invalid_fonnte_token: field('fonnte_token'),
  invalid_store_name: field('store_name'),
  invalid_opening_message_template: field('opening_message_template'),
  invalid_time_zone: field('time_zone'),
  invalid_rates: field('shipping_rates'),
  invalid_auto_cancel_days: field('auto_cancel_days'),
  invalid_courier: field('shipping_rates'),
  invalid_province: field('shipping_rates'),
  invalid_fee: field('shipping_rates'),
  duplicate_rate: field('shipping_rates'),
  tenant_not_found: 'login_required',
} as const satisfies Record<SaveSettingsCode | 'tenant_not_found', ReturnType<typeof field> | 'login_required'>;

const refusal = (refused: { ok: false; code: SaveSettingsCode | 'tenant_not_found'; message: string }): DashboardFailure => fromRefusal(refused, SAVE_REFUSALS);

/**
 * The session user's password, entered again: missing, 403 password_required; wrong, 403
 * wrong_password. The one password check counts it in the login's failure windows, so a
 * taken-over session cannot guess on. Null when it matches.
 */
async function confirmPassword(ctx: AppContext, request: FastifyRequest, userId: number, password: string | undefined): Promise<DashboardFailure | null> {
  if (password === undefined || password === '') return dashboardFailure('password_required');
  const checked = await checkPassword(ctx, { userId }, request.ip, password);
  if (checked.ok) return null;
  return checked.code === 'wrong_password' ? dashboardFailure('wrong_password') : dashboardFailure(checked.code, { retryAfter: checked.retryAfter });
}

export function settingsDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const serverZone = ctx.config.timeZone;
  const settingsAnswer = async (tenantId: number): Promise<Answer> => {
    const read = await readSettings(ctx.db, tenantId, serverZone);
    return read ? { status: 200, body: read } : dashboardFailure('login_required');
  };

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/settings',
    access: 'settings:manage',
    contract: {
      operationId: 'readSettings',
      summary: "The store's settings; gateway credentials only as \"set\" or null",
      description: MANAGE,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The settings.', SettingsBody), ...dashboardErrors(READ_CODES) },
    },
    handler: ({ session }) => settingsAnswer(session.tenantId),
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/settings',
    access: 'settings:manage',
    contract: {
      operationId: 'saveSettings',
      summary: 'Change ordinary settings: the fields present change, the others stay',
      description:
        `${MANAGE} \`shipping_rates\` replaces the whole rate table. A template with a placeholder no renderer fills: 422 \`unknown_placeholder\` with \`field\`, \`unknown\` and \`accepted\` (templates stored earlier keep rendering, unknown placeholders as written). ` +
        'Any other bad value: 422 `invalid_request` with `fields`; nothing is changed.',
      tags: TAGS,
      security: SESSION,
      body: SettingsPatch,
      response: { 200: jsonResponse('Saved: the settings as they are now.', SettingsBody), ...dashboardErrors([...WRITE, 'invalid_request', 'unknown_placeholder']) },
    },
    fieldText: (path) => (path === 'auto_cancel_days' ? AUTO_CANCEL_FIELD_TEXT.days : undefined),
    handler: async ({ session, body }) => {
      const unknown = unknownPlaceholderIn(body);
      if (unknown) return dashboardFailure('unknown_placeholder', { placeholders: unknown });
      const saved = await ctx.writeTransaction((tx) => saveSettings(tx, ctx.clock, ctx.sealer, session.tenantId, body));
      return saved.ok ? settingsAnswer(session.tenantId) : refusal(saved);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/settings/sensitive',
    access: 'settings:sensitive',
    contract: {
      operationId: 'saveSensitiveSettings',
      summary: 'Change bank accounts, gateway credentials or the unique-code switch, with the password entered again',
      description:
        `${SENSITIVE} Without \`password\`: 403 \`password_required\`; a wrong one: 403 \`wrong_password\` (failures count in the login's windows of the email and IP and of the IP: 429 after 10 in 15 minutes, before any password work); either way nothing changes. ` +
        'Each field changed is written to the audit log (field, who, when; never the value) in the same transaction. A credential set to null is removed.',
      tags: TAGS,
      security: SESSION,
      body: SensitivePatch,
      response: {
        200: jsonResponse('Saved: the settings as they are now.', SettingsBody),
        ...dashboardErrors([...WRITE, 'invalid_request', 'password_required', 'wrong_password', 'too_many_requests', 'busy']),
      },
    },
    handler: async ({ request, session, body }) => {
      const { password, ...change } = body;
      if (changedFields(change).length === 0) return invalid({ body: DASHBOARD_FIELD_TEXT.nothingToChange });
      const refused = await confirmPassword(ctx, request, session.userId, password);
      if (refused) return refused;
      const saved = await ctx.writeTransaction((tx) => saveSensitiveSettings(tx, ctx.clock, ctx.sealer, session.tenantId, session.userId, change));
      return saved.ok ? settingsAnswer(session.tenantId) : refusal(saved);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/settings/audit',
    access: 'settings:sensitive',
    contract: {
      operationId: 'listSettingsAudit',
      summary: 'The audit log of sensitive settings changes: which field, who, when; never the value',
      description: `${SENSITIVE} Newest first, at most 200.`,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The entries.', AuditList), ...dashboardErrors(READ_CODES) },
    },
    handler: async ({ session }) => ({ status: 200, body: await listAudit(ctx.db, session.tenantId, serverZone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/templates/preview',
    access: 'settings:manage',
    contract: {
      operationId: 'previewTemplate',
      summary: "A message template rendered by the server's own renderer, with sample data",
      description:
        `${MANAGE} \`thank_you\`: the buyer's WhatsApp message of the thank-you page, and \`opening\`: the opening message of the customer lookup, with sample data; ` +
        "`follow_up`: a follow-up step's text (`step` and `payment_method` required, else 422 `invalid_request` naming them) on the store's newest order of that payment method (`order_id`), or sample data when it has none (`order_id` null). Null or blank `template`: the default. " +
        "Dates in `time_zone` when given (an IANA name; else 422 `invalid_request`), else in the store's. Nothing is saved.",
      tags: TAGS,
      security: SESSION,
      body: PreviewBody,
      response: { 200: jsonResponse('The rendered message.', PreviewAnswer), ...dashboardErrors([...WRITE, 'invalid_request']) },
    },
    handler: async ({ session, body }) => {
      const store = await loadStoreSettings(ctx.db, session.tenantId);
      if (!store) return dashboardFailure('login_required');
      const zone = body.time_zone === undefined ? (store.timeZone ?? serverZone) : parseTimeZone(body.time_zone);
      if (zone === null) return invalid({ time_zone: DASHBOARD_FIELD_TEXT.timeZone });
      // The sample order was placed now: {batas_bayar} is N days on when auto-cancel is on. A
      // preview never makes a buyer's page link: {link_pesanan} shows an example one.
      const now = ctx.clock.now();
      const autoCancel = await readAutoCancel(ctx.db, session.tenantId);
      const example = buyerPageUrl(ctx.config.publicUrl, EXAMPLE_BUYER_TOKEN);
      const sample = (method: MethodKind) => ({ ...sampleInput(store, now, zone, method, example), cancelAt: cancelAtOf(autoCancel, { status: 'pending', createdAt: now }) });
      if (body.kind !== 'follow_up') return { status: 200, body: { ...previewTemplate(body.kind, body.template, sample('bank_transfer')), order_id: null } };
      const { step, payment_method: method } = body;
      if (step === undefined || method === undefined) {
        return invalid({ ...(step === undefined ? { step: DASHBOARD_FIELD_TEXT.templateStep } : {}), ...(method === undefined ? { payment_method: DASHBOARD_FIELD_TEXT.templateMethod } : {}) });
      }
      const order = await newestOrderOfKind(ctx.db, session.tenantId, method);
      const input = order
        ? { ...(await messageInputOf(ctx.db, session.tenantId, order, store, serverZone, { links: exampleBuyerLinks(ctx.config.publicUrl) })), timeZone: zone }
        : sample(method);
      return { status: 200, body: { ...previewTemplate({ step, method }, body.template, input), order_id: order ? Number(order.id) : null } };
    },
  });
}
