// The contract a route carries for the OpenAPI document (openapi/lapak.json): its operation
// (summary, parameters, body, every response) and the builders of SPEC's three error families.
//
// A contract documents; it never checks. It sits in the route's `config`, which Fastify
// stores and never compiles: a schema in the route's `schema` would be compiled into a
// validator that answers before the handler (with Ajv's texts, not SPEC's, and before SPEC's
// order of checks) and into a serialiser that drops fields its schema does not list. So
// every answer stays decided where it is today, and src/openapi.ts hands the contracts to
// @fastify/swagger. The API tests check every response against the document.
import { Type, type TSchema } from 'typebox';
import { API_ERRORS, AUTH_TEXT, TRANSPORT_TEXT, type ApiErrorCode } from './messages.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's operation in openapi/lapak.json (documentation only, see above). */
    contract?: OperationContract;
    /**
     * The answers of a route that takes every method a path's operations do not; the
     * document keeps them beside the path's operations, under `x-other-methods`.
     */
    otherMethods?: OtherMethodsContract;
  }
}

/** A response header as @fastify/swagger takes it: its JSON Schema and description. */
export interface HeaderDoc {
  description: string;
  type: 'integer' | 'string';
  minimum?: number;
  enum?: readonly string[];
  pattern?: string;
  /** Moved out of the schema into the Header Object by src/openapi.ts. */
  required?: boolean;
}

export interface Example {
  summary: string;
  value: unknown;
}

/** One response of an operation, in the form @fastify/swagger passes through. */
export interface ResponseDoc {
  description: string;
  headers?: Record<string, HeaderDoc>;
  content: { 'application/json': { schema: TSchema; examples?: Record<string, Example> } };
}

export type Responses = Record<string, ResponseDoc>;

export interface OperationContract {
  operationId: string;
  summary: string;
  description: string;
  tags: readonly string[];
  /** OpenAPI 3.1 lets an apiKey scheme list the scopes it needs; alternatives are ORed. */
  security: ReadonlyArray<Record<string, readonly string[]>>;
  querystring?: TSchema;
  headers?: TSchema;
  body?: TSchema;
  response: Responses;
  /** One working request, from which src/openapi.ts writes the operation's curl example. */
  example: RequestExample;
}

/** A request of an operation: its query, extra headers (besides the key) and JSON body. */
export interface RequestExample {
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: unknown;
}

/** A curl command for the request, with the base address and key as shell variables. */
export function curlExample(method: string, path: string, example: RequestExample): string {
  const query = example.query ? `?${new URLSearchParams(example.query).toString()}` : '';
  const lines = [`curl -s${method === 'GET' ? '' : ` -X ${method}`} "$LAPAK_BASE_URL${path}${query}"`, '-H "X-API-Key: $LAPAK_API_KEY"'];
  for (const [name, value] of Object.entries(example.headers ?? {})) lines.push(`-H '${name}: ${value}'`);
  if (example.body !== undefined) lines.push(`-H 'Content-Type: application/json'`, `-d '${JSON.stringify(example.body).replace(/'/g, `'\\''`)}'`);
  return lines.join(' \\\n  ');
}

export interface OtherMethodsContract {
  description: string;
  response: Responses;
}

/** The security scheme of every API-key operation (declared in src/openapi.ts). */
export const API_KEY_SCHEME = 'ApiKey';

/** An operation open to keys holding `scope`, or `*`. */
export const requiresScope = (scope: string) => [{ [API_KEY_SCHEME]: [scope] }, { [API_KEY_SCHEME]: ['*'] }];

export const REQUEST_ID = Type.String({
  pattern: '^[0-9a-f]{8}$',
  description: 'The request id: 8 lowercase hexadecimal characters, also in the service log.',
});

const EXAMPLE_REQUEST_ID = '3f9a0c21';

const json = (schema: TSchema, examples?: Record<string, Example>): ResponseDoc['content'] => ({
  'application/json': examples ? { schema, examples } : { schema },
});

// ---- Headers ---------------------------------------------------------------------------

export const RETRY_AFTER_LIMIT: HeaderDoc = {
  description:
    'Seconds to wait (an integer, never an HTTP date): the width of the window that is full (60, 3600 or 86400), ' +
    'or on /api/products.php while the IP is blocked, the seconds left of the block, rounded up.',
  type: 'integer',
  minimum: 1,
  required: true,
};

export const RETRY_AFTER_UNAVAILABLE: HeaderDoc = {
  description: 'Seconds to wait before retrying: always 5.',
  type: 'integer',
  minimum: 1,
  required: true,
};

export const allowHeader = (allowed: readonly string[]): HeaderDoc => ({
  description: 'The methods this path takes for the request.',
  type: 'string',
  enum: allowed,
  required: true,
});

// ---- The {error} families: authentication layer and product endpoint ---------------------

/** A text of an {error} body: exact, or a prefix followed by the caller's value. */
export type ErrorText = string | { prefix: string; example: string };

/** `{error}`, with `error` one of the texts (named for the examples). */
export function errorBody(texts: Record<string, ErrorText>): { schema: TSchema; examples: Record<string, Example> } {
  const exact = Object.values(texts).filter((text): text is string => typeof text === 'string');
  const prefixes = Object.values(texts).filter((text): text is { prefix: string; example: string } => typeof text !== 'string');
  const alternatives: TSchema[] = [
    ...(exact.length > 0 ? [Type.Enum(exact, { type: 'string' })] : []),
    ...prefixes.map((text) => Type.String({ pattern: `^${escapeRegExp(text.prefix)}` })),
  ];
  const error = alternatives.length === 1 ? alternatives[0]! : Type.Union(alternatives);
  const examples = Object.fromEntries(
    Object.entries(texts).map(([name, text]) => {
      const value = typeof text === 'string' ? text : text.example;
      return [name, { summary: value, value: { error: value } }];
    }),
  );
  return { schema: Type.Object({ error }, { additionalProperties: false }), examples };
}

export function errorResponse(description: string, texts: Record<string, ErrorText>, headers?: Record<string, HeaderDoc>): ResponseDoc {
  const { schema, examples } = errorBody(texts);
  return { description, ...(headers ? { headers } : {}), content: json(schema, examples) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The five 401 texts of the key check, in its order. */
export const KEY_CHECK_TEXTS = {
  key_required: AUTH_TEXT.keyRequired,
  malformed: AUTH_TEXT.malformed,
  invalid: AUTH_TEXT.invalid,
  revoked: AUTH_TEXT.revoked,
  expired: AUTH_TEXT.expired,
} satisfies Record<string, ErrorText>;

export const unauthorisedResponse = (extra: Record<string, ErrorText> = {}, note = ''): ResponseDoc =>
  errorResponse(
    'Authentication layer: the key is missing (header absent or blank), malformed (not `lpk_` + 48 lowercase hex), ' +
      `unknown, revoked or expired. Checked in that order. Body \`{error}\` only. Not retryable: fix the configuration.${note}`,
    { ...KEY_CHECK_TEXTS, ...extra },
  );

/** 403: the store is inactive, or the key lacks the operation's scope (named: the first missing one). */
export const forbiddenResponse = (scope: string | null, extra: Record<string, ErrorText> = {}, note = ''): ResponseDoc =>
  errorResponse(
    'Authentication layer: the key\'s store is inactive' +
      (scope ? `, or the key holds neither \`${scope}\` nor \`*\` (scopes match by exact string equality)` : '') +
      `. Body \`{error}\` only. Not retryable.${note}`,
    { tenant_inactive: AUTH_TEXT.tenantInactive, ...(scope ? { missing_scope: AUTH_TEXT.missingScope(scope) } : {}), ...extra },
  );

/** 429: `which` names the window(s) that can be full; the operation's description lists the limits. */
export const tooManyRequestsResponse = (which: string): ResponseDoc =>
  errorResponse(
    `Too many requests: ${which}. Body \`{error}\` only. Retry after \`Retry-After\` seconds.`,
    { too_many_requests: AUTH_TEXT.tooManyRequests },
    { 'Retry-After': RETRY_AFTER_LIMIT },
  );

// ---- The product endpoint's own failures of the service ------------------------------------

export const PRODUCT_FAILURES = {
  413: errorResponse('The body is larger than the server\'s limit (`BODY_LIMIT`, 64 KiB by default).', { body_too_large: TRANSPORT_TEXT.bodyTooLarge }),
  500: errorResponse('Service failure. Retryable. The body never carries internal error text.', { internal_error: TRANSPORT_TEXT.internalError }),
  503: errorResponse(
    'PostgreSQL or Redis (the rate-limit store) does not answer; nothing was changed. Retry after `Retry-After` seconds.',
    { service_unavailable: TRANSPORT_TEXT.serviceUnavailable },
    { 'Retry-After': RETRY_AFTER_UNAVAILABLE },
  ),
} satisfies Responses;

// ---- The order-endpoint family: {error, code, request_id} ----------------------------------

/** The body of one code of the family: its exact text, the code, the request id (and for closing_incomplete, missing_fields). */
function apiErrorSchema(code: ApiErrorCode): TSchema {
  return Type.Object(
    {
      error: Type.Literal(API_ERRORS[code].error),
      code: Type.Literal(code),
      ...(code === 'closing_incomplete'
        ? { missing_fields: Type.Array(Type.String(), { description: 'Field paths of the order record that are empty, e.g. `customer.address`, `courier`.' }) }
        : {}),
      request_id: REQUEST_ID,
    },
    { additionalProperties: false },
  );
}

const API_ERROR_EXAMPLE_EXTRA: Partial<Record<ApiErrorCode, Record<string, unknown>>> = {
  closing_incomplete: { missing_fields: ['customer.address', 'courier'] },
};

/** One status of the family: the codes that answer with it, each with its exact text. */
export function apiErrorResponse(description: string, codes: readonly ApiErrorCode[], headers?: Record<string, HeaderDoc>): ResponseDoc {
  const schemas = codes.map(apiErrorSchema);
  const examples = Object.fromEntries(
    codes.map((code) => [
      code,
      { summary: API_ERRORS[code].error, value: { error: API_ERRORS[code].error, code, ...API_ERROR_EXAMPLE_EXTRA[code], request_id: EXAMPLE_REQUEST_ID } },
    ]),
  );
  return {
    description,
    ...(headers ? { headers } : {}),
    content: json(schemas.length === 1 ? schemas[0]! : Type.Union(schemas), examples),
  };
}

export const API_FAILURES = {
  413: apiErrorResponse('The body is larger than the server\'s limit (`BODY_LIMIT`, 64 KiB by default).', ['body_too_large']),
  500: apiErrorResponse('Service failure. Retryable. The body never carries internal error text.', ['internal_error']),
  503: apiErrorResponse(
    'PostgreSQL or Redis (the rate-limit store) does not answer; nothing was changed. Retry after `Retry-After` seconds.',
    ['service_unavailable'],
    { 'Retry-After': RETRY_AFTER_UNAVAILABLE },
  ),
} satisfies Responses;

/** A success body with one example. */
export const successResponse = (description: string, schema: TSchema, example: unknown, headers?: Record<string, HeaderDoc>): ResponseDoc => ({
  description,
  ...(headers ? { headers } : {}),
  content: json(schema, { example: { summary: description, value: example } }),
});

// ---- The IETF RateLimit fields (src/lib/http/rate-limit-headers.ts) -------------------------

const POLICY_ITEM = '"[a-z-]+";q=[0-9]+;w=[0-9]+';
const STATE_ITEM = '"[a-z-]+";r=[0-9]+;t=[0-9]+';

/** Statuses answered before the handler runs or after it failed: the fields may be absent. */
const OUTSIDE_THE_HANDLER = new Set(['413', '500', '503']);

/**
 * Adds `RateLimit-Policy` and `RateLimit` to every response of a rate-limited route.
 * `stateAlways`: the route consumes a window before anything else (the IP windows), so
 * every answer of its handler carries `RateLimit`; otherwise only a 429 must.
 * `alsoBefore`: statuses also answered before the handler (the dashboard's cross-site 403).
 */
export function withRateLimitHeaders<C extends { response: Responses }>(contract: C, policy: string, stateAlways: boolean, alsoBefore: readonly string[] = []): C {
  const response = Object.fromEntries(
    Object.entries(contract.response).map(([status, doc]) => {
      const inHandler = !OUTSIDE_THE_HANDLER.has(status) && !alsoBefore.includes(status);
      const headers: Record<string, HeaderDoc> = {
        ...doc.headers,
        'RateLimit-Policy': {
          description:
            `Every window of this endpoint (draft-ietf-httpapi-ratelimit-headers-11), quotas after \`RATE_LIMIT_SCALE\`: \`${policy}\`. ` +
            'q is the quota, w the window in seconds.',
          type: 'string',
          pattern: `^${POLICY_ITEM}(, ${POLICY_ITEM})*$`,
          ...(inHandler ? { required: true } : {}),
        },
        RateLimit: {
          description:
            'Each window this request consumed, in the order consumed: r requests remaining, t seconds until it resets ' +
            '(on the products path while blocked, until the block ends). A window that refused shows r=0. ' +
            'Absent when the request consumed no window (a key refused before its windows). `Retry-After` takes precedence over t.',
          type: 'string',
          pattern: `^${STATE_ITEM}(, ${STATE_ITEM})*$`,
          ...(inHandler && (stateAlways || status === '429') ? { required: true } : {}),
        },
      };
      return [status, { ...doc, headers }];
    }),
  );
  return { ...contract, response };
}
