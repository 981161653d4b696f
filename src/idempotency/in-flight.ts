// Idempotency keys whose first request is still running in this process. Another request
// with the same key gets request_in_progress. Across processes, PostgreSQL's advisory
// lock does the same job (see claim-idempotency.ts).
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
