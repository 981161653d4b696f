// Keyset pagination, newest first: a page is the rows before a position (sort key, id) in the
// order (key DESC, id DESC), read from an index in that order, however deep the page. OFFSET
// would read and drop every row before the page (15 ms at 450,000 rows on SQLite, 51 ms on
// PostgreSQL, against 0.03 / 0.6 ms this way: /work/shared/reference/orders.md). The id breaks
// ties of the key, so rows with the same key are neither repeated nor skipped across pages.
//
// The cursor a client holds is the position of the last row it got, opaque (base64url of
// `key.id`) and checked when it comes back: anything but a cursor this module wrote is refused.
import { sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { fixedLimit } from './fixed-limit.js';

/** Where a page ends: the last row's sort key and id (whole numbers, 0 or more). */
export interface Position {
  key: number;
  id: number;
}

/** The columns of the order, as references (`orders.created_at`, `orders.id`). */
export interface Keyset {
  key: string;
  id: string;
}

export const encodeCursor = (position: Position): string => Buffer.from(`${position.key}.${position.id}`).toString('base64url');

/** The position a cursor holds, or null when the text is not a cursor written by encodeCursor. */
export function decodeCursor(text: string): Position | null {
  if (!/^[A-Za-z0-9_-]{1,44}$/.test(text)) return null;
  const parts = /^(\d{1,16})\.(\d{1,16})$/.exec(Buffer.from(text, 'base64url').toString('latin1'));
  if (!parts) return null;
  const position = { key: Number(parts[1]), id: Number(parts[2]) };
  if (!Number.isSafeInteger(position.key) || !Number.isSafeInteger(position.id)) return null;
  // One spelling per position: leading zeros or trailing bits are another text, refused.
  return encodeCursor(position) === text ? position : null;
}

/**
 * The query's rows after `after` (from the first when null), newest first, one more than
 * `limit` so that pageOf can tell whether another page follows. The row-value comparison is a
 * range on an index ending in (key, id) on SQLite and PostgreSQL alike.
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyset: Keyset,
  after: Position | null,
  limit: number,
): SelectQueryBuilder<DB, TB, O> {
  const key = sql.ref(keyset.key);
  const id = sql.ref(keyset.id);
  const narrowed = after ? query.where(sql<SqlBool>`(${key}, ${id}) < (${after.key}, ${after.id})`) : query;
  return narrowed.orderBy(key, 'desc').orderBy(id, 'desc').limit(fixedLimit(limit + 1));
}

/** The page of rows keysetPage read, and the cursor of the next page (null: this is the last). */
export function pageOf<R>(rows: readonly R[], limit: number, positionOf: (row: R) => Position): { rows: R[]; nextCursor: string | null } {
  if (rows.length <= limit) return { rows: [...rows], nextCursor: null };
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: encodeCursor(positionOf(page[page.length - 1]!)) };
}
