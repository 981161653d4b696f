// One failure type per error family of SPEC, and the one place that turns a failure into
// an HTTP response. Services return failures as values; only infrastructure throws.
import type { FastifyReply } from 'fastify';
import { API_ERRORS, AUTH_TEXT, DASHBOARD_ERRORS, type ApiErrorCode, type DashboardErrorCode } from './messages.js';
import { setRetryAfter } from './rate-limit-headers.js';

/** Authentication layer (401/403/429): body {error} only, no code, no request_id. */
export interface AuthFailure {
  family: 'auth';
  status: 401 | 403 | 429;
  error: string;
  retryAfter?: number;
}

/** Product endpoint: body {error}. */
export interface ProductFailure {
  family: 'product';
  status: number;
  error: string;
  allow?: string;
  /** A refused field of a product's create or change (only the dashboard's path has them): {field: the dashboard's text}. */
  fields?: Record<string, string>;
}

/** Order status and customer lookup endpoints: body {error, code, request_id, ...extra}. */
export interface ApiFailure {
  family: 'api';
  code: ApiErrorCode;
  extra?: Record<string, unknown>;
}

/** The dashboard's interface (/dashboard/api/): body {error, code, request_id}, plus `fields` on 422. */
export interface DashboardFailure {
  family: 'dashboard';
  code: DashboardErrorCode;
  /** invalid_request only: which field is wrong and why. */
  fields?: Record<string, string>;
  /** 429 and 503: seconds, an integer. */
  retryAfter?: number;
  /** unknown_placeholder only: the template's field, its unknown placeholders, and those accepted. */
  placeholders?: { field: string; unknown: string[]; accepted: string[] };
  /** status_move_not_allowed only: the statuses this member may move the order to. */
  allowed?: string[];
}

export type Failure = AuthFailure | ProductFailure | ApiFailure | DashboardFailure;

export type Result<T, F extends Failure = Failure> = { ok: true; value: T } | { ok: false; failure: F };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const fail = <F extends Failure>(failure: F): { ok: false; failure: F } => ({ ok: false, failure });

export const authFailure = (status: AuthFailure['status'], error: string): AuthFailure => ({ family: 'auth', status, error });
export const tooManyRequests = (retryAfter: number): AuthFailure => ({
  family: 'auth',
  status: 429,
  error: AUTH_TEXT.tooManyRequests,
  retryAfter,
});
export const productFailure = (status: number, error: string): ProductFailure => ({ family: 'product', status, error });
export const apiFailure = (code: ApiErrorCode, extra?: Record<string, unknown>): ApiFailure => ({ family: 'api', code, extra });

export const dashboardFailure = (code: DashboardErrorCode, more: Omit<DashboardFailure, 'family' | 'code'> = {}): DashboardFailure => ({
  family: 'dashboard',
  code,
  ...more,
});

export function sendFailure(reply: FastifyReply, failure: Failure): FastifyReply {
  switch (failure.family) {
    case 'auth':
      if (failure.retryAfter !== undefined) setRetryAfter(reply, failure.retryAfter);
      return reply.code(failure.status).send({ error: failure.error });
    case 'product':
      if (failure.allow) reply.header('Allow', failure.allow);
      return reply.code(failure.status).send({ error: failure.error, ...(failure.fields ? { fields: failure.fields } : {}) });
    case 'api': {
      const { status, error } = API_ERRORS[failure.code];
      return reply.code(status).send({ error, code: failure.code, ...failure.extra, request_id: reply.request.id });
    }
    case 'dashboard': {
      const { status, error } = DASHBOARD_ERRORS[failure.code];
      if (failure.retryAfter !== undefined) setRetryAfter(reply, failure.retryAfter);
      const fields = failure.code === 'invalid_request' ? { fields: failure.fields ?? {} } : {};
      const allowed = failure.code === 'status_move_not_allowed' ? { allowed: failure.allowed ?? [] } : {};
      return reply.code(status).send({ error, code: failure.code, ...fields, ...failure.placeholders, ...allowed, request_id: reply.request.id });
    }
  }
}

/** The dashboard's interface answers in its own family, also where no route matched. */
export const isDashboardApi = (url: string): boolean => url === '/dashboard/api' || url.startsWith('/dashboard/api/') || url.startsWith('/dashboard/api?');
