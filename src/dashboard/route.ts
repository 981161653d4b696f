// The one way to declare a session route (every dashboard-routes.ts uses it), so that each
// stays thin: method, URL, who may call it, its TypeBox contract, and a handler that calls one
// operation and returns an answer.
//
// Validation: the dashboard does not use Fastify's schema compiler. Bodies stay raw strings
// (app.ts) for SPEC's routes; this helper parses the JSON and checks body and path parameters
// against the contract's TypeBox schemas itself, so a bad input always answers 422
// invalid_request with `fields` in the dashboard family (never Fastify's or Ajv's texts), and
// one schema still gives the types, the check and openapi/dashboard.json.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { AppContext } from '../context.js';
import { dashboardFailure, sendFailure, type DashboardFailure } from '../lib/http/failures.js';
import { DASHBOARD_FIELD_TEXT, DASHBOARD_REFUSAL_TEXT, hasRefusalText, type DashboardErrorCode, type RefusalTextCode } from '../lib/http/messages.js';
import { parseJson, parsePathId } from '../lib/http/request.js';
import type { Refusal } from '../lib/outcome.js';
import { requireSession, type Session } from '../sessions/require-session.js';
import { sessionCookie } from '../sessions/session-cookie.js';
import type { Permission } from '../lib/permissions.js';
import { withSuccessHeaders, type DashboardContract } from './contract.js';

/**
 * Who may call: 'public' looks at no session (sign-up, login, reset); 'optional' uses a valid
 * session when there is one (accepting an invitation); 'member' needs a session of any role;
 * a permission needs a session whose membership holds it.
 */
export type Access = 'public' | 'optional' | 'member' | Permission;

export type Answer =
  | { status: 200 | 201 | 202; body: unknown; setCookie?: string; /** A body that is not JSON (a CSV stream) names its Content-Type and more here. */ headers?: Record<string, string> }
  | { status: 204; setCookie?: string }
  | EventStreamAnswer
  | DashboardFailure;

/**
 * A stream of server-sent events (the live orders list): the reply is hijacked once every check
 * has passed, so refusals stay the family's JSON; `start` gets the response with its status
 * line and headers written, and owns it from then on (its end, its timers). Fastify's onSend
 * hooks do not run for it; onResponse (metrics, the log line) runs when it ends.
 */
export interface EventStreamAnswer {
  status: 200;
  eventStream: (response: ServerResponse) => void;
}

/** Null only for 'public' routes, and for 'optional' ones without a valid session. */
export type SessionFor<A extends Access> = A extends 'public' | 'optional' ? Session | null : Session;

export interface RouteInput<B, P, A extends Access, Q = unknown> {
  request: FastifyRequest;
  body: B;
  /** A `rawBody` route's body when app.ts parsed it as a buffer (image uploads); else null. */
  bytes: Buffer | null;
  params: P;
  query: Q;
  session: SessionFor<A>;
}

export interface DashboardRouteSpec<B extends TSchema, P extends TSchema, A extends Access, Q extends TSchema = TSchema> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  access: A;
  contract: DashboardContract & { body?: B; params?: P; querystring?: Q };
  /**
   * A body that is not JSON (a bank statement's CSV, an image's bytes): the handler gets the
   * raw text as `body` (or the bytes as `bytes`, where app.ts parses the type as a buffer), the
   * cross-site hook accepts this media type instead of application/json (415 `code`
   * otherwise), and `limit` replaces BODY_LIMIT on this route only.
   */
  rawBody?: { contentType: string | readonly string[]; limit: number; refusal: DashboardErrorCode };
  /** The text of a body or query field the schema refused (its dotted path: `members.0.weight`), instead of the generic DASHBOARD_FIELD_TEXT.invalid; undefined keeps it. */
  fieldText?: (path: string) => string | undefined;
  handler(input: RouteInput<Static<B>, Static<P>, A, Static<Q>>): Promise<Answer>;
}

const isFailure = (answer: Answer): answer is DashboardFailure => 'family' in answer;

export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // no-store, as every answer of a session: it also keeps caches from holding the stream.
  'cache-control': 'no-store',
  // nginx (and proxies that follow it) pass each event on instead of buffering the response.
  'x-accel-buffering': 'no',
} as const;

/** The `fields` of a value that does not match its schema: {dotted.path: reason}. */
export function fieldErrors(schema: TSchema, value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of Value.Errors(schema, value)) {
    const at = error.instancePath.slice(1).replace(/\//g, '.');
    if (error.keyword === 'required') {
      for (const name of (error.params as { requiredProperties?: string[] }).requiredProperties ?? []) fields[at ? `${at}.${name}` : name] ??= DASHBOARD_FIELD_TEXT.required;
    } else if (error.keyword === 'additionalProperties') {
      for (const name of (error.params as { additionalProperties?: string[] }).additionalProperties ?? []) fields[at ? `${at}.${name}` : name] = DASHBOARD_FIELD_TEXT.unknownField;
    } else if (error.keyword !== 'boolean' && !(at in fields)) {
      fields[at || 'body'] = DASHBOARD_FIELD_TEXT.invalid;
    }
  }
  return fields;
}

/** A route's own text for a field the schema refused, in place of the generic one. */
function withFieldTexts(fields: Record<string, string>, fieldText?: (path: string) => string | undefined): Record<string, string> {
  if (fieldText) for (const [path, text] of Object.entries(fields)) if (text === DASHBOARD_FIELD_TEXT.invalid) fields[path] = fieldText(path) ?? text;
  return fields;
}

/**
 * A query's whole numbers as written: Value.Convert reads "1.5" as 1, "1e2" as 100 and "0x10" as
 * 16, where a person meant something else: refused like any value out of its schema.
 */
function looseIntegers(schema: TSchema, raw: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  for (const [name, property] of Object.entries(properties)) {
    const value = raw[name];
    if (property.type === 'integer' && typeof value === 'string' && !/^-?\d+$/.test(value)) fields[name] = DASHBOARD_FIELD_TEXT.invalid;
  }
  return fields;
}

export const invalid = (fields: Record<string, string>): DashboardFailure => dashboardFailure('invalid_request', { fields });

function parseBody(raw: unknown, schema: TSchema | undefined, fieldText?: (path: string) => string | undefined): { ok: true; value: unknown } | { ok: false; failure: DashboardFailure } {
  if (!schema) return { ok: true, value: undefined };
  const parsed = parseJson(raw);
  // Before any schema work: the check's hashing of `uniqueItems` recurses once per level.
  if (!parsed.ok && parsed.reason === 'too_deep') return { ok: false, failure: invalid({ body: DASHBOARD_FIELD_TEXT.tooDeep }) };
  if (!parsed.ok && parsed.reason === 'nul') return { ok: false, failure: invalid({ body: DASHBOARD_FIELD_TEXT.nul }) };
  const value = parsed.ok ? parsed.value : undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, failure: invalid({ body: DASHBOARD_FIELD_TEXT.notJson }) };
  const fields = withFieldTexts(fieldErrors(schema, value), fieldText);
  return Object.keys(fields).length > 0 ? { ok: false, failure: invalid(fields) } : { ok: true, value };
}

/**
 * Path parameters as the contract types them: an integer one (every id) only when written as a
 * positive integer (parsePathId: `0x1`, `1e0`, `+1`, ` 1` stay strings, so the check refuses
 * them and the route answers 404, as for an id of another store); others stay the router's strings.
 */
function pathParams(schema: TSchema, raw: Record<string, string>): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  return Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, properties[name]?.type === 'integer' ? (parsePathId(value) ?? value) : value]));
}

/** A refused field: 422 invalid_request with `fields[field]`. */
export type FieldRefusal = { code: 'invalid_request'; field: string };

/**
 * A refusal of an operation as the dashboard answers it: its code mapped to a dashboard code
 * (and so a status), or to the field it refused, which `fields` names with the dashboard's text
 * for the code (DASHBOARD_REFUSAL_TEXT), never the operation's message (written for operators,
 * in English). Only a code of that table can map to a field: the compiler says so.
 */
export function fromRefusal<Code extends string>(
  refusal: Refusal<Code>,
  codes: { [K in Code]: DashboardErrorCode | (K extends RefusalTextCode ? FieldRefusal : never) },
): DashboardFailure {
  const mapped: DashboardErrorCode | FieldRefusal = codes[refusal.code];
  if (typeof mapped === 'string') return dashboardFailure(mapped);
  return invalid({ [mapped.field]: hasRefusalText(refusal.code) ? DASHBOARD_REFUSAL_TEXT[refusal.code] : DASHBOARD_FIELD_TEXT.invalid });
}

function send(reply: FastifyReply, answer: Answer, cookie: string | null): FastifyReply {
  if (isFailure(answer)) return sendFailure(reply, answer);
  if ('eventStream' in answer) {
    reply.hijack();
    const set = Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined);
    reply.raw.writeHead(200, { ...Object.fromEntries(set), ...EVENT_STREAM_HEADERS, ...(cookie ? { 'set-cookie': cookie } : {}) });
    answer.eventStream(reply.raw);
    // HEAD: the headers only; ending the response closes the stream it started.
    if (reply.request.method === 'HEAD') reply.raw.end();
    return reply;
  }
  const setCookie = answer.setCookie ?? cookie;
  if (setCookie) reply.header('Set-Cookie', setCookie);
  // Answers of a session are personal: never stored by a shared cache.
  reply.header('Cache-Control', 'no-store');
  if (answer.status === 204) return reply.code(204).send();
  if (answer.headers) reply.headers(answer.headers);
  return reply.code(answer.status).send(answer.body);
}

export function dashboardRoute<B extends TSchema, P extends TSchema, A extends Access, Q extends TSchema = TSchema>(
  app: FastifyInstance,
  ctx: AppContext,
  spec: DashboardRouteSpec<B, P, A, Q>,
): void {
  const { contract } = spec;
  app.route({
    method: spec.method,
    url: spec.url,
    ...(spec.rawBody ? { bodyLimit: spec.rawBody.limit } : {}),
    config: {
      family: 'dashboard',
      dashboardContract: withSuccessHeaders(contract, spec.access !== 'public'),
      ...(spec.rawBody ? { bodyMediaType: { type: spec.rawBody.contentType, refusal: spec.rawBody.refusal } } : {}),
    },
    handler: async (request, reply) => {
      let session: Session | null = null;
      if (spec.access !== 'public') {
        const checked = await requireSession(ctx, request, spec.access === 'member' || spec.access === 'optional' ? null : spec.access);
        if (checked.ok) session = checked.value;
        else if (spec.access !== 'optional' || checked.failure.code === 'store_changed') return sendFailure(reply, checked.failure);
      }
      const params = contract.params ? pathParams(contract.params, request.params as Record<string, string>) : undefined;
      if (contract.params && Object.keys(fieldErrors(contract.params, params)).length > 0) return sendFailure(reply, dashboardFailure('not_found'));
      let query: unknown;
      if (contract.querystring) {
        // Before Convert, which changes the object it is given.
        const loose = looseIntegers(contract.querystring, request.query as Record<string, unknown>);
        query = Value.Default(contract.querystring, Value.Convert(contract.querystring, { ...(request.query as object) }));
        const fields = withFieldTexts({ ...fieldErrors(contract.querystring, query), ...loose }, spec.fieldText);
        if (Object.keys(fields).length > 0) return sendFailure(reply, invalid(fields));
      }
      const body = spec.rawBody ? { ok: true as const, value: typeof request.body === 'string' ? request.body : '' } : parseBody(request.body, contract.body, spec.fieldText);
      if (!body.ok) return sendFailure(reply, body.failure);
      const answer = await spec.handler({
        request,
        body: body.value as Static<B>,
        bytes: spec.rawBody && Buffer.isBuffer(request.body) ? request.body : null,
        params: params as Static<P>,
        query: query as Static<Q>,
        session: session as SessionFor<A>,
      });
      return send(reply, answer, session?.refreshedToken ? sessionCookie(ctx.config.publicUrl, session.refreshedToken) : null);
    },
  });
}
