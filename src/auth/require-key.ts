import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { authFailure, fail, ok, tooManyRequests, type AuthFailure, type Result } from '../lib/http/failures.js';
import type { WindowName } from '../lib/limits.js';
import { noteWindow } from '../lib/http/rate-limit-headers.js';
import { AUTH_TEXT } from '../lib/http/messages.js';
import { authenticateKey, type AuthenticatedKey, type KeyLookup, type TokenAlongside } from './authenticate.js';
import { firstMissingScope } from './scopes.js';

export interface KeyRequirement {
  scopes: readonly string[];
  /** Per-key windows, checked after the key is known and before its scopes. */
  windows?: (key: AuthenticatedKey) => ReadonlyArray<readonly [WindowName, string]>;
  /** Reads the key's row (with more, in the same statement) instead of the plain lookup. */
  lookup?: KeyLookup;
  /** SQLite: reads the key cache's change token with more, in the same statement. */
  tokenAlongside?: TokenAlongside;
}

/** Consumes windows in order; the first one that is full rejects. Each consumed window goes into `RateLimit`. */
export async function consumeWindows(
  ctx: AppContext,
  reply: FastifyReply,
  windows: ReadonlyArray<readonly [WindowName, string]>,
): Promise<Result<null, AuthFailure>> {
  for (const [name, key] of windows) {
    const result = await ctx.limiters[name].consume(key);
    noteWindow(reply, name, result);
    if (!result.ok) return fail(tooManyRequests(result.retryAfter));
  }
  return ok(null);
}

export async function requireKey(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  requirement: KeyRequirement,
): Promise<Result<AuthenticatedKey, AuthFailure>> {
  const auth = await authenticateKey(ctx, request.headers['x-api-key'], requirement.lookup, requirement.tokenAlongside);
  if (!auth.ok) return auth;
  if (requirement.windows) {
    const limited = await consumeWindows(ctx, reply, requirement.windows(auth.value));
    if (!limited.ok) return limited;
  }
  const missing = firstMissingScope(auth.value.scopes, requirement.scopes);
  if (missing) return fail(authFailure(403, AUTH_TEXT.missingScope(missing)));
  return auth;
}
