// Checks a response against the OpenAPI document of its path: /api/ against openapi/lapak.json,
// /dashboard/api/ against openapi/dashboard.json. The path (templated paths included) and
// method (or the path's x-other-methods), the status, the headers and the body. A response
// the document does not describe throws. test/helpers.ts and test/http-client.ts run it on
// every request of the tests. OpenAPI 3.1 schemas are JSON Schema 2020-12, hence Ajv's 2020 build.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { DASHBOARD_ERRORS, type DashboardErrorCode } from '../src/lib/http/messages.js';
import { readDashboardOpenapiFile, readOpenapiFile } from './openapi-document.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const OPERATION_FIELDS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Headers of the transport, not of the API: no document lists them. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'connection', 'date', 'keep-alive', 'transfer-encoding']);

/**
 * What a /dashboard/api/ request that reaches no operation may get (the document's description
 * says so): the cross-site hook's refusals, which run before routing, and the JSON 404.
 */
const UNROUTED_DASHBOARD_CODES: readonly DashboardErrorCode[] = ['not_found', 'cross_site_request', 'unsupported_media_type', 'body_too_large'];

export interface CheckedRequest {
  method: string;
  url: string;
}

export interface CheckedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

interface LoadedDocument {
  file: string;
  document: Json;
  /** Templated paths ("/dashboard/api/keys/{id}/revoke") as patterns, literal ones first. */
  templates: Array<{ path: string; pattern: RegExp }>;
}

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormatsModule.default(ajv);
const compiled = new Map<string, ValidateFunction>();
const loaded = new Map<string, LoadedDocument>();

function load(file: string, read: () => string): LoadedDocument {
  let entry = loaded.get(file);
  if (!entry) {
    const document = JSON.parse(read()) as Json;
    const paths = Object.keys(isObject(document.paths) ? document.paths : {});
    const templates = paths
      .filter((p) => p.includes('{'))
      .map((p) => ({ path: p, pattern: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`) }));
    entry = { file, document, templates };
    loaded.set(file, entry);
  }
  return entry;
}

function validator(key: string, schema: unknown): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as Json);
    compiled.set(key, validate);
  }
  return validate;
}

function pick(map: unknown, key: string, what: string, file: string): Json {
  const value = isObject(map) ? map[key] : undefined;
  if (!isObject(value)) throw new Error(`${what}: not in ${file}`);
  return value;
}

function headerValue(headers: CheckedResponse['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** The document's path item of a concrete path: the literal one, else the templated one that matches. */
function pathItemOf(doc: LoadedDocument, path: string): { key: string; item: Json } | null {
  const paths = isObject(doc.document.paths) ? doc.document.paths : {};
  if (isObject(paths[path])) return { key: path, item: paths[path] };
  const template = doc.templates.find((t) => t.pattern.test(path));
  return template ? { key: template.path, item: paths[template.path] as Json } : null;
}

const isDashboardPath = (path: string): boolean => path === '/dashboard/api' || path.startsWith('/dashboard/api/');

/**
 * SPEC: /api/products.php without an `action` is the dashboard's path; its four verbs are
 * openapi/dashboard.json's operations (any other method stays lapak.json's x-other-methods).
 */
function isProductsDashboardPath(request: CheckedRequest, path: string): boolean {
  if (path !== '/api/products.php' || !['GET', 'POST', 'PATCH', 'DELETE'].includes(request.method.toUpperCase())) return false;
  const action = new URL(request.url, 'http://lapak.invalid').searchParams.get('action');
  return action === null || action === '';
}

/** Throws when the document of the path does not describe this response; does nothing outside /api/ and /dashboard/api/. */
export function checkApiResponse(request: CheckedRequest, response: CheckedResponse): void {
  // The path as the router reads it: percent-escapes decoded (decodeURI keeps %2F, as it does).
  const path = decodeURI(new URL(request.url, 'http://lapak.invalid').pathname);
  if (isProductsDashboardPath(request, path)) return checkDocumented(load('openapi/dashboard.json', readDashboardOpenapiFile), request, path, response);
  if (path.startsWith('/api/')) return checkDocumented(load('openapi/lapak.json', readOpenapiFile), request, path, response);
  if (isDashboardPath(path)) return checkDocumented(load('openapi/dashboard.json', readDashboardOpenapiFile), request, path, response);
}

function checkDocumented(doc: LoadedDocument, request: CheckedRequest, path: string, response: CheckedResponse): void {
  const method = request.method.toLowerCase();
  const where = `${request.method} ${path} -> ${response.statusCode}`;
  const dashboard = doc.file.endsWith('dashboard.json');

  const found = pathItemOf(doc, path);
  if (!found && dashboard) return checkUnrouted(where, response);
  const { key, item: pathItem } = found ?? { key: path, item: pick(doc.document.paths, path, `path ${path}`, doc.file) };
  const hasMethod = OPERATION_FIELDS.has(method) && isObject(pathItem[method]);
  if (!hasMethod && dashboard) return checkUnrouted(where, response);
  const operation = hasMethod ? (pathItem[method] as Json) : pick(pathItem, 'x-other-methods', `${request.method} ${path}`, doc.file);
  const responses = pick(operation, 'responses', where, doc.file);
  const status = String(response.statusCode);
  const described = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!isObject(described)) throw new Error(`${where}: the document does not describe this status`);
  const cacheKey = `${doc.file} ${request.method} ${key} ${status}`;

  const documentedHeaders = isObject(described.headers) ? described.headers : {};
  const documentedNames = new Set(Object.keys(documentedHeaders).map((name) => name.toLowerCase()));
  for (const name of Object.keys(response.headers)) {
    if (!TRANSPORT_HEADERS.has(name.toLowerCase()) && !documentedNames.has(name.toLowerCase())) {
      throw new Error(`${where}: header ${name} is not in the document`);
    }
  }
  for (const [name, header] of Object.entries(documentedHeaders)) {
    if (!isObject(header)) continue;
    const value = headerValue(response.headers, name);
    if (value === undefined) {
      if (header.required === true) throw new Error(`${where}: required header ${name} is missing`);
      continue;
    }
    const schema = isObject(header.schema) ? header.schema : {};
    const parsed = schema.type === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
    const validate = validator(`${cacheKey} header ${name}`, schema);
    if (!validate(parsed)) throw new Error(`${where}: header ${name}: ${value} does not match the document (${JSON.stringify(validate.errors)})`);
  }

  if (!isObject(described.content)) {
    if (response.body !== '') throw new Error(`${where}: the document describes no body, but one was sent`);
    return;
  }
  const contentType = headerValue(response.headers, 'content-type')?.split(';')[0]?.trim();
  const media = contentType ? described.content[contentType] : undefined;
  if (!isObject(media)) throw new Error(`${where}: content type ${contentType} is not in the document`);
  // A HEAD response carries the headers of the answer without its body.
  if (request.method.toLowerCase() === 'head') return;
  // Server-sent events (the live orders list): events, not one JSON document.
  if (contentType === 'text/event-stream') return;
  // A body of another media type (the orders' CSV export) is its text, checked as a string.
  const body = contentType === 'application/json' ? parseJson(where, response.body) : response.body;
  const validate = validator(`${cacheKey} body`, media.schema);
  if (!validate(body)) {
    throw new Error(`${where}: the body does not match the document: ${JSON.stringify(validate.errors)}\n${response.body.slice(0, 500)}`);
  }
}

function parseJson(where: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${text.slice(0, 200)}`);
  }
}

/** A /dashboard/api/ request no operation takes: one of the family's unrouted answers, with no header of its own. */
function checkUnrouted(where: string, response: CheckedResponse): void {
  for (const name of Object.keys(response.headers)) {
    if (!TRANSPORT_HEADERS.has(name.toLowerCase())) throw new Error(`${where}: header ${name} is not in the document`);
  }
  const body = parseJson(where, response.body) as Json;
  const code = UNROUTED_DASHBOARD_CODES.find((c) => c === body.code);
  const expected = code && DASHBOARD_ERRORS[code];
  const keys = Object.keys(body).sort().join(',');
  if (!code || !expected || expected.status !== response.statusCode || body.error !== expected.error || keys !== 'code,error,request_id' || !/^[0-9a-f]{8}$/.test(String(body.request_id))) {
    throw new Error(`${where}: no operation in openapi/dashboard.json takes this request, and the answer is not the family's 404 not_found (or the cross-site hook's refusal): ${response.body.slice(0, 200)}`);
  }
}
