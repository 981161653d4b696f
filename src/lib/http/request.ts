// Small parsers shared by the handlers. Bodies arrive as raw strings (see app.ts) so that
// each endpoint answers malformed JSON in its own error family.

/**
 * The deepest JSON body any route reads: arrays and objects nested at most this many levels.
 * Deeper bodies are refused before JSON.parse, so nothing after it (schema checks, hashing of
 * an Idempotency-Key's content, the variant price rules) can recurse off the stack on a body
 * built for it: 64 KiB of `[` is 65,536 levels. No body of any route needs more than a handful.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * What stops JSON text from being read, found before JSON.parse in one pass over the
 * characters (no recursion; brackets inside strings skipped): arrays and objects nested deeper
 * than `maxDepth`, or a string holding U+0000 (the escape `\u0000`), which PostgreSQL cannot
 * store in text or jsonb (SQLite can): refused on both, so both keep the same data. It does not
 * check the syntax: JSON.parse does that after it (a raw NUL is invalid JSON already).
 */
export function jsonHazard(text: string, maxDepth: number): 'too_deep' | 'nul' | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) {
        if (text.startsWith('u0000', i + 1)) return 'nul';
        i += 1;
      } else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > maxDepth) return 'too_deep';
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return null;
}

export type ParsedJson = { ok: true; value: unknown } | { ok: false; reason: 'empty' | 'not_json' | 'too_deep' | 'nul' };

/** The one reading of a JSON body, for every route that takes one (SPEC's paths, the payment callbacks, the dashboard). */
export function parseJson(raw: unknown): ParsedJson {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'empty' };
  const hazard = jsonHazard(raw, MAX_JSON_DEPTH);
  if (hazard) return { ok: false, reason: hazard };
  try {
    return { ok: true, value: JSON.parse(raw) as unknown };
  } catch {
    return { ok: false, reason: 'not_json' };
  }
}

/** A JSON object body, else null (SPEC's families answer every other body, too deep or holding U+0000 included, as "not a JSON object"). */
/**
 * A request's body as a JSON object, or null. A Content-Type that names no media type (empty,
 * `;`, `nonsense`: app.ts notes it as unreadable) says the body is not JSON, whatever its bytes:
 * null too, so such a request is refused the same way with any body (SPEC's invalid_json on the
 * order status and lookup paths; issue 40 §4).
 */
export function requestJsonObject(request: { body: unknown; contentTypeUnreadable: boolean }): Record<string, unknown> | null {
  return request.contentTypeUnreadable ? null : parseJsonObject(request.body);
}

export function parseJsonObject(raw: unknown): Record<string, unknown> | null {
  const parsed = parseJson(raw);
  if (!parsed.ok) return null;
  const { value } = parsed;
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A positive integer id from a query string or JSON value, else null. */
export function parsePositiveId(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : null;
  if (typeof value === 'string' && /^[1-9][0-9]{0,15}$/.test(value.trim())) {
    const n = Number(value.trim());
    return Number.isSafeInteger(n) ? n : null;
  }
  return null;
}

/**
 * An id in a URL path: a positive integer written as one, digits only (no sign, space, `0x`,
 * exponent or leading zero), else null. The router has already decoded percent-escapes, so
 * `%201` arrives as ` 1` and is refused here.
 */
export function parsePathId(value: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

export function queryParam(query: unknown, name: string): string | undefined {
  const value = (query as Record<string, unknown> | undefined)?.[name];
  if (Array.isArray(value)) return typeof value[0] === 'string' ? value[0] : undefined;
  return typeof value === 'string' ? value : undefined;
}
