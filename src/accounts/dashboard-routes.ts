// The accounts routes of the dashboard's interface (docs/dashboard.md): sign-up, login,
// logout, the session (/me), stores, and one's own password.
import { succeed } from '../lib/outcome.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure, type DashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, DASHBOARD_REFUSAL_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';
import {
  COMMON_CODES,
  SESSION_CODES,
  SESSION_SCHEME,
  SET_COOKIE,
  CLEARED_COOKIE,
  WRITE_CODES,
  dashboardErrors,
  jsonResponse,
  noContent,
} from '../dashboard/contract.js';
import { dashboardRoute, invalid } from '../dashboard/route.js';
import { clearedSessionCookie } from '../sessions/session-cookie.js';
import { startSession } from '../sessions/start-session.js';
import { endSession, endUserSessions, selectStore } from '../sessions/end-sessions.js';
import { checkPassword } from './check-password.js';
import { emailRefusal, passwordRefusal } from './field-refusals.js';
import { hashPassword } from './hash-password.js';
import { meAnswer } from './me-answer.js';
import { signUp } from './sign-up.js';
import { createStore } from './create-store.js';
import { findUserById, firstStoreOf } from './find-login.js';
import { setPassword } from './set-password.js';
import { ChangePasswordBody, CreatedStore, LoginBody, MeBody, MePatch, SignupBody, StoreBody, StoreParams } from './schemas.js';
import { setWhatsappNumber } from './set-whatsapp-number.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const PUBLIC: [] = [];

async function consume(ctx: AppContext, windows: ReadonlyArray<readonly [keyof AppContext['limiters'], string]>, points = 1): Promise<DashboardFailure | null> {
  for (const [name, key] of windows) {
    const result = await ctx.limiters[name].consume(key, points);
    if (!result.ok) return dashboardFailure('too_many_requests', { retryAfter: result.retryAfter });
  }
  return null;
}

const ipOf = (request: FastifyRequest): string => request.ip;

export function accountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const meResponse = jsonResponse('The session: user, selected store, role, permissions, every store of the user.', MeBody);
  const withCookie = (description: string) => jsonResponse(description, MeBody, { 'Set-Cookie': SET_COOKIE });
  const errors = (...codes: DashboardErrorCode[]) => dashboardErrors([...codes, ...COMMON_CODES]);

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/signup',
    access: 'public',
    contract: {
      operationId: 'signUp',
      summary: 'Create a store and its owner, and log in',
      description: 'Limit: 5 sign-ups and store creations per IP per hour. `SIGNUP=off`: 403 `signup_disabled`. Emails are trimmed and lower-cased.',
      tags: ['Accounts'],
      security: PUBLIC,
      body: SignupBody,
      response: { 201: withCookie('Signed up and logged in: the session cookie, and /me.'), ...errors('invalid_request', 'signup_disabled', 'email_taken', 'too_many_requests', 'busy', ...WRITE_CODES) },
    },
    handler: async ({ request, body }) => {
      if (!ctx.config.signup) return dashboardFailure('signup_disabled');
      const refused = emailRefusal('email', body.email) ?? passwordRefusal('password', body.password, body.email);
      if (refused) return refused;
      // Over the window already: refused before any password work. The attempt counts once its
      // password is hashed, so a 503 busy (nothing done) costs the caller none of the quota.
      const window = [['signupPerIp', ipOf(request)]] as const;
      const blocked = await consume(ctx, window, 0);
      if (blocked) return blocked;
      const hashed = await hashPassword(ctx.passwordHasher, body.password);
      if (!hashed.ok) return dashboardFailure(hashed.code, { retryAfter: hashed.retryAfter });
      const limited = await consume(ctx, window);
      if (limited) return limited;
      const created = await ctx.writeTransaction(async (tx) => {
        const signedUp = await signUp(tx, ctx.clock, { storeName: body.store_name, name: body.name, email: body.email, passwordHash: hashed.value });
        if (!signedUp.ok) return signedUp;
        return succeed({ ...signedUp.value, cookie: await startSession(ctx, tx, signedUp.value.tenantId, signedUp.value.userId) });
      });
      if (!created.ok) return created.code === 'email_taken' ? dashboardFailure('email_taken') : invalid({ name: DASHBOARD_FIELD_TEXT.required });
      return meAnswer(ctx, created.value.tenantId, created.value.userId, 201, created.value.cookie);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/login',
    access: 'public',
    contract: {
      operationId: 'logIn',
      summary: 'Log in with email and password',
      description:
        'A new session on every login. An unknown email and a wrong password get the same answer after the same work (one argon2 verify). ' +
        'Limits (shared with every password check): 10 wrong passwords per 15 minutes per email and IP, 50 per 15 minutes per IP; then 429, before any password work, until the window ends.',
      tags: ['Accounts'],
      security: PUBLIC,
      body: LoginBody,
      response: { 200: withCookie('Logged in: the session cookie, and /me.'), ...errors('invalid_request', 'invalid_credentials', 'no_store', 'too_many_requests', 'busy', ...WRITE_CODES) },
    },
    handler: async ({ request, body }) => {
      const checked = await checkPassword(ctx, { email: body.email }, ipOf(request), body.password);
      if (!checked.ok) return checked.code === 'wrong_password' ? dashboardFailure('invalid_credentials') : dashboardFailure(checked.code, { retryAfter: checked.retryAfter });
      const { userId } = checked.value;
      const tenantId = await firstStoreOf(ctx.db, userId);
      if (tenantId === null) return dashboardFailure('no_store');
      return meAnswer(ctx, tenantId, userId, 200, await startSession(ctx, ctx.db, tenantId, userId));
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/logout',
    access: 'optional',
    contract: {
      operationId: 'logOut',
      summary: 'Log out: end this session',
      description: 'Ends the session and clears the cookie. Without a valid session it only clears the cookie.',
      tags: ['Accounts'],
      security: [{}, ...SESSION],
      response: { 204: noContent('Logged out.', { 'Set-Cookie': CLEARED_COOKIE }), ...errors('store_changed', ...WRITE_CODES) },
    },
    handler: async ({ session }) => {
      if (session) {
        await endSession(ctx.db, session.sessionId);
        ctx.sessionSignals.changed(session.userId);
      }
      return { status: 204, setCookie: clearedSessionCookie(ctx.config.publicUrl) };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'GET',
    url: '/dashboard/api/me',
    access: 'member',
    contract: {
      operationId: 'getMe',
      summary: 'The current user, the selected store, the role and permissions there, and every store of the user',
      description: 'Any member. 401 `login_required` without a valid session.',
      tags: ['Accounts'],
      security: SESSION,
      response: { 200: meResponse, ...errors(...SESSION_CODES) },
    },
    handler: async ({ session }) => meAnswer(ctx, session.tenantId, session.userId, 200),
  });

  dashboardRoute(app, ctx, {
    method: 'PATCH',
    url: '/dashboard/api/me',
    access: 'member',
    contract: {
      operationId: 'updateMe',
      summary: "Set one's own WhatsApp number in the selected store",
      description:
        "Any member. `whatsapp_number`: an Indonesian number in any written form, stored as 62... (the rule of the store's number in the settings); null clears it. " +
        "The thank-you page's WhatsApp button and the messages' {wa_cs} of the orders assigned to the member go to it; without one, to the store's number. Another value: 422 `invalid_request` with `fields.whatsapp_number`. Answers /me.",
      tags: ['Accounts'],
      security: SESSION,
      body: MePatch,
      response: { 200: meResponse, ...errors('invalid_request', ...SESSION_CODES, ...WRITE_CODES) },
    },
    handler: async ({ session, body }) => {
      const set = await setWhatsappNumber(ctx.db, session.tenantId, session.userId, body.whatsapp_number);
      if (!set.ok) return invalid({ whatsapp_number: set.code === 'phone_letters' ? DASHBOARD_REFUSAL_TEXT.phone_letters : DASHBOARD_FIELD_TEXT.whatsappNumber });
      return meAnswer(ctx, session.tenantId, session.userId, 200);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/stores',
    access: 'member',
    contract: {
      operationId: 'createStore',
      summary: 'Create another store owned by the user',
      description: 'The session stays on its store; select the new one with `/stores/{id}/select`. Limit: 5 sign-ups and store creations per IP per hour. `SIGNUP=off`: 403 `signup_disabled`.',
      tags: ['Accounts'],
      security: SESSION,
      body: StoreBody,
      response: { 201: jsonResponse('The new store.', CreatedStore), ...errors('invalid_request', 'signup_disabled', 'too_many_requests', ...SESSION_CODES, ...WRITE_CODES) },
    },
    handler: async ({ request, body, session }) => {
      if (!ctx.config.signup) return dashboardFailure('signup_disabled');
      const limited = await consume(ctx, [['signupPerIp', ipOf(request)]]);
      if (limited) return limited;
      const created = await ctx.writeTransaction((tx) => createStore(tx, ctx.clock, session.userId, body.name));
      if (!created.ok) return invalid({ name: DASHBOARD_FIELD_TEXT.required });
      return { status: 201, body: { id: created.value.tenantId, name: body.name.trim() } };
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/stores/:id/select',
    access: 'member',
    contract: {
      operationId: 'selectStore',
      summary: 'Switch the session to another store of the user',
      description: 'Answers /me of the newly selected store. 404 `not_found` for a store the user is not a member of.',
      tags: ['Accounts'],
      security: SESSION,
      params: StoreParams,
      response: { 200: meResponse, ...errors('not_found', ...SESSION_CODES, ...WRITE_CODES) },
    },
    handler: async ({ params, session }) => {
      if (!(await selectStore(ctx.db, params.id, session.sessionId, session.userId))) return dashboardFailure('not_found');
      ctx.sessionSignals.changed(session.userId);
      return meAnswer(ctx, params.id, session.userId, 200);
    },
  });

  dashboardRoute(app, ctx, {
    method: 'POST',
    url: '/dashboard/api/me/password',
    access: 'member',
    contract: {
      operationId: 'changePassword',
      summary: 'Change one\'s own password',
      description:
        'Ends every session of the user, this one included, and sets a fresh session cookie for this browser. A wrong current password: 422 with `fields.current_password`; ' +
        "wrong ones count in the login's windows of the email and IP (10 per 15 minutes) and of the IP (50): then 429, before any password work.",
      tags: ['Accounts'],
      security: SESSION,
      body: ChangePasswordBody,
      response: { 204: noContent('Changed; a new session cookie.', { 'Set-Cookie': SET_COOKIE }), ...errors('invalid_request', 'too_many_requests', 'busy', ...SESSION_CODES, ...WRITE_CODES) },
    },
    handler: async ({ request, body, session }) => {
      const user = await findUserById(ctx.db, session.userId);
      if (!user) return dashboardFailure('login_required');
      const refused = passwordRefusal('new_password', body.new_password, user.email);
      if (refused) return refused;
      const checked = await checkPassword(ctx, { userId: session.userId }, ipOf(request), body.current_password);
      if (!checked.ok) {
        return checked.code === 'wrong_password' ? invalid({ current_password: DASHBOARD_FIELD_TEXT.wrongPassword }) : dashboardFailure(checked.code, { retryAfter: checked.retryAfter });
      }
      const hashed = await hashPassword(ctx.passwordHasher, body.new_password);
      if (!hashed.ok) return dashboardFailure(hashed.code, { retryAfter: hashed.retryAfter });
      const setCookie = await ctx.writeTransaction(async (tx) => {
        await setPassword(tx, session.userId, hashed.value);
        await endUserSessions(tx, session.userId);
        return startSession(ctx, tx, session.tenantId, session.userId);
      });
      ctx.sessionSignals.changed(session.userId);
      return { status: 204, setCookie };
    },
  });
}
