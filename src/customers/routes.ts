// POST /api/customer_lookup.php. Checks run in SPEC's order: the per-IP window before the
// key is read; then the key; then, with the response floor running, the per-key windows,
// the scope, the database brake, and the lookup itself (lookup-customer.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticateKey, type AuthenticatedKey } from '../auth/authenticate.js';
import { consumeWindows } from '../auth/require-key.js';
import { firstMissingScope } from '../auth/scopes.js';
import type { AppContext } from '../context.js';
import { apiFailure, authFailure, fail, sendFailure, tooManyRequests, type Failure, type Result } from '../lib/http/failures.js';
import { POLICY_HEADER, noteWindow, rateLimitPolicy } from '../lib/http/rate-limit-headers.js';
import { AUTH_TEXT } from '../lib/http/messages.js';
import { otherMethods } from '../lib/http/methods.js';
import { requestJsonObject } from '../lib/http/request.js';
import { consumeLookupBrake } from './lookup-brake.js';
import { lookupCustomer, type CustomerLookup } from './lookup-customer.js';
import { LOOKUP_MIN_RESPONSE_MS, startResponseFloor } from './response-floor.js';
import { LOOKUP_WINDOWS, lookupContract, otherMethodsContract } from './schemas.js';

const PATH = '/api/customer_lookup.php';
const SCOPE = 'customers:read';

export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const config = { family: 'api' as const };
  const policy = rateLimitPolicy(LOOKUP_WINDOWS, ctx.config.rateLimitScale);

  app.post(PATH, { config: { ...config, contract: lookupContract } }, async (request, reply) => {
    reply.header(POLICY_HEADER, policy);
    const perIp = await ctx.limiters.lookupPerIp.consume(request.ip);
    noteWindow(reply, 'lookupPerIp', perIp);
    if (!perIp.ok) return sendFailure(reply, tooManyRequests(perIp.retryAfter));
    const auth = await authenticateKey(ctx, request.headers['x-api-key']);
    if (!auth.ok) return sendFailure(reply, auth.failure);

    const floor = startResponseFloor(LOOKUP_MIN_RESPONSE_MS);
    let result: Result<CustomerLookup, Failure>;
    try {
      result = await authorisedLookup(ctx, request, reply, auth.value);
    } finally {
      // Failures that throw (500) wait for the floor too.
      await floor.reached();
    }
    if (!result.ok) return sendFailure(reply, result.failure);
    return reply.send({ success: true, ...result.value, request_id: request.id });
  });

  app.route({
    method: otherMethods(app, ['POST']),
    url: PATH,
    config: { ...config, otherMethods: otherMethodsContract },
    handler: async (_request, reply) => {
      reply.header('Allow', 'POST');
      return sendFailure(reply, apiFailure('method_not_allowed'));
    },
  });
}

async function authorisedLookup(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  key: AuthenticatedKey,
): Promise<Result<CustomerLookup, Failure>> {
  const id = String(key.id);
  const limited = await consumeWindows(ctx, reply, [
    ['lookupPerKeyMinute', id],
    ['lookupPerKeyHour', id],
    ['lookupPerKeyDay', id],
    ['lookupPerKeyAndIp', `${id}:${request.ip}`],
  ]);
  if (!limited.ok) return limited;
  const missing = firstMissingScope(key.scopes, [SCOPE]);
  if (missing) return fail(authFailure(403, AUTH_TEXT.missingScope(missing)));
  const braked = await consumeLookupBrake(ctx, key);
  if (!braked.ok) return braked;
  return lookupCustomer(ctx, key.tenantId, requestJsonObject(request));
}
