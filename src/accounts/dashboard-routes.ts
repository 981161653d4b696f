// The accounts routes of the dashboard's interface (docs/dashboard.md): sign-up, login,
// logout, the session (/me), stores, and one's own password.
import { succeed } from '../lib/outcome.js';
import type { Db } from '../lib/db/db.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { dashboardFailure, type DashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';
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
import { dashboardRoute, invalid, type Answer } from '../dashboard/route.js';
import { clearedSessionCookie, sessionCookie } from '../sessions/session-cookie.js';
import { createSession } from '../sessions/create-session.js';
import { endSession, endUserSessions, selectStore } from '../sessions/end-sessions.js';
import { permissionsOf } from '../sessions/permissions.js';
import { readMe } from './read-me.js';
import { signUp } from './sign-up.js';
import { createStore } from './create-store.js';
import { findUserByEmail, firstStoreOf } from './find-login.js';
import { setPassword } from './set-password.js';
import { BUSY_RETRY_AFTER_SEC, DUMMY_PASSWORD_HASH, EMAIL_PATTERN, PasswordQueueFull, normaliseEmail, passwordProblem } from './passwords.js';
import { ChangePasswordBody, CreatedStore, LoginBody, MeBody, SignupBody, StoreBody, StoreParams } from './schemas.js';

const SESSION = [{ [SESSION_SCHEME]: [] }];
const PUBLIC: [] = [];

/** 422 for an email that is not one (after trimming), else null. */
export const emailRefusal = (field: string, email: string): DashboardFailure | null =>
  EMAIL_PATTERN.test(normaliseEmail(email)) ? null : invalid({ [field]: DASHBOARD_FIELD_TEXT.email });

/** 422 with the password's field, or null when the password may be used. */
export function passwordRefusal(field: string, password: string, email: string | null): DashboardFailure | null {
  const problem = passwordProblem(password, email);
  if (problem === null) return null;
  return invalid({ [field]: problem === 'too_short' ? DASHBOARD_FIELD_TEXT.passwordTooShort : DASHBOARD_FIELD_TEXT.passwordIsEmail });
}

/** Runs a password job; the queue full for 2 s becomes 503 busy. */
export async function withHasher<T>(job: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; failure: DashboardFailure }> {
  try {
    return { ok: true, value: await job() };
  } catch (error) {
    if (error instanceof PasswordQueueFull) return { ok: false, failure: dashboardFailure('busy', { retryAfter: BUSY_RETRY_AFTER_SEC }) };
    throw error;
  }
}

/** The body of /me (also what sign-up, login and select answer). */
export async function meAnswer(ctx: AppContext, tenantId: number, userId: number, status: 200 | 201, setCookie?: string): Promise<Answer> {
  const me = await readMe(ctx.db, tenantId, userId);
  if (!me.ok) return dashboardFailure('login_required');
  const { user, store, stores, role, integrations, timeZone } = me.value;
  // The store's time zone: the dashboard displays dates in it (the API's timestamps stay in the server's).
  return { status, body: { user, store: { ...store, time_zone: timeZone ?? ctx.config.timeZone }, role, permissions: permissionsOf(role, integrations), stores }, ...(setCookie ? { setCookie } : {}) };
}

/**
 * A fresh session (a new token on every login: no fixation) and its cookie; `db` is the write
 * transaction that created the user or membership, so neither stays behind without the other.
 */
export async function startSession(ctx: AppContext, db: Db, tenantId: number, userId: number): Promise<string> {
  const { token } = await createSession(db, ctx.clock, tenantId, userId);
  return sessionCookie(ctx.config.publicUrl, token);
}

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
      const hashed = await withHasher(() => ctx.passwordHasher.hash(body.password));
      if (!hashed.ok) return hashed.failure;
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
        'Limits: 10 failures per 15 minutes per email and IP, 50 per 15 minutes per IP; then 429 until the window ends.',
      tags: ['Accounts'],
      security: PUBLIC,
      body: LoginBody,
      response: { 200: withCookie('Logged in: the session cookie, and /me.'), ...errors('invalid_request', 'invalid_credentials', 'no_store', 'too_many_requests', 'busy', ...WRITE_CODES) },
    },
    handler: async ({ request, body }) => {
      const email = normaliseEmail(body.email);
      const windows = [['loginFailuresPerIp', ipOf(request)], ['loginFailuresPerEmailAndIp', `${email}|${ipOf(request)}`]] as const;
      // Over a window already: refused before any password work, right password or not.
      const blocked = await consume(ctx, windows, 0);
      if (blocked) return blocked;
      const user = await findUserByEmail(ctx.db, email);
      const stored = user?.passwordHash ?? DUMMY_PASSWORD_HASH;
      const verified = await withHasher(() => ctx.passwordHasher.verify(stored, body.password));
      if (!verified.ok) return verified.failure;
      if (!user || user.passwordHash === null || !verified.value) {
        return (await consume(ctx, windows)) ?? dashboardFailure('invalid_credentials');
      }
      const tenantId = await firstStoreOf(ctx.db, user.id);
      if (tenantId === null) return dashboardFailure('no_store');
      return meAnswer(ctx, tenantId, user.id, 200, await startSession(ctx, ctx.db, tenantId, user.id));
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
      if (session) await endSession(ctx.db, session.sessionId);
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
      description: 'Ends every session of the user, this one included, and sets a fresh session cookie for this browser. A wrong current password: 422 with `fields.current_password`.',
      tags: ['Accounts'],
      security: SESSION,
      body: ChangePasswordBody,
      response: { 204: noContent('Changed; a new session cookie.', { 'Set-Cookie': SET_COOKIE }), ...errors('invalid_request', 'busy', ...SESSION_CODES, ...WRITE_CODES) },
    },
    handler: async ({ body, session }) => {
      const me = await readMe(ctx.db, session.tenantId, session.userId);
      if (!me.ok) return dashboardFailure('login_required');
      const refused = passwordRefusal('new_password', body.new_password, me.value.user.email);
      if (refused) return refused;
      const user = await findUserByEmail(ctx.db, me.value.user.email);
      const verified = await withHasher(() => ctx.passwordHasher.verify(user?.passwordHash ?? '', body.current_password));
      if (!verified.ok) return verified.failure;
      if (!verified.value) return invalid({ current_password: DASHBOARD_FIELD_TEXT.wrongPassword });
      const hashed = await withHasher(() => ctx.passwordHasher.hash(body.new_password));
      if (!hashed.ok) return hashed.failure;
      const setCookie = await ctx.writeTransaction(async (tx) => {
        await setPassword(tx, session.userId, hashed.value);
        await endUserSessions(tx, session.userId);
        return startSession(ctx, tx, session.tenantId, session.userId);
      });
      return { status: 204, setCookie };
    },
  });
}
