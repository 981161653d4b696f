// Redis key prefixes for tests and the bench: runs share one Redis, so each run writes under
// a prefix of its own and deletes exactly that (SCAN, never FLUSHALL).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** A Redis key prefix no other run uses. */
export const uniqueRedisPrefix = (label = 'lapak-test') => `${label}-${process.pid}-${randomBytes(4).toString('hex')}:`;

/** Deletes every key under a prefix. */
export async function deleteKeysByPrefix(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
