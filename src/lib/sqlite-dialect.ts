// Kysely's SqliteDialect with two additions:
// - a first-in-first-out lock on its one connection. Kysely's own lock wakes every waiter
//   on each release and all but one go back to sleep: O(N) wake-ups per query with N
//   requests waiting. Here a release wakes exactly the next waiter.
// - a count of the statements other than SELECT run on the connection, so that callers can
//   tell when this process may have changed the database (see changeToken in db.ts).
import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type SqliteDialectConfig,
  type TransactionSettings,
} from 'kysely';

export interface WriteCounter {
  count: number;
}

class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiters.push(resolve));
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#held = false;
  }
}

type Compile = QueryCompiler['compileQuery'];

/** Holds the FIFO lock while a caller has the connection; the inner driver's lock is then always free. */
class FifoDriver implements Driver {
  readonly #lock = new FifoLock();
  constructor(
    private readonly inner: Driver,
    private readonly writes: WriteCounter,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock.acquire();
    try {
      return countingWrites(await this.inner.acquireConnection(), this.writes);
    } catch (error) {
      this.#lock.release();
      throw error;
    }
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.#lock.release();
    }
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  async savepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.savepoint?.(connection, name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.rollbackToSavepoint?.(connection, name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: Compile): Promise<void> {
    await this.inner.releaseSavepoint?.(connection, name, compile);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

function countingWrites(connection: DatabaseConnection, writes: WriteCounter): DatabaseConnection {
  return {
    executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      if (query.query.kind !== 'SelectQueryNode') writes.count += 1;
      return connection.executeQuery<R>(query);
    },
    streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
  };
}

export class FifoSqliteDialect extends SqliteDialect {
  constructor(
    config: SqliteDialectConfig,
    private readonly writes: WriteCounter,
  ) {
    super(config);
  }
  override createDriver(): Driver {
    return new FifoDriver(super.createDriver(), this.writes);
  }
}
