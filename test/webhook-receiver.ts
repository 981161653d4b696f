// A real HTTP receiver on 127.0.0.1 for the webhook tests. Every request is checked with
// the standardwebhooks package's own verifier (not Lapak's code); requests that fail it
// land in `rejected`, which the tests expect to stay empty.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Clock } from '../src/lib/clock.js';
import type { Db } from '../src/lib/db/db.js';
import type { Sealer } from '../src/lib/secrets/sealer.js';
import { addEndpoint } from '../src/webhooks/add-endpoint.js';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '../src/webhooks/dispatcher.js';
import type { Resolver } from '../src/webhooks/url-safety.js';
import type { TestApp } from './helpers.js';

export interface Received {
  webhookId: string;
  timestamp: string;
  signature: string;
  raw: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  path: string;
  /** performance-independent wall time of receipt (Date.now()). */
  at: number;
}

/** What to answer: a status (optionally headers and body), or never answer at all. */
export type Reply = { status: number; headers?: Record<string, string>; body?: string } | 'hang';

export interface Receiver {
  url: string;
  port: number;
  secret: string;
  received: Received[];
  rejected: Array<{ error: string; headers: http.IncomingHttpHeaders }>;
  /** Decides the answer to each verified request; default 200 "ok". */
  respond: (request: Received, index: number) => Reply;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(options: { port?: number; secret?: string } = {}): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    port: 0,
    secret: options.secret ?? '',
    received: [],
    rejected: [],
    respond: () => ({ status: 200, body: 'ok' }),
    waitFor: async (count, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (receiver.received.length < count) {
        if (Date.now() > deadline) throw new Error(`receiver got ${receiver.received.length} of ${count} deliveries`);
        await new Promise((r) => setTimeout(r, 5));
      }
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      try {
        // Throws unless the signature matches the raw body and the timestamp is fresh.
        new Webhook(receiver.secret).verify(raw, headers);
      } catch (error) {
        receiver.rejected.push({ error: (error as Error).message, headers: req.headers });
        res.writeHead(401).end('bad signature');
        return;
      }
      const received: Received = {
        webhookId: headers['webhook-id']!,
        timestamp: headers['webhook-timestamp']!,
        signature: headers['webhook-signature']!,
        raw,
        body: JSON.parse(raw) as Received['body'],
        path: req.url ?? '/',
        at: Date.now(),
      };
      receiver.received.push(received);
      const reply = receiver.respond(received, receiver.received.length - 1);
      if (reply === 'hang') return;
      res.writeHead(reply.status, reply.headers).end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  return receiver;
}

/**
 * Adds an endpoint of `tenantId` for a test: private addresses allowed (receivers listen on
 * 127.0.0.1), no DNS lookup, a refusal thrown. A receiver given learns the endpoint's signing
 * secret, so that it verifies what it receives. Returns the endpoint's id.
 */
export async function addTestEndpoint(
  ctx: { db: Db; sealer: Sealer },
  clock: Clock,
  tenantId: number,
  target: Receiver | string,
  description?: string,
): Promise<number> {
  const url = typeof target === 'string' ? target : target.url;
  const added = await addEndpoint(ctx.db, clock, ctx.sealer, tenantId, { url, description }, { allowPrivate: true, resolver: noDns });
  if (!added.ok) throw new Error(added.message);
  if (typeof target !== 'string') target.secret = added.value.secret;
  return added.value.id;
}

/** A resolver for tests that must look up no name. */
export const noDns: Resolver = async () => {
  throw new Error('no DNS in this test');
};

/**
 * A dispatcher on a test app's database, as `serve` builds one (its write transactions, its
 * sealer), on the test's clock, allowed to reach 127.0.0.1; `options` override any of it.
 */
export function testDispatcher(t: Pick<TestApp, 'ctx' | 'clock'>, options: Partial<DispatcherOptions> = {}): Dispatcher {
  const { db, dialect, writeTransaction, sealer } = t.ctx;
  return createDispatcher({ db, dialect, writeTransaction, sealer, clock: t.clock, timeZone: 'Asia/Jakarta', allowPrivate: true, ...options });
}
