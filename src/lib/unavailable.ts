// A dependency (PostgreSQL, Redis) that does not answer. Requests that need it are refused
// with 503 in their endpoint's error family (error-handler.ts), never served with a lapsed
// limit and never half-written: a write transaction that loses its connection is rolled back
// by the server.

/** Thrown when a store Lapak depends on cannot be reached; the cause stays out of responses. */
export class ServiceUnavailable extends Error {
  constructor(what: string, cause?: unknown) {
    super(`${what} unavailable`, { cause });
    this.name = 'ServiceUnavailable';
  }
}

// node-postgres: socket errors, server shutting down or refusing connections, pool timeout.
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const CONNECTION_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i;

/** True when the error means "a dependency is unreachable" rather than "this request failed". */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof ServiceUnavailable) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  // SQLSTATE class 08 (connection exception) and 57P0x (operator intervention: shutdown, cannot connect now).
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code))) return true;
  return CONNECTION_MESSAGES.test(error.message);
}
