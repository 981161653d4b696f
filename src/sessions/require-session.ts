// The session check, the dashboard's requireKey, in this order: cookie present -> well formed
// -> one primary-key lookup (session, its user's membership of the selected store) -> secret
// (constant time) -> not expired -> still a member -> X-Lapak-Store equals the selected store
// -> the route's permission. Nothing is cached: a role change or a removal (which also deletes
// the sessions) takes effect on the next request in every process.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure, fail, ok, type DashboardFailure, type Result } from '../lib/http/failures.js';
import type { Role } from '../lib/db/schema.js';
import type { Permission } from '../lib/permissions.js';
import { readSessionCookie } from './session-cookie.js';
import { SESSION_REFRESH_MS, SESSION_TTL_MS, secretMatches, splitSessionToken } from './session-token.js';

export interface Session {
  sessionId: string;
  userId: number;
  /** The selected store: every operation of the request acts on it. */
  tenantId: number;
  role: Role;
  integrations: boolean;
  permissions: Permission[];
  /** Set when the sliding expiry moved: the route sends the cookie again. */
  refreshedToken: string | null;
}

export const STORE_HEADER = 'x-lapak-store';

/** A session of a known user whose membership of the selected store no longer exists is no session. */
export async function requireSession(
  ctx: AppContext,
  request: FastifyRequest,
  permission: Permission | null,
  /** false: the sliding expiry is not moved (a stream's periodic check is not the member's activity). */
  options: { refresh?: boolean } = {},
): Promise<Result<Session, DashboardFailure>> {
  const token = readSessionCookie(request.headers.cookie, ctx.config.publicUrl);
  const parts = token ? splitSessionToken(token) : null;
  if (!token || !parts) return fail(dashboardFailure('login_required'));
  const row = await ctx.db
    .selectFrom('sessions')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.tenant_id', '=', 'sessions.tenant_id').onRef('memberships.user_id', '=', 'sessions.user_id'),
    )
    .select([
      'sessions.user_id',
      'sessions.tenant_id',
      'sessions.secret_hash',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'memberships.role',
      'memberships.integrations',
    ])
    .where('sessions.id', '=', parts.id)
    .executeTakeFirst();
  const now = ctx.clock.now();
  if (!row || !secretMatches(parts.secret, row.secret_hash) || row.expires_at <= now || !row.role) {
    return fail(dashboardFailure('login_required'));
  }
  const tenantId = Number(row.tenant_id);
  const asked = request.headers[STORE_HEADER];
  if (asked !== undefined && asked !== String(tenantId)) return fail(dashboardFailure('store_changed'));
  const integrations = row.integrations === 1;
  const permissions = ctx.permissionsOf(row.role, integrations);
  if (permission && !permissions.includes(permission)) return fail(dashboardFailure('forbidden'));
  let refreshedToken: string | null = null;
  if (options.refresh !== false && now - Number(row.last_seen_at) >= SESSION_REFRESH_MS) {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now, expires_at: now + SESSION_TTL_MS }).where('id', '=', parts.id).execute();
    refreshedToken = token;
  }
  return ok({ sessionId: parts.id, userId: Number(row.user_id), tenantId, role: row.role, integrations, permissions, refreshedToken });
}
