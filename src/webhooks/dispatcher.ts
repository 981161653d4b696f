// The webhook dispatcher, the first worker of the runner (jobs/runner.ts): its round fans
// outbox events out into deliveries and claims due deliveries under a lease; its handler sends
// one and records the attempt; its retry schedule is Standard Webhooks' (retry-schedule.ts).
// At-least-once: a delivery is only settled after its attempt is recorded, and a dispatcher
// that dies mid-send leaves a lease that expires, after which any dispatcher sends it again
// with the same webhook-id.
//
// `runOnce()` does one full round and waits for its sends (tests drive it with a
// ManualClock); `start()` loops until `stop()`, keeping up to `concurrency` sends in flight.
import type { Agent } from 'undici';
import { runsAgainAtOnce as runnerRunsAgainAtOnce, runWorker } from '../jobs/runner.js';
import { silentLog, type Claimed, type JobLog, type Worker } from '../jobs/worker.js';
import { systemClock, type Clock } from '../lib/clock.js';
import type { Db, DialectName } from '../lib/db/db.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { openStored, type Sealer } from '../lib/secrets/sealer.js';
import { cancelClaimedDelivery } from './cancel-claimed-delivery.js';
import { claimDeliveries, type ClaimedDelivery } from './claim-deliveries.js';
import { fanOutEvents } from '../events/fan-out-events.js';
import { recordAttempt, type AttemptOutcome } from './record-attempt.js';
import { parseRetryAfter, WEBHOOK_RETRY } from './retry-schedule.js';
import { createWebhookAgent, SEND_TIMEOUT_MS, sendWebhook, type SendOutcome } from './send-webhook.js';
import { signedHeaders } from './sign/headers.js';
import { buildWebhookBody } from './sign/payload.js';
import { systemResolver, type Resolver } from './url-safety.js';

/** pino's shape; only ids, counts and outcomes are logged: never URLs, secrets or payloads. */
export type DispatchLog = JobLog;

/** The error an attempt records when the endpoint's signing secret does not open. */
export const SECRET_UNREADABLE = 'signing secret cannot be opened';

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
 * After 2 s without an event or a due delivery the dispatcher asks every 100 ms instead (an idle
 * server's database asked 10 times a second, not 50); the first event after the quiet waits 50 ms
 * on average, and the next round is at the 20 ms pace again.
 */
export const WEBHOOK_IDLE_POLL = { afterMs: 2_000, pollMs: 100 } as const;

/** The worker's name in the list (src/workers.ts) and in `lapak work --only`. */
export const WEBHOOK_WORKER = 'webhooks';

/**
 * A fan-out that took as many events as its batch may have left more: the next round starts
 * at once. One that took fewer has taken every event there was: the next waits for the pause,
 * so events written meanwhile go out in one transaction instead of one each.
 */
const moreEventsWait = (fannedOut: number, fanOutBatch: number) => fannedOut >= fanOutBatch;

/**
 * Whether the loop starts its next round at once instead of pausing POLL_MS: when the round
 * claimed deliveries (more may be due) or filled its fan-out batch (more events wait), and a
 * send slot is free. The runner's rule (jobs/runner.ts), with the fan-out's batch as its "more".
 */
export function runsAgainAtOnce(round: { fannedOut: number; claimed: number }, fanOutBatch: number, inFlight: number, concurrency: number): boolean {
  return runnerRunsAgainAtOnce({ more: moreEventsWait(round.fannedOut, fanOutBatch), claimed: round.claimed }, inFlight, concurrency);
}

/** A round of the webhook worker: the deliveries claimed, and the events fanned out before. */
export interface WebhookRound extends Claimed<ClaimedDelivery> {
  fannedOut: number;
}

export type WebhookWorker = Worker<ClaimedDelivery, DeliveryOutcome, WebhookRound>;

/** The webhook worker, for the runner. */
export function createWebhookWorker(options: DispatcherOptions): WebhookWorker {
  const { db, clock } = options;
  const log = options.log ?? silentLog;
  const timeoutMs = options.timeoutMs ?? SEND_TIMEOUT_MS;
  const fanOutBatch = options.fanOutBatch ?? 200;
  const settings = { allowPrivate: options.allowPrivate, timeoutMs };
  const agent: Agent = createWebhookAgent({ allowPrivate: options.allowPrivate, resolver: options.resolver ?? systemResolver });

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

  return {
    name: WEBHOOK_WORKER,
    /** Fans out, then claims as many due deliveries as there are free send slots. */
    async claim(free) {
      const fannedOut = await fanOutEvents(options, clock.now(), fanOutBatch);
      const jobs = await claimDeliveries(db, options.dialect, clock.now(), free);
      return { jobs, more: moreEventsWait(fannedOut, fanOutBatch), worked: fannedOut > 0, fannedOut };
    },
    handle: deliver,
    retry: WEBHOOK_RETRY,
    concurrency: options.concurrency ?? 16,
    pollMs: POLL_MS,
    idle: WEBHOOK_IDLE_POLL,
    close: () => agent.close(),
  };
}

/** The webhook worker in a loop of its own (tests, and callers that want its round's summary). */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const loop = runWorker(createWebhookWorker(options), options.log ?? silentLog);
  return {
    async runOnce() {
      const { round, outcomes } = await loop.runOnce();
      return { fannedOut: round.fannedOut, claimed: round.jobs.length, outcomes };
    },
    start: () => loop.start(),
    stop: () => loop.stop(),
  };
}
