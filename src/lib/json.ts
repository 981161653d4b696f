/**
 * The string fields of a JSON object kept in a text column (an order's ad parameters, an
 * export's query), in the object's order; a field of any other type is left out, and text that
 * is not a JSON object (invalid, an array, null, a lone value) reads as no fields. Stored data
 * is read, not refused: a row written by an older version still shows what it can.
 */
export function parseStringRecord(raw: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
