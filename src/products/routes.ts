// /api/products.php: the IP window first, then the action decides who may enter.
// Without an action the path belongs to the dashboard (session login), where API keys are ignored.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireKey } from '../auth/require-key.js';
import type { AppContext } from '../context.js';
import { productFailure, sendFailure, tooManyRequests } from '../lib/http/failures.js';
import { POLICY_HEADER, noteWindow, rateLimitPolicy } from '../lib/http/rate-limit-headers.js';
import { PRODUCT_TEXT, TRANSPORT_TEXT } from '../lib/http/messages.js';
import { otherMethods } from '../lib/http/methods.js';
import { parseJsonObject, parsePositiveId, queryParam } from '../lib/http/request.js';
import { duplicateProduct } from './duplicate-product.js';
import { embedBody } from './embed-body.js';
import { findProductRow } from './find-product.js';
import { embedRecord } from './product-record.js';
import { PRODUCT_WINDOWS, duplicateContract, embedContract, otherMethodsContract } from './schemas.js';
import { dashboardPath } from './dashboard-path.js';
import { dashboardContracts } from './dashboard-schemas.js';

const ACTIONS = {
  embed: { method: 'GET', scope: 'products:read' },
  duplicate: { method: 'POST', scope: 'products:write' },
} as const;

const PATH = '/api/products.php';

export function productRoutes(app: FastifyInstance, ctx: AppContext): void {
  // One handler takes every method: it decides by the action, in SPEC's order of checks.
  // GET (embed) and POST (duplicate) are registered apart so that each can carry its own
  // documentation; HEAD and the other methods reach the handler through the third route,
  // as they did through app.all.
  const policy = rateLimitPolicy(PRODUCT_WINDOWS, ctx.config.rateLimitScale);
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header(POLICY_HEADER, policy);
    const limited = await ctx.limiters.productsPerIp.consume(request.ip);
    noteWindow(reply, 'productsPerIp', limited);
    if (!limited.ok) return sendFailure(reply, tooManyRequests(limited.retryAfter));

    const action = queryParam(request.query, 'action');
    // The dashboard's path: it needs a login session, which an API key never is.
    if (action === undefined || action === '') return dashboardPath(ctx, request, reply);
    if (!(action in ACTIONS)) {
      const auth = await requireKey(ctx, request, reply, { scopes: [] });
      if (!auth.ok) return sendFailure(reply, auth.failure);
      return sendFailure(reply, productFailure(400, PRODUCT_TEXT.unknownAction(action)));
    }
    const spec = ACTIONS[action as keyof typeof ACTIONS];
    if (request.method !== spec.method) {
      return sendFailure(reply, { ...productFailure(405, TRANSPORT_TEXT.methodNotAllowed), allow: spec.method });
    }
    const auth = await requireKey(ctx, request, reply, { scopes: [spec.scope] });
    if (!auth.ok) return sendFailure(reply, auth.failure);
    // A Content-Type that names no media type (app.ts): refused once the key is known good, before the id and the body.
    if (request.contentTypeUnreadable) return sendFailure(reply, productFailure(415, TRANSPORT_TEXT.unsupportedMediaType));

    const id = parsePositiveId(queryParam(request.query, 'id'));
    if (id === null) return sendFailure(reply, productFailure(400, PRODUCT_TEXT.idRequired));
    const tenantId = auth.value.tenantId;
    return action === 'embed' ? embed(ctx, reply, tenantId, id) : duplicate(ctx, request, reply, tenantId, id);
  };
  // Each route carries its API-key operation (openapi/lapak.json) and, for the verbs the
  // dashboard uses, its session operation (openapi/dashboard.json).
  app.get(PATH, { config: { family: 'product', contract: embedContract, dashboardContract: dashboardContracts.GET }, exposeHeadRoute: false }, handler);
  app.post(PATH, { config: { family: 'product', contract: duplicateContract, dashboardContract: dashboardContracts.POST } }, handler);
  app.patch(PATH, { config: { family: 'product', otherMethods: otherMethodsContract, dashboardContract: dashboardContracts.PATCH } }, handler);
  app.delete(PATH, { config: { family: 'product', otherMethods: otherMethodsContract, dashboardContract: dashboardContracts.DELETE } }, handler);
  app.route({ method: otherMethods(app, ['GET', 'POST', 'PATCH', 'DELETE']), url: PATH, config: { family: 'product', otherMethods: otherMethodsContract }, handler });
}

async function embed(ctx: AppContext, reply: FastifyReply, tenantId: number, id: number) {
  const row = await findProductRow(ctx.db, tenantId, id);
  if (!row) return sendFailure(reply, productFailure(404, PRODUCT_TEXT.productNotFound));
  // The serialised record, as Fastify would have sent the object (embed-body.ts).
  return reply.type('application/json; charset=utf-8').send(embedBody(row, ctx.config.publicUrl));
}

async function duplicate(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, tenantId: number, id: number) {
  const body = parseJsonObject(request.body);
  if (!body) return sendFailure(reply, productFailure(400, PRODUCT_TEXT.invalidJson));
  const result = await duplicateProduct(ctx.db, ctx.clock, tenantId, id, body);
  if (!result.ok) return sendFailure(reply, result.failure);
  const product = result.value;
  return reply.code(201).send({
    ...embedRecord(product, ctx.config.publicUrl),
    variant_compare_prices: product.variant_compare_prices,
  });
}
