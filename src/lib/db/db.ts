import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresAdapter, PostgresDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { refuseBoundLimit } from './fixed-limit.js';
import { PREPARED_SQL_MARK, registerDirectExecutors, type StatementOutcome } from './prepared.js';
import { PreparedStatement, type StatementResult } from './pg-prepared-statement.js';
import { FifoSqliteDialect } from './sqlite-dialect.js';
import { sqliteStatements } from './sqlite-statements.js';
import { createWriteTransaction, type WriteTransaction } from './write-transaction.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';

/** Whether a database or transaction handle speaks to PostgreSQL. */
export const isPostgres = (db: Db | Tx): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /**
   * A value that changes whenever an API key or a store's active flag may have changed,
   * through this handle or any other connection or process; null when the backend cannot
   * tell cheaply (PostgreSQL, or SQLite before migration 016). Lets a process cache key rows
   * it must never serve stale (src/auth/key-cache.ts).
   */
  keyChangeToken(): string | null;
  /**
   * Write transactions on this database (write-transaction.ts): on SQLite, the group commit of
   * its one connection, shared by everything that writes through this handle (requests, the
   * webhook dispatcher) so that their units share COMMITs.
   */
  writeTransaction: WriteTransaction;
  /** The PostgreSQL pool (the PostgreSQL rate-limit store shares it); null on SQLite. */
  pool: pg.Pool | null;
  close(): Promise<void>;
}

export interface OpenOptions {
  /**
   * PostgreSQL: a transaction left idle this long is ended by the server with its session,
   * so a process that hangs or loses its host mid-request frees its row locks and its
   * Idempotency-Key lock within this time (the lease). Default 15 s.
   */
  transactionLeaseMs?: number;
}

/** The default lease of an open transaction on PostgreSQL (see OpenOptions). */
export const TRANSACTION_LEASE_MS = 15_000;

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length) || 'data/lapak.db';
}

// better-sqlite3 compiles a statement on every prepare(); Kysely prepares each query it
// runs. Caching statements by SQL text keeps the hot paths from recompiling.
function withStatementCache(database: SQLite.Database, prepare: (source: string) => SQLite.Statement): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  database.prepare = ((source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size > 500) cache.clear();
      cache.set(source, statement);
    }
    return statement;
  }) as SQLite.Database['prepare'];
  return database;
}

/** The key cache's change token (KeyCache) for migration 016's count, however it was read. */
export const keyChangeTokenOf = (count: number): string => String(count);

// The count of changes to API keys and stores' active flags (migration 016's triggers): one
// read, with its own read transaction, so it sees every other process's commits as well as
// this connection's writes. Prepared on first use: the table exists only once migrated.
function keyChangeCount(database: SQLite.Database): () => string | null {
  let statement: SQLite.Statement | null = null;
  return function keyChangeToken() {
    if (!statement) {
      try {
        statement = database.prepare('select count from key_changes where id = 1').pluck();
      } catch {
        return null; // not migrated yet: nothing is cached
      }
    }
    return keyChangeTokenOf(statement.get() as number);
  };
}

/**
 * How the server's connection reads and checkpoints (docs/benchmarks.md, "I/O calls"). A WAL page
 * is copied into the database at a checkpoint: every 10,000 pages instead of SQLite's 1,000, a
 * page changed often between two checkpoints (the feed's, the counters', an index's upper pages)
 * is copied once; a checkpoint of 1,000 pages cost a status change 5.5 of its 15 read and write
 * calls (bench:floor). The page cache holds 32 MB instead of 2 MB: a store's hot orders and
 * indexes are read from memory, not from the file.
 */
export const SQLITE_IO_PRAGMAS = ['wal_autocheckpoint = 10000', 'cache_size = -32768'];

function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Each unit of a group commit runs in a SAVEPOINT (write-transaction.ts), whose statement
  // journal otherwise spills to a temporary file (issue 13: 5 more write calls a PATCH, 13
  // before migration 015; npm run bench:floor). Temporary tables and sorts stay in memory
  // too; nothing here makes large ones.
  database.pragma('temp_store = MEMORY');
  for (const pragma of SQLITE_IO_PRAGMAS) database.pragma(pragma);
  // Every statement of this connection is compiled here, Kysely's and the prepared queries'.
  const compile = database.prepare.bind(database);
  const prepare = (source: string) => {
    refuseBoundLimit(source);
    return compile(source);
  };
  const statements = sqliteStatements(prepare);
  const cached = withStatementCache(database, prepare);
  const dialect = new FifoSqliteDialect({ database: cached });
  const db = new Kysely<Database>({ dialect });
  // Prepared queries (src/lib/db/prepared.ts) skip Kysely's queue: reads when the connection
  // is idle, any statement of a group transaction that holds it. They compile their own
  // statements (sqlite-statements.ts), apart from Kysely's: theirs give rows as arrays.
  registerDirectExecutors(db, (text, parameters) => (dialect.idle() ? statements.read(text, parameters) : undefined), statements.run);
  return {
    db,
    dialect: 'sqlite',
    keyChangeToken: keyChangeCount(database),
    writeTransaction: createWriteTransaction(db, 'sqlite'),
    pool: null,
    close: () => db.destroy(),
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

// Ids and epoch-millisecond times are bigint columns; they fit a JS number.
export const pgTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

// The prepared queries (src/lib/db/prepared.ts, marked by PREPARED_SQL_MARK) run as named
// statements: PostgreSQL parses and plans each once per connection instead of on every
// call (PATCH: about 800 -> 1,100-1,400 req/s on the benchmark), and describes its result
// once per connection too (pg-prepared-statement.ts). Other queries run unnamed, as pg runs
// them by default. The names follow the text: the same on every connection.
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `lapak_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The prepared query `text` as its named statement, for a client's query(). */
const preparedStatement = (text: string, values: readonly unknown[], done: (error: unknown, result?: StatementResult) => void) =>
  new PreparedStatement(statementName(text), text, values, pgTypeParser, done);

// Kysely runs every query of a transaction through client.query(text, values).
function namedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && text.startsWith(PREPARED_SQL_MARK) && Array.isArray(values) && callback === undefined) {
      return new Promise((resolve, reject) => query(preparedStatement(text, values, (error, result) => (error ? reject(error) : resolve(result)))));
    }
    return callback === undefined ? query(text, values) : query(text, values, callback);
  }) as typeof client.query;
}

/**
 * A prepared statement on a pooled connection of its own, as Kysely runs a query outside a
 * transaction (check out, run, give back), without Kysely's promise hops around it. The
 * connection goes back to the pool whatever the outcome; the pool drops one that has died.
 */
function runPrepared(pool: pg.Pool, text: string, values: readonly unknown[]): Promise<StatementOutcome> {
  return new Promise((resolve, reject) => {
    pool.connect((connectError, client, release) => {
      if (connectError || !client) {
        reject(connectError ?? new Error('no connection'));
        return;
      }
      client.query(
        preparedStatement(text, values, (error, result) => {
          release();
          if (error) reject(error);
          else resolve({ rows: result!.rows, changes: result!.rowCount ?? 0 });
        }),
      );
    });
  });
}

function openPostgres(url: string, options: OpenOptions): DbHandle {
  const leaseMs = options.transactionLeaseMs ?? TRANSACTION_LEASE_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // A request waits at most this long for a connection when PostgreSQL is unreachable,
    // then fails (503) instead of hanging.
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    idle_in_transaction_session_timeout: leaseMs,
    // The server notices a vanished client host in about 25 s (its session and locks go
    // with it); a process that is merely killed is noticed at once (its socket closes).
    options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
    types: { getTypeParser: pgTypeParser },
  });
  // A connection that the server ends (restart, failover, the lease above) is dropped from
  // the pool and replaced on the next checkout. Its error event needs a listener, idle (pool)
  // or checked out (client), or it would crash the process; the query in flight, if any,
  // fails on its own and the request is answered 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    namedStatements(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  registerDirectExecutors(db, (text, parameters) => runPrepared(pool, text, parameters));
  return { db, dialect: 'postgres', keyChangeToken: () => null, writeTransaction: createWriteTransaction(db, 'postgres'), pool, close: () => db.destroy() };
}

export function openDatabase(databaseUrl: string, options: OpenOptions = {}): DbHandle {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(sqlitePath(databaseUrl));
  return openPostgres(databaseUrl, options);
}
