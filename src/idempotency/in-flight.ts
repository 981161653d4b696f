// Idempotency keys whose first request is still running in this process. Another request
// with the same key gets request_in_progress. Across processes, on PostgreSQL, a
// transaction-scoped advisory lock on the same name does the same job (key-lock.ts); it
// ends with the transaction, and a transaction whose process dies or hangs is ended by the
// server (the lease, src/lib/db/db.ts).
export interface InFlight {
  tryAcquire(key: string): boolean;
  release(key: string): void;
}

export function createInFlight(): InFlight {
  const running = new Set<string>();
  return {
    tryAcquire(key) {
      if (running.has(key)) return false;
      running.add(key);
      return true;
    },
    release(key) {
      running.delete(key);
    },
  };
}
