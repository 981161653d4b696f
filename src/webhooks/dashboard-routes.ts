// The webhook routes of the dashboard (docs/dashboard.md, "Webhooks"): the same permission as
// API keys. Another store's endpoint or delivery is not found.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { COMMON_CODES, SESSION_CODES, SESSION_SCHEME, WRITE_CODES, dashboardErrors, jsonResponse, noContent } from '../dashboard/contract.js';
import { dashboardRoute, fromRefusal } from '../dashboard/route.js';
import { dashboardFailure } from '../lib/http/failures.js';
import { addEndpoint } from './add-endpoint.js';
import { findDelivery } from './find-delivery.js';
import { listEndpointDeliveries } from './list-endpoint-deliveries.js';
import { listEndpoints } from './list-endpoints.js';
import { redeliver } from './redeliver.js';
import { removeEndpoint } from './remove-endpoint.js';
import { rotateSecret } from './rotate-secret.js';
import {
  AddEndpointBody,
  AddedEndpointBody,
  DeliveryDetail,
  DeliveryIdParams,
  DeliveryList,
  EnabledBody,
  EndpointIdParams,
  EndpointList,
  RedeliveredBody,
  RotatedBody,
  TestSentBody,
} from './schemas.js';
import { sendTestEvent } from './send-test-event.js';
import { setEndpointEnabled } from './set-endpoint-enabled.js';
import { systemResolver } from './url-safety.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const TAGS = ['Webhooks'];
const ACCESS = 'integrations:manage';
const PERMISSION = 'Owner, or an admin with the integrations permission (403 `forbidden` otherwise).';
const READ_CODES = [...SESSION_CODES, 'forbidden', ...COMMON_CODES] as const;
const WRITE = [...READ_CODES, ...WRITE_CODES] as const;
const HOUR_MS = 3_600_000;

export function webhookDashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const timeZone = ctx.config.timeZone;
  const safety = { allowPrivate: ctx.config.webhookAllowPrivate, resolver: systemResolver };

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/webhooks',
    access: ACCESS,
    contract: {
      operationId: 'listWebhookEndpoints',
      summary: "The store's webhook endpoints, never their secrets",
      description: PERMISSION,
      tags: TAGS,
      security: SESSION,
      response: { 200: jsonResponse('The endpoints, oldest first; removed ones are left out.', EndpointList), ...dashboardErrors(READ_CODES) },
    },
    handler: async ({ session }) => ({ status: 200, body: await listEndpoints(ctx.db, session.tenantId, timeZone) }),
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/webhooks',
    access: ACCESS,
    contract: {
      operationId: 'addWebhookEndpoint',
      summary: 'Add an endpoint; its signing secret is shown this once',
      description: `${PERMISSION} A URL that is not https or not a public host: 422 \`invalid_request\` with \`fields.url\`.`,
      tags: TAGS,
      security: SESSION,
      body: AddEndpointBody,
      response: { 201: jsonResponse('The endpoint and its secret.', AddedEndpointBody), ...dashboardErrors([...WRITE, 'invalid_request']) },
    },
    handler: async ({ session, body }) => {
      const added = await addEndpoint(ctx.db, ctx.clock, ctx.sealer, session.tenantId, { url: body.url, description: body.description }, safety);
      if (added.ok) return { status: 201, body: added.value };
      const url = { code: 'invalid_request', field: 'url' } as const;
      return fromRefusal(added, {
        invalid_description: { code: 'invalid_request', field: 'description' },
        url_too_long: url,
        invalid_url: url,
        url_not_https: url,
        url_has_credentials: url,
        host_unresolved: url,
        host_not_public: url,
        tenant_not_found: 'login_required',
      });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'DELETE',
    url: '/dashboard/api/webhooks/:id',
    access: ACCESS,
    contract: {
      operationId: 'removeWebhookEndpoint',
      summary: 'Remove an endpoint; what is queued for it is cancelled, its delivery log stays',
      description: PERMISSION,
      tags: TAGS,
      security: SESSION,
      params: EndpointIdParams,
      response: { 204: noContent('Removed.'), ...dashboardErrors([...WRITE, 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const removed = await ctx.writeTransaction((tx) => removeEndpoint(tx, ctx.clock, session.tenantId, params.id));
      return removed.ok ? { status: 204 } : fromRefusal(removed, { endpoint_not_found: 'not_found' });
    },
  });

  for (const enabled of [true, false]) {
    const action = enabled ? 'enable' : 'disable';
    dashboardRoute(app, ctx, {
      method: 'POST',
      url: `/dashboard/api/webhooks/:id/${action}`,
      access: ACCESS,
      contract: {
        operationId: enabled ? 'enableWebhookEndpoint' : 'disableWebhookEndpoint',
        summary: enabled ? 'Enable an endpoint (also after a 410 Gone disabled it)' : 'Disable an endpoint; what is queued for it is cancelled (redeliver brings it back)',
        description: PERMISSION,
        tags: TAGS,
        security: SESSION,
        params: EndpointIdParams,
        response: { 200: jsonResponse(enabled ? 'Enabled.' : 'Disabled.', EnabledBody), ...dashboardErrors([...WRITE, 'not_found']) },
      },
      handler: async ({ session, params }) => {
        const set = await ctx.writeTransaction((tx) => setEndpointEnabled(tx, ctx.clock, session.tenantId, params.id, enabled));
        return set.ok ? { status: 200, body: set.value } : fromRefusal(set, { endpoint_not_found: 'not_found' });
      },
    });
  }

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/webhooks/:id/deliveries',
    access: ACCESS,
    contract: {
      operationId: 'listWebhookDeliveries',
      summary: "One endpoint's last 100 deliveries, newest first, each with every attempt",
      description: `${PERMISSION} A removed endpoint keeps its log.`,
      tags: TAGS,
      security: SESSION,
      params: EndpointIdParams,
      response: { 200: jsonResponse('The deliveries.', DeliveryList), ...dashboardErrors([...READ_CODES, 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const listed = await listEndpointDeliveries(ctx.db, session.tenantId, params.id, timeZone);
      return listed.ok ? { status: 200, body: listed.value } : fromRefusal(listed, { endpoint_not_found: 'not_found' });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/webhooks/deliveries/:id',
    access: ACCESS,
    contract: {
      operationId: 'getWebhookDelivery',
      summary: 'One delivery of the log, with its event type, the change it tells and the body it sends',
      description: `${PERMISSION} As in the delivery log, with \`payload\`: the exact bytes every attempt signs and sends. Another store's delivery: 404 \`not_found\`.`,
      tags: TAGS,
      security: SESSION,
      params: DeliveryIdParams,
      response: { 200: jsonResponse('The delivery.', DeliveryDetail), ...dashboardErrors([...READ_CODES, 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const found = await findDelivery(ctx.db, session.tenantId, params.id, timeZone);
      return found.ok ? { status: 200, body: found.value } : fromRefusal(found, { delivery_not_found: 'not_found' });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/webhooks/deliveries/:id/redeliver',
    access: ACCESS,
    contract: {
      operationId: 'redeliverWebhook',
      summary: 'Send a delivery again now, with the same webhook-id and a fresh retry schedule',
      description: `${PERMISSION} 409 while its endpoint is disabled or removed, or while an attempt is in flight.`,
      tags: TAGS,
      security: SESSION,
      params: DeliveryIdParams,
      response: { 202: jsonResponse('Queued.', RedeliveredBody), ...dashboardErrors([...WRITE, 'not_found', 'endpoint_disabled', 'endpoint_removed', 'delivery_in_flight']) },
    },
    handler: async ({ session, params }) => {
      const queued = await redeliver(ctx.db, ctx.clock, session.tenantId, params.id);
      if (queued.ok) return { status: 202, body: queued.value };
      return fromRefusal(queued, { delivery_not_found: 'not_found', endpoint_disabled: 'endpoint_disabled', endpoint_removed: 'endpoint_removed', delivery_in_flight: 'delivery_in_flight' });
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/webhooks/:id/rotate-secret',
    access: ACCESS,
    contract: {
      operationId: 'rotateWebhookSecret',
      summary: 'A new signing secret, shown this once; for 24 hours deliveries are signed with both secrets',
      description: `${PERMISSION} The webhook-signature header then holds two space-separated signatures (Standard Webhooks).`,
      tags: TAGS,
      security: SESSION,
      params: EndpointIdParams,
      response: { 201: jsonResponse('The new secret.', RotatedBody), ...dashboardErrors([...WRITE, 'not_found']) },
    },
    handler: async ({ session, params }) => {
      const rotated = await rotateSecret(ctx.db, ctx.clock, ctx.sealer, session.tenantId, params.id, timeZone);
      if (!rotated.ok) return fromRefusal(rotated, { endpoint_not_found: 'not_found' });
      return { status: 201, body: { secret: rotated.value.secret, previous_secret_expires_at: rotated.value.previous_secret_expires_at } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/webhooks/:id/test',
    access: ACCESS,
    contract: {
      operationId: 'sendWebhookTest',
      summary: 'Send one signed webhook.test delivery to this endpoint only (docs/webhooks.md)',
      description: `${PERMISSION} Through the dispatcher (retries and log as usual), outside the hourly cap; at most 10 per endpoint per clock hour (429 with Retry-After).`,
      tags: TAGS,
      security: SESSION,
      params: EndpointIdParams,
      response: { 202: jsonResponse('Queued.', TestSentBody), ...dashboardErrors([...WRITE, 'not_found', 'endpoint_disabled', 'too_many_requests']) },
    },
    handler: async ({ session, params }) => {
      const sent = await ctx.writeTransaction((tx) => sendTestEvent(tx, ctx.clock, session.tenantId, params.id));
      if (sent.ok) return { status: 202, body: sent.value };
      if (sent.code === 'test_limit_reached') {
        const now = ctx.clock.now();
        return dashboardFailure('too_many_requests', { retryAfter: Math.max(1, Math.ceil((HOUR_MS - (now % HOUR_MS)) / 1000)) });
      }
      return fromRefusal(sent, { endpoint_not_found: 'not_found', endpoint_disabled: 'endpoint_disabled', test_limit_reached: 'too_many_requests' });
    },
  });
}
