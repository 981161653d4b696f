// PostgreSQL: one connection a process, apart from the pool, that LISTENs for the live
// consumer's NOTIFY and wakes the process's reader of the feed. Best effort: a lost connection
// is logged and the reader goes on polling (ORDER_STREAM_POLL_MS); the next stream opened after
// that listens again.
import pg from 'pg';
import { FEED_CHANNEL } from './live-consumer.js';

import type { FeedWakeup } from './live-feed.js';

export function wakeOnNotify(databaseUrl: string, wake: () => void, warn: (error: Error) => void): FeedWakeup {
  let client: pg.Client | null = null;
  const end = (connection: pg.Client) => {
    connection.removeAllListeners();
    connection.on('error', () => undefined);
    void connection.end().catch(() => undefined);
  };
  return {
    ensure() {
      if (client) return;
      const connection = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
      client = connection;
      const lost = (error: Error) => {
        if (client !== connection) return;
        client = null;
        end(connection);
        warn(error);
      };
      connection.on('error', lost);
      connection.on('end', () => lost(new Error('the listening connection ended')));
      connection.on('notification', (message) => {
        if (message.channel === FEED_CHANNEL) wake();
      });
      connection
        .connect()
        .then(() => connection.query(`listen ${FEED_CHANNEL}`))
        .catch((error: Error) => lost(error));
    },
    async stop() {
      const connection = client;
      client = null;
      if (connection) end(connection);
    },
  };
}
