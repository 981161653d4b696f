// Checks a response of an /api/ path against openapi/lapak.json: the path and method (or
// the path's x-other-methods), the status, the headers and the body. A response the
// document does not describe throws. test/helpers.ts runs it on every request of the API
// tests. OpenAPI 3.1 schemas are JSON Schema 2020-12, hence Ajv's 2020 build.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { readOpenapiFile } from './openapi-document.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const OPERATION_FIELDS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Headers of the transport, not of the API: no document lists them. */
const TRANSPORT_HEADERS = new Set(['content-type', 'content-length', 'connection', 'date', 'keep-alive', 'transfer-encoding']);

export interface CheckedRequest {
  method: string;
  url: string;
}

export interface CheckedResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}

let state: { document: Json; ajv: Ajv2020; compiled: Map<string, ValidateFunction> } | null = null;

function load() {
  if (!state) {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormatsModule.default(ajv);
    state = { document: JSON.parse(readOpenapiFile()) as Json, ajv, compiled: new Map() };
  }
  return state;
}

function validator(key: string, schema: unknown): ValidateFunction {
  const { ajv, compiled } = load();
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema as Json);
    compiled.set(key, validate);
  }
  return validate;
}

function pick(map: unknown, key: string, what: string): Json {
  const value = isObject(map) ? map[key] : undefined;
  if (!isObject(value)) throw new Error(`${what}: not in openapi/lapak.json`);
  return value;
}

function headerValue(headers: CheckedResponse['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

/** Throws when the document does not describe this response; does nothing outside /api/. */
export function checkApiResponse(request: CheckedRequest, response: CheckedResponse): void {
  const path = new URL(request.url, 'http://lapak.invalid').pathname;
  if (!path.startsWith('/api/')) return;
  const method = request.method.toLowerCase();
  const { document } = load();
  const where = `${request.method} ${path} -> ${response.statusCode}`;

  const pathItem = pick(document.paths, path, `path ${path}`);
  const operation = OPERATION_FIELDS.has(method) && isObject(pathItem[method]) ? pathItem[method] : pick(pathItem, 'x-other-methods', `${request.method} ${path}`);
  const responses = pick(operation, 'responses', where);
  const status = String(response.statusCode);
  const described = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
  if (!isObject(described)) throw new Error(`${where}: the document does not describe this status`);

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
    const validate = validator(`${request.method} ${path} ${status} header ${name}`, schema);
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
  if (method === 'head') return;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    throw new Error(`${where}: the body is not JSON: ${response.body.slice(0, 200)}`);
  }
  const validate = validator(`${request.method} ${path} ${status} body`, media.schema);
  if (!validate(body)) {
    throw new Error(`${where}: the body does not match the document: ${JSON.stringify(validate.errors)}\n${response.body.slice(0, 500)}`);
  }
}
