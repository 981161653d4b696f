// The webhook dispatcher: fans outbox events out into deliveries, claims due deliveries
// under a lease, sends them and records every attempt. At-least-once: a delivery is only
// settled after its attempt is recorded, and a dispatcher that dies mid-send leaves a
// lease that expires, after which any dispatcher sends it again with the same webhook-id.
//
// `runOnce()` does one full round and waits for its sends (tests drive it with a
// ManualClock); `start()` loops until `stop()`, keeping up to `concurrency` sends in flight.
import type { Agent } from 'undici';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Db, DialectName } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { openStored, type Sealer } from '../lib/secrets/sealer.js';
import { cancelClaimedDelivery } from './cancel-claimed-delivery.js';
import { claimDeliveries, type ClaimedDelivery } from './claim-deliveries.js';
import { fanOutEvents } from '../events/fan-out-events.js';
import { recordAttempt, type AttemptOutcome } from './record-attempt.js';
import { parseRetryAfter } from './retry-schedule.js';
import { createWebhookAgent, SEND_TIMEOUT_MS, sendWebhook, type SendOutcome } from './send-webhook.js';
import { signedHeaders } from './sign/headers.js';
import { buildWebhookBody } from './sign/payload.js';
import { systemResolver, type Resolver } from './url-safety.js';

/** pino's shape; only ids, counts and outcomes are logged: never URLs, secrets or payloads. */
export interface DispatchLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The error an attempt records when the endpoint's signing secret does not open. */
export const SECRET_UNREADABLE = 'signing secret cannot be opened';

const silentLog: DispatchLog = { info() {}, warn() {}, error() {} };

export interface DispatcherOptions {
  db: Db;
  dialect: DialectName;
  /** The database's write transactions (DbHandle.writeTransaction): the fan-out joins the requests' group commit on SQLite. */
  writeTransaction: WriteTransaction;
  /** Schedules: due times, leases, attempt times. */
  clock: Clock;
  timeZone: string;
  allowPrivate: boolean;
  /** Opens the endpoints' sealed signing secrets. */
  sealer: Sealer;
  resolver?: Resolver;
  log?: DispatchLog;
  timeoutMs?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  /** Events fanned out per round. */
  fanOutBatch?: number;
}

/** How one claimed delivery ended: an attempt's outcome, or no attempt at all. */
export type DeliveryOutcome = AttemptOutcome | 'cancelled' | 'lease_lost';

export interface RoundSummary {
  fannedOut: number;
  claimed: number;
  outcomes: Partial<Record<DeliveryOutcome, number>>;
}

export interface Dispatcher {
  runOnce(): Promise<RoundSummary>;
  start(): void;
  /** Stops claiming, waits for sends in flight (at most the send timeout), closes connections. */
  stop(): Promise<void>;
}

/** Pause when there is nothing to do. */
const POLL_MS = 20;

/**
 * Whether the loop starts its next round at once instead of pausing POLL_MS: when the round
 * claimed deliveries (more may be due) or filled its fan-out batch (more events wait), and a
 * send slot is free. A fan-out that took fewer events than its batch has taken every event
 * there was: the next waits for the pause, so events written meanwhile go out in one
 * transaction instead of one each.
 */
export function runsAgainAtOnce(round: { fannedOut: number; claimed: number }, fanOutBatch: number, inFlight: number, concurrency: number): boolean {
  return (round.fannedOut >= fanOutBatch || round.claimed > 0) && inFlight < concurrency;
}

export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { db, dialect, clock } = options;
  const log = options.log ?? silentLog;
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const concurrency = options.concurrency ?? 16;
  const fanOutBatch = options.fanOutBatch ?? 200;
  const settings = { allowPrivate: options.allowPrivate, timeoutMs };
  const agent: Agent = createWebhookAgent({ allowPrivate: options.allowPrivate, resolver: options.resolver ?? systemResolver });
  const inFlight = new Set<Promise<void>>();

  async function deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    if (!delivery.endpointActive) {
      await cancelClaimedDelivery(db, delivery, clock.now());
      return 'cancelled';
    }
    const body = buildWebhookBody({ id: delivery.eventId, type: delivery.eventType, payload: delivery.eventPayload, created_at: delivery.eventCreatedAt }, options.timeZone);
    // Real time, not `clock`, even when tests move `clock` by hours: receivers compare the
    // signature's webhook-timestamp with their own clock (5 min tolerance), and a
    // Retry-After HTTP date is real time too.
    const opened = (delivery.previousSecret === null ? [delivery.secret] : [delivery.secret, delivery.previousSecret]).map((s) => openStored(options.sealer, s));
    const unreadable = opened.find((o) => !o.ok);
    let sent: SendOutcome;
    if (unreadable && !unreadable.ok) {
      // A secret that does not open (another LAPAK_SECRET_KEY, a value moved between rows)
      // fails this endpoint's attempt only; it is retried on the usual schedule.
      log.warn({ delivery_id: delivery.id, endpoint_id: delivery.endpointId, tenant_id: delivery.tenantId, reason: unreadable.message }, 'webhook signing secret cannot be opened');
      sent = { statusCode: null, retryAfter: null, snippet: '', error: `${SECRET_UNREADABLE}: ${unreadable.message}`, latencyMs: 0 };
    } else {
      const secrets = opened.flatMap((o) => (o.ok ? [o.value] : []));
      const headers = signedHeaders(secrets, String(delivery.eventId), body, new Date(systemClock.now()));
      sent = await sendWebhook(agent, { url: delivery.url, headers, body }, settings);
    }
    const retryAfterMs = sent.statusCode !== null && sent.statusCode >= 300 ? parseRetryAfter(sent.retryAfter, systemClock.now()) : null;
    const recorded = await db.transaction().execute((tx) => recordAttempt(tx, delivery, sent, retryAfterMs, clock.now()));
    log.info(
      { delivery_id: delivery.id, event_id: delivery.eventId, endpoint_id: delivery.endpointId, attempt: delivery.attempts + 1, status: sent.statusCode, latency_ms: sent.latencyMs, outcome: recorded.outcome },
      'webhook attempt',
    );
    if (recorded.outcome === 'endpoint_disabled') log.warn({ endpoint_id: delivery.endpointId, tenant_id: delivery.tenantId }, 'webhook endpoint disabled: the receiver answered 410 Gone');
    return recorded.applied ? recorded.outcome : 'lease_lost';
  }

  /** Fans out, claims as many as there are free send slots, and starts those sends. */
  async function round(free: number, track: (p: Promise<DeliveryOutcome>) => void): Promise<{ fannedOut: number; claimed: number }> {
    const fannedOut = await fanOutEvents(options, clock.now(), fanOutBatch);
    const claimed = await claimDeliveries(db, dialect, clock.now(), free);
    for (const delivery of claimed) track(deliver(delivery));
    return { fannedOut, claimed: claimed.length };
  }

  async function runOnce(): Promise<RoundSummary> {
    const sends: Array<Promise<DeliveryOutcome>> = [];
    const { fannedOut, claimed } = await round(concurrency, (p) => sends.push(p));
    const outcomes: RoundSummary['outcomes'] = {};
    for (const outcome of await Promise.all(sends)) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    return { fannedOut, claimed, outcomes };
  }

  let loop: Promise<void> | null = null;
  let stopping = false;
  let wake: (() => void) | null = null;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = null;
        resolve();
      }
      wake = done;
    });

  async function run(): Promise<void> {
    log.info({ concurrency, poll_ms: POLL_MS }, 'webhook dispatcher started');
    while (!stopping) {
      let busy = false;
      try {
        const free = concurrency - inFlight.size;
        const summary = await round(free, (p) => {
          const tracked: Promise<void> = p.then(
            () => undefined,
            (err: Error) => log.error({ err: { message: err.message } }, 'webhook delivery failed to record'),
          ).finally(() => {
            inFlight.delete(tracked);
            // A finished send frees a slot and may unblock the next event of its order.
            wake?.();
          });
          inFlight.add(tracked);
        });
        busy = runsAgainAtOnce(summary, fanOutBatch, inFlight.size, concurrency);
      } catch (err) {
        // A busy database or a lost connection: log and try again after a pause.
        log.error({ err: { message: (err as Error).message } }, 'webhook dispatcher round failed');
      }
      if (!busy && !stopping) await pause(POLL_MS);
    }
    await Promise.allSettled([...inFlight]);
    log.info({}, 'webhook dispatcher stopped');
  }

  return {
    runOnce,
    start() {
      if (loop) return;
      stopping = false;
      loop = run();
    },
    async stop() {
      stopping = true;
      wake?.();
      if (loop) await loop;
      loop = null;
      await Promise.allSettled([...inFlight]);
      await agent.close();
    },
  };
}
