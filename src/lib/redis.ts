// The Redis connection that holds the rate-limit windows when REDIS_URL is set.
import { Redis } from 'ioredis';

export type { Redis } from 'ioredis';

/**
 * Opens a client that never queues commands while disconnected: a command fails at once
 * (and the request is refused with 503) rather than waiting for Redis to come back.
 * Reconnects in the background, at most every 2 s.
 */
export function openRedis(url: string, onError: (message: string) => void): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // Without a listener, a connection error would crash the process. Only the message is
  // passed on: the error object may carry the URL, which may carry a password.
  let lastMessage = '';
  client.on('error', (error: Error) => {
    if (error.message !== lastMessage) onError(error.message);
    lastMessage = error.message;
  });
  client.on('ready', () => (lastMessage = ''));
  return client;
}

/**
 * Resolves true once the client is connected; false at its first connection error (Redis is
 * down: no use waiting for the retries) or after timeoutMs.
 */
export function redisReady(client: Redis, timeoutMs: number): Promise<boolean> {
  if (client.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('error', onError);
      resolve(ready);
    };
    const onReady = () => done(true);
    const onError = () => done(false);
    const timer = setTimeout(() => done(false), timeoutMs);
    client.on('ready', onReady);
    client.on('error', onError);
  });
}
