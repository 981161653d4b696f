// Write transactions of the HTTP server.
//
// PostgreSQL: one transaction per unit of work (the server groups commits itself).
//
// SQLite: group commit. With synchronous=FULL every COMMIT waits for an fsync (0.4-3 ms
// here) while the event loop stands still. Units queued in the same turn of the event loop
// run one after another inside one transaction and share one COMMIT. An exception rolls
// back its own unit only; every caller's promise settles after the COMMIT that made its work
// durable (or failed), so nothing is answered before it is on disk.
//
// How a unit's exception stays its own: by default each unit runs in its own SAVEPOINT. A
// unit marked `repeatable` (its work reads and writes through `tx` and nothing else, so it
// may run again) needs none: a group of such units runs without savepoints, and when one
// throws the whole transaction is rolled back and the group runs again, each in its
// savepoint. A savepoint costs SQLite a copy of every page a unit touches into its journal
// plus two statements: about 40k instructions a PATCH, 8 % of it (issue 13, bench:floor).
import { sql } from 'kysely';
import type { Db, DialectName, Tx } from './db.js';
import { prepareQuery, runPreparedDirectly } from './prepared.js';

export interface UnitOptions {
  /** The work touches nothing but `tx` (no files, no memory kept, no messages), so it may run twice: once rolled back, once for good. */
  repeatable?: boolean;
}

export type WriteTransaction = <T>(work: (tx: Tx) => Promise<T>, options?: UnitOptions) => Promise<T>;

interface Unit {
  work: (tx: Tx) => Promise<unknown>;
  repeatable: boolean;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Bounds the work one COMMIT waits for. */
const MAX_GROUP = 64;

// Prepared, so that they too run directly on the connection the group holds.
const savepoint = prepareQuery((_db: Db, _a: Record<string, never>) => sql`savepoint unit`);
const release = prepareQuery((_db: Db, _a: Record<string, never>) => sql`release unit`);
const rollbackTo = prepareQuery((_db: Db, _a: Record<string, never>) => sql`rollback to unit`);

export function createWriteTransaction(db: Db, dialect: DialectName): WriteTransaction {
  if (dialect === 'postgres') return (work) => db.transaction().execute(work);

  const queue: Unit[] = [];
  let scheduled = false;

  // The group holds the one connection until COMMIT: its prepared statements run on it
  // synchronously (prepared.ts), the rest through Kysely.
  const inGroupTransaction = (body: (tx: Tx) => Promise<void>) =>
    db.transaction().execute((tx) => {
      runPreparedDirectly(tx, db);
      return body(tx);
    });

  async function runGroup(group: Unit[]): Promise<void> {
    if (group.every((unit) => unit.repeatable) && (await runWithoutSavepoints(group))) return;
    await runInSavepoints(group);
  }

  /** Every unit one after another; false when one threw and nothing was kept (the group must run again). */
  async function runWithoutSavepoints(group: Unit[]): Promise<boolean> {
    const values: unknown[] = [];
    try {
      await inGroupTransaction(async (tx) => {
        for (const unit of group) values.push(await unit.work(tx));
      });
    } catch (error) {
      // A unit threw: the transaction was rolled back with every unit's work.
      if (values.length < group.length) return false;
      // The COMMIT itself failed: no unit of the group is durable.
      for (const unit of group) unit.reject(error);
      return true;
    }
    group.forEach((unit, i) => unit.resolve(values[i]));
    return true;
  }

  async function runInSavepoints(group: Unit[]): Promise<void> {
    const outcomes: Array<() => void> = [];
    try {
      await inGroupTransaction(async (tx) => {
        for (const unit of group) {
          await savepoint.all(tx, {});
          try {
            const value = await unit.work(tx);
            await release.all(tx, {});
            outcomes.push(() => unit.resolve(value));
          } catch (error) {
            await rollbackTo.all(tx, {});
            await release.all(tx, {});
            outcomes.push(() => unit.reject(error));
          }
        }
      });
    } catch (error) {
      // The COMMIT itself failed: no unit of the group is durable.
      for (const unit of group) unit.reject(error);
      return;
    }
    for (const settle of outcomes) settle();
  }

  async function drain(): Promise<void> {
    scheduled = false;
    while (queue.length > 0) await runGroup(queue.splice(0, MAX_GROUP));
  }

  return <T>(work: (tx: Tx) => Promise<T>, options?: UnitOptions) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, repeatable: options?.repeatable === true, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate runs after the event loop has read every request that is ready, so
      // they all join this group.
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void drain());
      }
    });
}
