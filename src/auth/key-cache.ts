// Key rows by hash, kept only while no key and no store's active flag has changed
// (DbHandle.keyChangeToken, a count kept by triggers on SQLite): any such change, in this
// process or another, empties the cache before the next lookup, so a revocation or a
// deactivated store is refused on the very next request. Backends that cannot tell
// (PostgreSQL) are never cached.
export interface KeyCache<Row> {
  /**
   * The row of `hash` while nothing has changed since it was stored. `token`: the change token
   * the caller has just read (with what it reads next, in the same statement); default: read here.
   */
  get(hash: string, token?: string): Row | undefined;
  /**
   * The row stored for `hash`, valid or not: only to know which store's data to read with the
   * change token (authenticate.ts, TokenAlongside). It never decides whether a key is valid.
   */
  peek(hash: string): Row | undefined;
  set(hash: string, row: Row): void;
}

const MAX_ENTRIES = 10_000;

export function createKeyCache<Row>(changeToken: () => string | null): KeyCache<Row> {
  const rows = new Map<string, Row>();
  let token: string | null = null;
  return {
    get(hash, readByCaller) {
      const current = readByCaller ?? changeToken();
      if (current === null) return undefined;
      if (current !== token) {
        rows.clear();
        token = current;
        return undefined;
      }
      return rows.get(hash);
    },
    peek: (hash) => rows.get(hash),
    set(hash, row) {
      // Stored under the token read by get(); a change since then empties it next time.
      if (token === null) return;
      if (rows.size >= MAX_ENTRIES) rows.clear();
      rows.set(hash, row);
    },
  };
}
