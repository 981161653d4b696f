// The body of /me, which sign-up, login, selecting a store and accepting an invitation answer too.
import type { AppContext } from '../context.js';
import { dashboardFailure } from '../lib/http/failures.js';
import type { Answer } from '../dashboard/route.js';
import { readMe } from './read-me.js';

export async function meAnswer(ctx: AppContext, tenantId: number, userId: number, status: 200 | 201, setCookie?: string): Promise<Answer> {
  const me = await readMe(ctx.db, tenantId, userId);
  if (!me.ok) return dashboardFailure('login_required');
  const { user, store, stores, role, integrations, timeZone, whatsappNumber } = me.value;
  // The store's time zone: the dashboard displays dates in it (the API's timestamps stay in the server's).
  return { status, body: { user, store: { ...store, time_zone: timeZone ?? ctx.config.timeZone }, role, permissions: ctx.permissionsOf(role, integrations), stores, whatsapp_number: whatsappNumber }, ...(setCookie ? { setCookie } : {}) };
}
