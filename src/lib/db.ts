import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import type { Database } from './schema.js';
import { FifoSqliteDialect } from './sqlite-dialect.js';

export type Db = Kysely<Database>;
export type Tx = Transaction<Database>;
export type DialectName = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  /**
   * A value that changes whenever the database may have changed, through this handle or
   * any other connection or process; null when the backend cannot tell cheaply
   * (PostgreSQL). Lets a process cache rows it must never serve stale.
   */
  changeToken(): string | null;
  close(): Promise<void>;
}

export function sqlitePath(databaseUrl: string): string {
  return databaseUrl.slice('sqlite:'.length) || 'data/lapak.db';
}

// better-sqlite3 compiles a statement on every prepare(); Kysely prepares each query it
// runs. Caching statements by SQL text keeps the hot paths from recompiling.
function withStatementCache(database: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = database.prepare.bind(database);
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

function openSqlite(file: string): DbHandle {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new FifoSqliteDialect({ database: withStatementCache(database) }) });
  // data_version changes when another connection commits; total_changes() counts the rows
  // this connection has inserted, updated or deleted, committed or not. Two statements
  // cost less than one that reads both: total_changes() alone takes no lock on the file.
  const dataVersion = database.prepare('PRAGMA data_version').pluck();
  const totalChanges = database.prepare('SELECT total_changes()').pluck();
  return {
    db,
    dialect: 'sqlite',
    changeToken: () => `${dataVersion.get() as number}:${totalChanges.get() as number}`,
    close: () => db.destroy(),
  };
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

function openPostgres(url: string): DbHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Ids and epoch-millisecond times are bigint columns; they fit a JS number.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID
          ? (value: string) => Number(value)
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', changeToken: () => null, close: () => db.destroy() };
}

export function openDatabase(databaseUrl: string): DbHandle {
  if (databaseUrl.startsWith('sqlite:')) return openSqlite(sqlitePath(databaseUrl));
  return openPostgres(databaseUrl);
}
