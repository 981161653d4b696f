import type { FastifyInstance } from 'fastify';
import type { AuthenticatedKey } from '../../auth/authenticate.js';
import { requireKey } from '../../auth/require-key.js';
import { hasScope } from '../../auth/scopes.js';
import type { AppContext } from '../../context.js';
import { apiFailure, sendFailure } from '../../lib/http/failures.js';
import { POLICY_HEADER, rateLimitPolicy } from '../../lib/http/rate-limit-headers.js';
import { otherMethods } from '../../lib/http/methods.js';
import { parsePositiveId, queryParam, requestJsonObject } from '../../lib/http/request.js';
import { orderRecord, orderResponseSchema } from '../core/order-record.js';
import { patchOrderStatus } from './patch-order-status.js';
import { patchReadAlongsideKey } from './read-for-patch.js';
import { orderAlongsideKey, orderWithKeyToken, readOrder } from './read-order.js';
import { ORDER_WINDOWS, getOrderContract, otherMethodsContract, patchOrderContract } from './schemas.js';

const PATH = '/api/order_status.php';
const perKey = (key: AuthenticatedKey) => [['orderStatusPerKey', String(key.id)]] as const;

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { family: 'api' as const };
  const policy = rateLimitPolicy(ORDER_WINDOWS, ctx.config.rateLimitScale);

  app.get(PATH, { config: { ...config, contract: getOrderContract }, exposeHeadRoute: false, schema: { response: { 200: orderResponseSchema } } }, async (request, reply) => {
    reply.header(POLICY_HEADER, policy);
    const id = parsePositiveId(queryParam(request.query, 'id'));
    // The order is read with the key: on PostgreSQL in the key's lookup (one round trip, not
    // two), on SQLite with the key cache's token (one read transaction, not two). It is
    // answered only after the key's checks, windows and scope have passed, as before.
    const alongside = ctx.dialect === 'postgres' && id !== null ? orderAlongsideKey(ctx.db, id) : null;
    const withToken = ctx.dialect === 'sqlite' && id !== null ? orderWithKeyToken(ctx.db, id) : null;
    const auth = await requireKey(ctx, request, reply, { scopes: ['orders:read'], windows: perKey, lookup: alongside?.lookup, tokenAlongside: withToken?.tokenAlongside });
    if (!auth.ok) return sendFailure(reply, auth.failure);
    if (id === null) return sendFailure(reply, apiFailure('invalid_request'));
    const withCustomer = hasScope(auth.value.scopes, 'customers:read');
    const prefetched = alongside ? alongside.found() : withToken?.found(auth.value.tenantId, withCustomer);
    const row = prefetched !== undefined ? prefetched : await readOrder(ctx.db, auth.value.tenantId, id, withCustomer);
    if (!row) return sendFailure(reply, apiFailure('order_not_found'));
    return reply.send({ success: true, order: orderRecord(row, withCustomer, ctx.config.timeZone), request_id: request.id });
  });

  app.patch(PATH, { config: { ...config, contract: patchOrderContract } }, async (request, reply) => {
    reply.header(POLICY_HEADER, policy);
    const header = request.headers['idempotency-key'];
    const idempotencyKey = Array.isArray(header) ? header.join(',') : header;
    const body = requestJsonObject(request);
    // PostgreSQL: the remembered response and the order are read in the key's lookup (one
    // round trip, not two); they are used only after the key's checks, windows and scope.
    const alongside = ctx.dialect === 'postgres' ? patchReadAlongsideKey(ctx.db, body, idempotencyKey) : null;
    const auth = await requireKey(ctx, request, reply, { scopes: ['orders.status:write'], windows: perKey, lookup: alongside?.lookup });
    if (!auth.ok) return sendFailure(reply, auth.failure);
    const result = await patchOrderStatus(ctx, { key: auth.value, body, idempotencyKey, requestId: request.id, read: alongside?.found() });
    if (!result.ok) return sendFailure(reply, result.failure);
    if (result.value.replayed) reply.header('Idempotency-Replayed', 'true');
    // Already JSON (the text an Idempotency-Key's record keeps): sent as is, not stringified again.
    return reply.type('application/json; charset=utf-8').send(result.value.json);
  });

  app.route({
    method: otherMethods(app, ['GET', 'PATCH']),
    url: PATH,
    config: { ...config, otherMethods: otherMethodsContract },
    handler: async (_request, reply) => {
      reply.header('Allow', 'GET, PATCH');
      return sendFailure(reply, apiFailure('method_not_allowed'));
    },
  });
}
