// Gateway notifications. Each store has its own gateway account whose notification URL
// points here; the tenant comes from the order id Lapak gave the gateway
// ("lapak-{tenant}-{order}", gateway-order-id.ts), the store's secret verifies the rest.
// A refused notification is logged with the gateway, store and reason only, never the
// payload (it carries buyers' data) or the secret.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { PRODUCT_TEXT } from '../lib/http/messages.js';
import { parseJsonObject } from '../lib/http/request.js';
import type { OpenCode } from '../lib/secrets/sealer.js';
import type { Outcome } from '../lib/outcome.js';
import { loadStoreSettings, openStoreSecret, type StoreSettings } from '../tenants/store-settings.js';
import { applyNotification, type GatewayNotification } from './apply-notification.js';
import { parseGatewayOrderId } from './gateway-order-id.js';
import { readMidtransNotification, verifyMidtransSignature } from './midtrans.js';
import { readXenditCallback, verifyXenditToken } from './xendit.js';

const NOTIFICATION_PATHS = {
  midtrans: '/payments/midtrans/notification',
  xendit: '/payments/xendit/callback',
} as const;

const UNKNOWN_ORDER = 'unknown order';
const SECRET_UNREADABLE = "the store's payment secret cannot be opened";

type Verify = (body: Record<string, unknown>, secret: string, headers: Record<string, unknown>) => boolean;

interface GatewaySpec {
  gateway: 'midtrans' | 'xendit';
  orderIdField: string;
  /** The store's secret that verifies this gateway's notifications. */
  secret: (settings: StoreSettings) => StoreSettings['midtransServerKey'];
  verify: Verify;
  read: (body: Record<string, unknown>) => GatewayNotification | null;
}

const SPECS: GatewaySpec[] = [
  {
    gateway: 'midtrans',
    orderIdField: 'order_id',
    secret: (s) => s.midtransServerKey,
    verify: (body, secret) => verifyMidtransSignature(body, secret),
    read: readMidtransNotification,
  },
  {
    gateway: 'xendit',
    orderIdField: 'external_id',
    secret: (s) => s.xenditCallbackToken,
    verify: (_body, secret, headers) => verifyXenditToken(headers['x-callback-token'], secret),
    read: readXenditCallback,
  },
];

function refuse(reply: FastifyReply, log: FastifyBaseLogger, spec: GatewaySpec, status: number, reason: string, tenantId?: number, detail?: string) {
  log.warn({ gateway: spec.gateway, tenant_id: tenantId, reason: detail ?? reason }, 'payment notification refused');
  return reply.code(status).send({ error: reason });
}

export function paymentRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const spec of SPECS) {
    app.post(NOTIFICATION_PATHS[spec.gateway], async (request, reply) => {
      const body = parseJsonObject(request.body);
      if (!body) return refuse(reply, request.log, spec, 400, PRODUCT_TEXT.invalidJson);
      const ids = parseGatewayOrderId(body[spec.orderIdField]);
      if (!ids) return refuse(reply, request.log, spec, 404, UNKNOWN_ORDER);
      const settings = await loadStoreSettings(ctx.db, ids.tenantId);
      if (!settings) return refuse(reply, request.log, spec, 404, UNKNOWN_ORDER);
      const secret: Outcome<string, OpenCode> | null = openStoreSecret(ctx.sealer, spec.secret(settings));
      // A secret that does not open is this store's problem alone: 503, so the gateway
      // sends the notification again once the operator has fixed LAPAK_SECRET_KEY.
      if (secret && !secret.ok) return refuse(reply, request.log, spec, 503, SECRET_UNREADABLE, ids.tenantId, secret.message);
      if (!secret || !spec.verify(body, secret.value, request.headers)) return refuse(reply, request.log, spec, 401, 'invalid signature', ids.tenantId);
      const notification = spec.read(body);
      if (!notification) return refuse(reply, request.log, spec, 400, 'notification without transaction id or status', ids.tenantId);
      const applied = await applyNotification(ctx, ids.tenantId, ids.orderId, notification);
      if (!applied.ok) return refuse(reply, request.log, spec, 404, UNKNOWN_ORDER, ids.tenantId);
      const outcome = applied.value;
      request.log.info({ gateway: spec.gateway, tenant_id: ids.tenantId, order_id: ids.orderId, outcome }, 'payment notification');
      return reply.send({ ok: true, outcome });
    });
  }
}
