// Request ids: 8 hex digits, as before, cut from a pooled random buffer. One randomBytes call
// per 1,024 ids instead of one per request (each call crosses into OpenSSL, which asks the
// kernel for the process id every time). Ids only tell log lines apart; they are not secrets.
import { randomBytes } from 'node:crypto';

const ID_BYTES = 4;
const IDS_PER_POOL = 1_024;

/** A generator of request ids; `random` is injectable for tests. */
export function requestIds(random: (size: number) => Buffer = randomBytes): () => string {
  let pool: Buffer = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset >= pool.length) {
      pool = random(ID_BYTES * IDS_PER_POOL);
      offset = 0;
    }
    const id = pool.toString('hex', offset, offset + ID_BYTES);
    offset += ID_BYTES;
    return id;
  };
}
