// Dashboard test helpers: members of stores with sessions, and requests carrying them.
import type { InjectOptions } from 'fastify';
import type { AppContext } from '../src/context.js';
import type { Clock } from '../src/lib/clock.js';
import type { Role } from '../src/lib/db/schema.js';
import { createSession } from '../src/sessions/create-session.js';
import { sessionCookieName } from '../src/sessions/session-cookie.js';

export interface Member {
  userId: number;
  tenantId: number;
  token: string;
  cookie: string;
}

let counter = 0;

/** A user (without a password) who is a member of the store, with a fresh session there. */
export async function seedMember(
  ctx: { db: AppContext['db']; clock: Clock; config: AppContext['config'] },
  tenantId: number,
  role: Role,
  options: { integrations?: boolean; email?: string; name?: string } = {},
): Promise<Member> {
  counter += 1;
  const now = ctx.clock.now();
  const user = await ctx.db
    .insertInto('users')
    .values({ email: options.email ?? `member${counter}-${now}@example.test`, name: options.name ?? `Member ${counter}`, password_hash: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(user.id);
  await ctx.db.insertInto('memberships').values({ tenant_id: tenantId, user_id: userId, role, integrations: options.integrations ? 1 : 0, created_at: now }).execute();
  const { token } = await createSession(ctx.db, ctx.clock, tenantId, userId);
  return { userId, tenantId, token, cookie: `${sessionCookieName(ctx.config.publicUrl)}=${token}` };
}

/** The headers of a same-origin browser request of the member. */
export const asMember = (member: Member, extra: Record<string, string> = {}): InjectOptions['headers'] => ({
  cookie: member.cookie,
  'sec-fetch-site': 'same-origin',
  ...extra,
});

/** The writes every session route refuses before it runs: [label, headers, status, code] (docs/dashboard.md, "Cross-site rule"). */
export const REFUSED_WRITES = [
  ['a foreign Origin', { origin: 'https://evil.test' }, 403, 'cross_site_request'],
  ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }, 403, 'cross_site_request'],
  ['a text/plain body', { 'sec-fetch-site': 'same-origin', 'content-type': 'text/plain' }, 415, 'unsupported_media_type'],
] as const;
