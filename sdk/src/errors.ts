// One error class per HTTP status family of SPEC's answers, each carrying the SPEC `code`
// (when the family has one), the `request_id`, the missing scope of a 403 and the parsed
// rate-limit fields. Errors never carry the API key or the request body.
import type { RateLimitInfo } from './rate-limit.js';
import type { ErrorCode, OperationId } from './types.js';

/**
 * SPEC's error families: the authentication layer (`{error}`: 401, 403, 429), the order
 * endpoint and the customer lookup (`{error, code, request_id}`), the product endpoint
 * (`{error}`).
 */
export type ErrorFamily = 'auth' | 'order' | 'lookup' | 'product';

export type AnyErrorCode = ErrorCode<OperationId>;

/** Why a 401 happened, from SPEC's exact texts ("unknown" for a text this SDK does not know). */
export type AuthFailureReason = 'missing' | 'malformed' | 'invalid' | 'revoked' | 'expired' | 'login_required' | 'unknown';

// SPEC "Errors", authentication layer (checked against openapi/lapak.json by the tests).
export const AUTH_REASONS: Readonly<Record<string, AuthFailureReason>> = {
  'API key required (X-API-Key header)': 'missing',
  'Malformed API key': 'malformed',
  'Invalid API key': 'invalid',
  'API key revoked': 'revoked',
  'API key expired': 'expired',
  'Login required': 'login_required',
};
const MISSING_SCOPE = /^Missing scope: (.+)$/;
const TENANT_INACTIVE = 'Tenant inactive';

/** Base class of everything this SDK throws on purpose. */
export class LapakError extends Error {
  override name = 'LapakError';
}

export interface ApiErrorDetails {
  operation: OperationId;
  status: number;
  body: unknown;
  rateLimit: RateLimitInfo;
  /** Attempts made, the failing one included. */
  attempts: number;
}

/** The server answered with an error status. */
export class LapakApiError extends LapakError {
  override name = 'LapakApiError';
  readonly operation: OperationId;
  readonly status: number;
  readonly family: ErrorFamily;
  /** SPEC's stable `code` (order and lookup families); null where the family has none. */
  readonly code: AnyErrorCode | null;
  /** The answer's `request_id` (order and lookup families), also in the service log. */
  readonly requestId: string | null;
  /** The answer's `error` text, exactly as sent. */
  readonly error: string;
  readonly body: unknown;
  readonly rateLimit: RateLimitInfo;
  readonly attempts: number;

  constructor(details: ApiErrorDetails) {
    const body = (typeof details.body === 'object' && details.body !== null ? details.body : {}) as Record<string, unknown>;
    const error = typeof body.error === 'string' ? body.error : `HTTP ${details.status}`;
    const code = typeof body.code === 'string' ? body.code : null;
    const requestId = typeof body.request_id === 'string' ? body.request_id : null;
    super(`${details.operation}: ${details.status} ${error}${code ? ` (${code})` : ''}${requestId ? ` [request_id ${requestId}]` : ''}`);
    this.operation = details.operation;
    this.status = details.status;
    this.family = familyOf(details.operation, details.status, code);
    this.code = code;
    this.requestId = requestId;
    this.error = error;
    this.body = details.body;
    this.rateLimit = details.rateLimit;
    this.attempts = details.attempts;
  }
}

function familyOf(operation: OperationId, status: number, code: string | null): ErrorFamily {
  if ((status === 401 || status === 403 || status === 429) && code === null) return 'auth';
  if (operation === 'getOrder' || operation === 'updateOrderStatus') return 'order';
  if (operation === 'lookupCustomer') return 'lookup';
  return 'product';
}

/** 400: the request itself is wrong (never retried). */
export class BadRequestError extends LapakApiError {
  override name = 'BadRequestError';
}

/** 401: a configuration error (never retried). */
export class AuthenticationError extends LapakApiError {
  override name = 'AuthenticationError';
  readonly reason: AuthFailureReason;
  constructor(details: ApiErrorDetails) {
    super(details);
    this.reason = AUTH_REASONS[this.error] ?? 'unknown';
  }
}

/** 403: the key lacks a scope, or the store is inactive (never retried). */
export class PermissionError extends LapakApiError {
  override name = 'PermissionError';
  /** The first scope the key lacks (`Missing scope: <scope>`), else null. */
  readonly missingScope: string | null;
  readonly tenantInactive: boolean;
  constructor(details: ApiErrorDetails) {
    super(details);
    this.missingScope = MISSING_SCOPE.exec(this.error)?.[1] ?? null;
    this.tenantInactive = this.error === TENANT_INACTIVE;
  }
}

export class NotFoundError extends LapakApiError {
  override name = 'NotFoundError';
}

/** 409: `status_conflict` and `order_terminal` are final; the SDK retries the other two. */
export class ConflictError extends LapakApiError {
  override name = 'ConflictError';
}

/** 422 (never retried). `closing_incomplete` lists what is missing. */
export class UnprocessableEntityError extends LapakApiError {
  override name = 'UnprocessableEntityError';
  readonly missingFields: unknown[] | null;
  constructor(details: ApiErrorDetails) {
    super(details);
    const body = details.body as { missing_fields?: unknown } | null;
    this.missingFields = Array.isArray(body?.missing_fields) ? body.missing_fields : null;
  }
}

/** 429. Thrown after the retries, or at once when the wait exceeds `maxRetryAfter`. */
export class RateLimitError extends LapakApiError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait (`Retry-After`). */
  readonly retryAfter: number | null;
  /** The window that refused (the `RateLimit` item with r=0), e.g. `key-day`. */
  readonly window: string | null;
  /** True when the SDK did not wait because `retryAfter` exceeded `maxRetryAfter`. */
  readonly exceedsMaxRetryAfter: boolean;
  constructor(details: ApiErrorDetails & { maxRetryAfter: number }) {
    super(details);
    this.retryAfter = details.rateLimit.retryAfter;
    this.window = details.rateLimit.windows.find((w) => w.remaining === 0)?.name ?? null;
    this.exceedsMaxRetryAfter = this.retryAfter !== null && this.retryAfter > details.maxRetryAfter;
  }
}

/** 500, 503 and other 5xx: retried; thrown once the retries are spent. */
export class ServerError extends LapakApiError {
  override name = 'ServerError';
}

/** Builds the error of one answer. */
export function apiError(details: ApiErrorDetails & { maxRetryAfter: number }): LapakApiError {
  switch (details.status) {
    case 400:
      return new BadRequestError(details);
    case 401:
      return new AuthenticationError(details);
    case 403:
      return new PermissionError(details);
    case 404:
      return new NotFoundError(details);
    case 409:
      return new ConflictError(details);
    case 422:
      return new UnprocessableEntityError(details);
    case 429:
      return new RateLimitError(details);
    default:
      return details.status >= 500 ? new ServerError(details) : new LapakApiError(details);
  }
}

/** No answer: the connection failed (refused, reset, DNS). */
export class ConnectionError extends LapakError {
  override name = 'ConnectionError';
  /** True when the request cannot have reached the server (refused, DNS): safe even for duplicate. */
  readonly beforeSending: boolean;
  readonly attempts: number;
  constructor(message: string, options: { cause: unknown; beforeSending: boolean; attempts: number }) {
    super(message, { cause: options.cause });
    this.beforeSending = options.beforeSending;
    this.attempts = options.attempts;
  }
}

/** An attempt took longer than `timeout`. */
export class TimeoutError extends LapakError {
  override name = 'TimeoutError';
  readonly attempts: number;
  constructor(message: string, attempts: number) {
    super(message);
    this.attempts = attempts;
  }
}
