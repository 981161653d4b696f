// The dashboard's addresses keep their search parameters as plain text (?cs=2&q=0812-3456-7890),
// not as the router's default JSON (?cs=%222%22), so that a view shared by a teammate reads as
// what it is. Every page reads its parameters as text (validateSearch), numbers included.
import { parseSearchWith, stringifySearchWith } from '@tanstack/react-router';

/** A value as text; one written as a JSON string (the router's own format, in links made before) without its quotes. */
function text(value: string): string {
  if (value.length < 2 || !value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    return String(JSON.parse(value));
  } catch {
    return value;
  }
}

export const parseSearch = parseSearchWith(text);
export const stringifySearch = stringifySearchWith(String);
