// What every answer of the fuzz test (test/fuzz.api.test.ts) must be, whatever was sent:
// no 5xx, no stack trace, none of Fastify's own texts, and every error body in the family of
// its path (docs/decisions.md, docs/dashboard.md). Beyond that, where the path can be read,
// the answer must be one that openapi/lapak.json or openapi/dashboard.json describes.
import { API_ERRORS, AUTH_TEXT, DASHBOARD_ERRORS } from '../src/lib/http/messages.js';
import { checkApiResponse, type CheckedResponse } from './openapi-validator.js';

export interface Answer extends CheckedResponse {
  statusCode: number;
}

type Family = 'dashboard' | 'api' | 'product' | 'form' | 'json';

/** The path the app was served: inject resolves dot segments (`/form/../x` is `/x`), as a URL does. */
const servedPath = (url: string): string => new URL(url, 'http://lapak.invalid').pathname;

/** The family a path belongs to, by its raw prefix (the fuzz never escapes a fixed segment). */
export function familyOfPath(path: string): Family {
  if (path === '/dashboard/api' || path.startsWith('/dashboard/api/')) return 'dashboard';
  if (path === '/api/order_status.php' || path === '/api/customer_lookup.php') return 'api';
  if (path.startsWith('/form/')) return 'form';
  if (path.startsWith('/api/')) return 'product';
  return 'json';
}

const AUTH_TEXTS = new Set<unknown>(Object.values(AUTH_TEXT).filter((t) => typeof t === 'string'));
const isAuthText = (text: unknown) => typeof text === 'string' && (AUTH_TEXTS.has(text) || text.startsWith('Missing scope: '));
const REQUEST_ID = /^[0-9a-f]{8}$/;
/** Fastify's and Node's own words, and the shape of a stack frame. */
const LEAKS = [/FST_[A-Z_]+/, /"statusCode"\s*:/, /\bat [^\s]+ \(?[^\s]*:\d+:\d+\)?/, /call stack/i, /Unsupported Media Type/, /is not a valid url component/, /exceeding the max param length/];

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const keysOf = (body: Record<string, unknown>) => Object.keys(body).sort().join(',');

/** The fuzz's Content-Types that name no media type (CONTENT_TYPES in fuzz-requests.ts), and Fastify's methods that carry no body. */
const NO_MEDIA_TYPE = new Set(['', ';', 'nonsense', 'application/', '/json']);
const BODYLESS = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * Where such a type is refused (docs/decisions.md, "Content-Type"): the form's 415 page (404
 * for a path the router cannot read), and never a success on the products path (its 415 comes
 * after the key or session), nor on SPEC's other two paths (their 400 invalid_json, after the
 * key, whatever the body: issue 40 §4); the payment callbacks read the body.
 */
function mediaTypeProblem(request: { method: string; headers?: Record<string, string> }, path: string, family: Family, status: number): string | null {
  const type = request.headers?.['content-type'];
  if (type === undefined || !NO_MEDIA_TYPE.has(type) || BODYLESS.has(request.method)) return null;
  if (family === 'form' && status !== 415 && status !== 404) return `a ${status} of the form to a Content-Type that names no media type (its 415 page wanted)`;
  if (path === '/api/products.php' && status < 400) return `a ${status} of the products path to a Content-Type that names no media type`;
  if ((path === '/api/order_status.php' || path === '/api/customer_lookup.php') && status < 400) return `a ${status} of ${path} to a Content-Type that names no media type`;
  return null;
}

/** Why this answer breaks the rules, or null. */
export function problemOf(request: { method: string; url: string; headers?: Record<string, string> }, answer: Answer): string | null {
  const status = answer.statusCode;
  if (status >= 500) return `a ${status}`;
  for (const leak of LEAKS) if (leak.test(answer.body)) return `the body leaks ${leak}`;
  const path = servedPath(request.url);
  const family = familyOfPath(path);
  const head = request.method === 'HEAD';
  const contentType = String(answer.headers['content-type'] ?? '');
  const refused = mediaTypeProblem(request, path, family, status);
  if (refused) return refused;

  if (family === 'form') {
    // Pages, redirects (303, 308) and not-modified answers; the form's files are not under /form/.
    if (status === 303 || status === 308 || status === 304) return null;
    return contentType.startsWith('text/html') ? null : `a ${status} of the form that is not an HTML page (${contentType})`;
  }
  if (status < 400 || head) return checkDocumented(request, answer);
  const body = parseObject(answer.body);
  if (!body) return `a ${status} whose body is not a JSON object`;

  if (family === 'dashboard') {
    const code = body.code as keyof typeof DASHBOARD_ERRORS;
    const expected = DASHBOARD_ERRORS[code];
    if (!expected || expected.status !== status || body.error !== expected.error) return `a ${status} outside the dashboard's codes: ${answer.body.slice(0, 200)}`;
    if (!REQUEST_ID.test(String(body.request_id))) return 'a dashboard error without request_id';
  } else if (family === 'api') {
    const authLayer = (status === 401 || status === 403 || status === 429) && keysOf(body) === 'error' && isAuthText(body.error);
    const code = body.code as keyof typeof API_ERRORS;
    const own = API_ERRORS[code];
    if (!authLayer && !(own && own.status === status && body.error === own.error && REQUEST_ID.test(String(body.request_id)))) {
      return `a ${status} outside the order/lookup family: ${answer.body.slice(0, 200)}`;
    }
  } else if (!['error', 'error,fields'].includes(keysOf(body)) || typeof body.error !== 'string') {
    // SPEC's {error}; the products path's dashboard answers add `fields` to a refused field.
    return `a ${status} outside the {error} family: ${answer.body.slice(0, 200)}`;
  }
  return checkDocumented(request, answer);
}

/**
 * The OpenAPI documents' word on /api/ and /dashboard/api/ answers, where the validator can
 * place the path: it decodes, and no parameter is empty (the router takes `//` as an empty id;
 * the validator's templates do not).
 */
function checkDocumented(request: { method: string; url: string }, answer: Answer): string | null {
  const path = servedPath(request.url);
  try {
    decodeURI(path);
  } catch {
    return null;
  }
  if (path.includes('//') || path.endsWith('/')) return null;
  try {
    checkApiResponse({ method: request.method, url: path + new URL(request.url, 'http://lapak.invalid').search }, answer);
    return null;
  } catch (error) {
    return `not as the OpenAPI document says: ${(error as Error).message}`;
  }
}

/** Why a log line breaks the rules (an error-level line, a stack trace), or null. */
export function logProblemOf(line: string): string | null {
  if (/"stack"/.test(line) || /\n\s+at /.test(line)) return `a log line with a stack trace: ${line.slice(0, 300)}`;
  const level = (parseObject(line)?.level as number | undefined) ?? 0;
  return level >= 50 ? `an error log line: ${line.slice(0, 300)}` : null;
}
