// Kysely's SqliteDialect with a first-in-first-out lock on its one connection. Kysely's own
// lock wakes every waiter on each release and all but one go back to sleep: O(N) wake-ups
// per query with N requests waiting. Here a release wakes exactly the next waiter.
// Transactions begin IMMEDIATE (see beginTransaction).
import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type SqliteDialectConfig } from 'kysely';

class FifoLock {
  #held = false;
  readonly #waiters: Array<() => void> = [];

  get held(): boolean {
    return this.#held;
  }

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

class FifoSqliteDriver extends SqliteDriver {
  readonly lock = new FifoLock();
  #connection: DatabaseConnection | null = null;

  // Kysely's own mutex is taken once, here, and kept: the FIFO lock alone decides who holds
  // the connection, and a query costs two promise hops fewer.
  override async init(): Promise<void> {
    await super.init();
    this.#connection = await super.acquireConnection();
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.lock.acquire();
    return this.#connection!;
  }

  override async releaseConnection(): Promise<void> {
    this.lock.release();
  }

  // Every transaction here writes (the server's group commit, the dispatcher, the CLI). A
  // plain BEGIN takes the write lock only at the first write: if another process (a CLI
  // command) commits between a transaction's first read and its first write, SQLite refuses
  // that write at once (SQLITE_BUSY, its snapshot is stale; busy_timeout does not apply) and
  // with it a whole group of requests. BEGIN IMMEDIATE takes the write lock at once, waiting
  // up to busy_timeout for the other process's COMMIT; readers are never blocked (WAL).
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

export class FifoSqliteDialect extends SqliteDialect {
  #driver: FifoSqliteDriver | null = null;

  constructor(private readonly config: SqliteDialectConfig) {
    super(config);
  }

  override createDriver(): Driver {
    this.#driver = new FifoSqliteDriver(this.config);
    return this.#driver;
  }

  /** No query or transaction holds the connection: a synchronous read now cannot interleave with one. */
  idle(): boolean {
    return !this.#driver?.lock.held;
  }
}
