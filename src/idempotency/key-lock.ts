// The lock on an Idempotency-Key while its first request runs; another request with the same
// key meanwhile is still in progress (SPEC). In this process the in-flight set holds it
// (in-flight.ts); across processes, on PostgreSQL, a transaction-scoped advisory lock on the
// same name does, ended with the transaction, or by the server when the process dies or hangs
// (the lease, src/lib/db/db.ts).
import { sql, type RawBuilder } from 'kysely';
import type { Db, DialectName, Tx } from '../lib/db/db.js';
import { prepareQuery } from '../lib/db/prepared.js';
import type { IdempotentRequest } from './idempotency-key.js';
import type { InFlight } from './in-flight.js';

/**
 * Runs `work` with the request's key held in this process, or answers `inProgress()` without
 * running it when another request of this process holds the key. Without a key it just runs.
 */
export async function whileHoldingKey<T>(
  inFlight: InFlight,
  request: IdempotentRequest | null,
  inProgress: () => T,
  work: () => Promise<T>,
): Promise<T> {
  if (!request) return work();
  if (!inFlight.tryAcquire(request.lockName)) return inProgress();
  try {
    return await work();
  } finally {
    inFlight.release(request.lockName);
  }
}

/**
 * PostgreSQL: true when this transaction now holds the key, false when another one does.
 * Also one part of a one-statement write (orders/core/record-status-change.ts, orders/api/patch-on-postgres.ts), whose implicit
 * transaction then holds the key until it commits.
 */
export const takeKeyLockPart = (lockName: string): RawBuilder<boolean> => sql<boolean>`pg_try_advisory_xact_lock(hashtextextended(${lockName}, 0))`;

const takeKeyLock = prepareQuery((db: Db, a: { lockName: string }) => db.selectNoFrom(takeKeyLockPart(a.lockName).as('locked')));

/**
 * First thing in the request's transaction: false when another process's transaction holds
 * the key (PostgreSQL). On SQLite the in-flight set is the lock.
 */
export async function lockKeyAcrossProcesses(tx: Tx, dialect: DialectName, request: IdempotentRequest): Promise<boolean> {
  if (dialect !== 'postgres') return true;
  const lock = await takeKeyLock.first(tx, { lockName: request.lockName });
  return lock?.locked === true;
}
