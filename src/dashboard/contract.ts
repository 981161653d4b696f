// The OpenAPI pieces of the dashboard's interface (openapi/dashboard.json): its error family
// {error, code, request_id} (+ fields on 422) with the exact Indonesian texts of
// DASHBOARD_ERRORS, and the contract a session route carries.
import { Type, type TSchema } from 'typebox';
import type { HeaderDoc, ResponseDoc } from '../lib/http/contract.js';
import { REQUEST_ID } from '../lib/http/contract.js';
import { DASHBOARD_ERRORS, DASHBOARD_FIELD_TEXT, type DashboardErrorCode } from '../lib/http/messages.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operation in openapi/dashboard.json (documentation only, like `contract`). */
    dashboardContract?: DashboardContract;
  }
}

/** A response of the dashboard: as the API's, but a 204 has no content (`type: 'null'` tells @fastify/swagger so). */
export type DashboardResponse = Omit<ResponseDoc, 'content'> & { content?: ResponseDoc['content'] | CsvContent | EventStreamContent; type?: 'null' };
/** A CSV file (the orders' export). */
export type CsvContent = { 'text/csv': { schema: TSchema } };
/** A stream of server-sent events (route.ts `EventStreamAnswer`). */
export type EventStreamContent = { 'text/event-stream': { schema: TSchema } };
export type Responses = Record<string, DashboardResponse>;

export interface DashboardContract {
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  /** Empty: no session needed (sign-up, login, ...). */
  security: ReadonlyArray<Record<string, readonly string[]>>;
  params?: TSchema;
  /** Query parameters: checked by route.ts like the body (422 invalid_request with `fields`). */
  querystring?: TSchema;
  body?: TSchema;
  /** Request headers the route reads (documentation only: the handler checks them). */
  headers?: TSchema;
  /** The body's media types when it is not JSON (the route then takes the raw text or bytes; route.ts `rawBody`). */
  consumes?: readonly string[];
  response: Responses;
}

export const SESSION_SCHEME = 'Session';

export const RETRY_AFTER: HeaderDoc = { description: 'Seconds to wait, an integer.', type: 'integer', minimum: 1, required: true };

const EXAMPLE_REQUEST_ID = '3f9a0c21';

function errorSchema(code: DashboardErrorCode): TSchema {
  return Type.Object(
    {
      error: Type.Literal(DASHBOARD_ERRORS[code].error),
      code: Type.Literal(code),
      ...(code === 'invalid_request'
        ? { fields: Type.Record(Type.String(), Type.String(), { description: 'Field name (dotted path) to the reason it was refused.' }) }
        : {}),
      ...(code === 'unknown_placeholder'
        ? {
            field: Type.String({ description: 'The template field that was refused.' }),
            unknown: Type.Array(Type.String(), { description: 'Its placeholders that no renderer fills, without braces.' }),
            accepted: Type.Array(Type.String(), { description: 'Every placeholder the template may use, without braces.' }),
          }
        : {}),
      ...(code === 'status_move_not_allowed'
        ? { allowed: Type.Array(Type.String(), { description: 'The statuses this member may move the order to from its current one (src/orders/core/status-moves.ts); may be empty.' }) }
        : {}),
      request_id: REQUEST_ID,
    },
    { additionalProperties: false },
  );
}

/** One status of the dashboard family: the codes that answer with it. */
export function dashboardErrorResponse(codes: readonly DashboardErrorCode[], description?: string): DashboardResponse {
  const statuses = new Set(codes.map((code) => DASHBOARD_ERRORS[code].status));
  if (statuses.size !== 1) throw new Error(`codes of one response must share a status: ${codes.join(', ')}`);
  const status = [...statuses][0]!;
  const schemas = codes.map(errorSchema);
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      {
        summary: DASHBOARD_ERRORS[code].error,
        value: {
          error: DASHBOARD_ERRORS[code].error,
          code,
          ...(code === 'invalid_request' ? { fields: { email: DASHBOARD_FIELD_TEXT.required } } : {}),
          ...(code === 'unknown_placeholder' ? { field: 'thank_you_template', unknown: ['harga'], accepted: ['nama', 'toko', 'total'] } : {}),
          ...(code === 'status_move_not_allowed' ? { allowed: ['completed'] } : {}),
          request_id: EXAMPLE_REQUEST_ID,
        },
      },
    ]),
  );
  const retry = status === 429 || status === 503;
  return {
    description: description ?? codes.map((code) => `\`${code}\``).join(', '),
    ...(retry ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: { 'application/json': { schema: schemas.length === 1 ? schemas[0]! : Type.Union(schemas), examples } },
  };
}

/** The error responses of a set of codes, grouped by status. */
export function dashboardErrors(codes: readonly DashboardErrorCode[]): Responses {
  const byStatus = new Map<number, DashboardErrorCode[]>();
  for (const code of codes) {
    const status = DASHBOARD_ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries([...byStatus].map(([status, group]) => [String(status), dashboardErrorResponse(group)]));
}

/** What every dashboard route may answer besides its own outcomes. */
export const COMMON_CODES: readonly DashboardErrorCode[] = ['body_too_large', 'internal_error', 'service_unavailable'];
export const WRITE_CODES: readonly DashboardErrorCode[] = ['cross_site_request', 'unsupported_media_type'];
export const SESSION_CODES: readonly DashboardErrorCode[] = ['login_required', 'store_changed'];

export const noContent = (description: string, headers?: Record<string, HeaderDoc>): DashboardResponse => ({ description, type: 'null', ...(headers ? { headers } : {}) });

/** A success whose body is a CSV file (the orders' export). */
export const csvResponse = (description: string, headers: Record<string, HeaderDoc>): DashboardResponse => ({
  description,
  headers,
  content: { 'text/csv': { schema: Type.String({ description: 'UTF-8 with a BOM.' }) } },
});

export const jsonResponse = (description: string, schema: TSchema, headers?: Record<string, HeaderDoc>): DashboardResponse => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});

/** Every success of the dashboard: answers are personal, never stored by a shared cache. */
export const NO_STORE: HeaderDoc = { description: 'Always `no-store`.', type: 'string', enum: ['no-store'], required: true };

/** A session route's success when the request moved the session's sliding expiry (at most once an hour). */
export const REFRESHED_COOKIE: HeaderDoc = {
  description: 'The session cookie again, with a fresh 30-day Max-Age, when this request moved the sliding expiry (at most once an hour per session).',
  type: 'string',
};

/**
 * The contract as the route answers it: every success carries Cache-Control, and a route that
 * reads a session may send the refreshed cookie on any success (route.ts adds both).
 */
export function withSuccessHeaders(contract: DashboardContract, readsSession: boolean): DashboardContract {
  const response = Object.fromEntries(
    Object.entries(contract.response).map(([status, doc]) => {
      if (!status.startsWith('2')) return [status, doc];
      const cookie = readsSession && !doc.headers?.['Set-Cookie'] ? { 'Set-Cookie': REFRESHED_COOKIE } : {};
      return [status, { ...doc, headers: { 'Cache-Control': NO_STORE, ...cookie, ...doc.headers } }];
    }),
  );
  return { ...contract, response };
}

/** Logout: the session cookie emptied, with Max-Age=0, so the browser drops it. */
export const CLEARED_COOKIE: HeaderDoc = {
  description: 'The session cookie emptied (`Max-Age=0`), with the attributes it was set with: the browser drops it.',
  type: 'string',
  pattern: 'Max-Age=0;',
  required: true,
};

export const SET_COOKIE: HeaderDoc = {
  description: 'The session cookie (`lapak_session`, or `__Host-lapak_session` under an https PUBLIC_URL): HttpOnly, SameSite=Lax, Path=/, Max-Age 30 days.',
  type: 'string',
  required: true,
};
