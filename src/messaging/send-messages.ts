// The sender (issue 41 §2): a worker of the runner that claims due messages under a lease
// (several processes on PostgreSQL never hold one message at once), reads the order again, and
// either sends the message through the store's provider or settles why it does not go:
// - cancelled: the order left the step's status, was marked invalid_no_hp or is gone, the step
//   was turned off or automation stopped, or a CS pressed the step (or a later one) by hand;
// - waiting_quiet_hours: due in the buyer's quiet hours, it waits for their end;
// - planned with a reason: the store paused its messages, or the phone had a message less than
//   10 seconds ago, or the provider asked to try later (on Fonnte also: the store's spacing or its
//   daily cap);
// - expired: not sent within 6 hours of the first moment it was allowed to go;
// - skipped: the buyer's number is not an Indonesian one;
// - sent: the provider accepted it (the text as sent, the provider's id, the follow-up columns and
//   a history entry with source `system`); failed: the provider refused it for good.
// Issue 42 adds: a phone on the store's opt-out list is skipped; a store whose provider stopped
// its sending (halted) waits as a paused one does; on the Cloud API, outside the 24-hour window
// the step's template goes instead of the text (none named: skipped); a provider's refusal may
// put the phone on the opt-out list (131050), stop the store's sending (a revoked token) or say
// the number is not on WhatsApp (131026: the reason suggests marking the order invalid_no_hp).
// On Fonnte, a store sends at most one message per 10 seconds plus a jitter, and at most its daily
// cap in the store's day; what the cap holds back waits for the next day (the 6-hour expiry still
// applies).
// At least once: a process killed after the provider accepted a message and before its commit
// sends it again once the lease lapses (docs/messaging.md).
import { raiseFlag } from '../orders/risk/raise-flag.js';
import { RISK_TEXT } from '../orders/risk/risk-text.js';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Clock } from '../lib/clock.js';
import { isPostgres, type Db, type DialectName, type Tx } from '../lib/db/db.js';
import { fixedLimit } from '../lib/db/fixed-limit.js';
import type { WriteTransaction } from '../lib/db/write-transaction.js';
import { normalizeIndonesianPhone } from '../lib/phone.js';
import type { JobLog, Worker } from '../jobs/worker.js';
import { MESSAGE_ORDER_COLUMNS } from '../orders/core/message-input.js';
import { recordFollowUp } from '../orders/core/record-follow-up.js';
import { fillPlaceholders, renderSteps } from '../orders/core/render-steps.js';
import type { Sealer } from '../lib/secrets/sealer.js';
import { buyerLinksOf, type BuyerLinks } from '../orders/buyer-page/buyer-links.js';
import { isFollowUpStep, type FollowUpStep } from '../templates/follow-up-steps.js';
import { storeTimeZone } from '../tenants/store-time-zone.js';
import { startOfDay } from '../lib/time.js';
import { loadAutomation, type Automation } from './automation.js';
import { FOLLOW_UPS, highestPressed, OPEN_STATES } from './plan-messages.js';
import { windowOpen } from './conversation-window.js';
import { haltSending } from './halt.js';
import { isOptedOut, optOut, OPT_OUT_HOW } from './opt-outs.js';
import { builtInProvider, providerDeps } from './providers/built-in.js';
import type { MessagingProvider, OutgoingTemplate, ProviderDeps, SendResult } from './providers/provider.js';
import { AUTOMATED_ACTOR, MESSAGE_REASON } from './texts.js';
import { afterQuietHours, buyerOffsetMinutes, EXPIRY_MS, FONNTE_JITTER_MS, FONNTE_SPACING_MS, fonnteGapAfter, inQuietHours, PHONE_SPACING_MS, ZONES, zoneOfProvince } from './timing.js';

export const SENDER_WORKER = 'sender';
/** How long a claim holds a message. */
export const LEASE_MS = 30_000;
const CONCURRENCY = 4;
const POLL_MS = 1_000;
/** While paused, a message is looked at again after this long (it expires by the 6-hour rule). */
const PAUSED_RECHECK_MS = 60_000;
/** After a provider's refusal to retry later (a longer Retry-After wins). */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];

export interface SenderDeps {
  db: Db;
  dialect: DialectName;
  writeTransaction: WriteTransaction;
  clock: Clock;
  serverTimeZone: string;
  sealer: Sealer;
  /** The providers' settings, and the public URL of the buyer's page links ({link_pesanan}). */
  config: ProviderDeps['config'] & { publicUrl: string };
  log: JobLog;
  /** The provider of a store's choice (tests put their own). */
  providerFor?(name: string): MessagingProvider | null;
}

/** The order's page link, made when a step's text names {link_pesanan} and the order has none. */
const linksOf = (deps: SenderDeps): BuyerLinks => buyerLinksOf({ db: deps.db, sealer: deps.sealer, clock: deps.clock, publicUrl: deps.config.publicUrl });

export interface ClaimedMessage {
  id: number;
  tenantId: number;
  leaseToken: string;
}

/** How one message's turn ended. */
export type SendOutcome = 'sent' | 'failed' | 'skipped' | 'cancelled' | 'expired' | 'waiting' | 'retry';

function claimable(db: Db, now: number, tenantId: number | null) {
  let query = db
    .selectFrom('messages')
    .select('id')
    .where('state', 'in', OPEN_STATES)
    .where('next_at', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<=', now)]));
  if (tenantId !== null) query = query.where('tenant_id', '=', tenantId);
  return query.orderBy('next_at').orderBy('id');
}

/** Claims at most `limit` due messages (every store's, or one store's), oldest due first. */
export async function claimMessages(deps: Pick<SenderDeps, 'db' | 'dialect'>, now: number, limit: number, tenantId: number | null = null): Promise<ClaimedMessage[]> {
  if (limit <= 0) return [];
  if (!(await claimable(deps.db, now, tenantId).limit(fixedLimit(1)).executeTakeFirst())) return [];
  const leaseToken = randomBytes(12).toString('hex');
  const claimed = await deps.db
    .updateTable('messages')
    .set({ locked_until: now + LEASE_MS, lease_token: leaseToken })
    .where(
      'id',
      'in',
      claimable(deps.db, now, tenantId)
        .limit(fixedLimit(limit))
        .$if(deps.dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
    )
    .returning(['id', 'tenant_id'])
    .execute();
  return claimed.map((c) => ({ id: Number(c.id), tenantId: Number(c.tenant_id), leaseToken }));
}

type Settle = Partial<{ state: string; reason: string | null; next_at: number; allowed_at: number; sent_at: number | null; phone: string; text: string; provider: string; provider_message_id: string; attempts: number }>;

/** Writes the message's new state, only while the claim is still this one's; the lease ends unless `keep`. */
async function settle(db: Db | Tx, message: ClaimedMessage, change: Settle, now: number, keep = false): Promise<boolean> {
  const result = await db
    .updateTable('messages')
    .set({ ...change, updated_at: now, ...(keep ? {} : { locked_until: null, lease_token: null }) })
    .where('tenant_id', '=', message.tenantId)
    .where('id', '=', message.id)
    .where('lease_token', '=', message.leaseToken)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Why the message cannot go at all any more; null when it still may. */
function cancelReason(step: FollowUpStep, order: { status: string; spam: number } | undefined, automation: Automation, pressed: FollowUpStep | null): string | null {
  if (automation.provider === null) return MESSAGE_REASON.noProvider;
  if (!order) return MESSAGE_REASON.orderGone;
  // A spam order gets no automated message (issue 43 §3).
  if (Number(order.spam) === 1) return MESSAGE_REASON.spam;
  if (order.status === 'invalid_no_hp') return MESSAGE_REASON.invalidPhone;
  const followUp = FOLLOW_UPS.includes(step);
  if (followUp && order.status !== 'pending') return MESSAGE_REASON.leftPending;
  if (!followUp && order.status !== step) return MESSAGE_REASON.leftStatus;
  if (!automation.steps[step].on) return MESSAGE_REASON.stepOff;
  if (followUp && pressed !== null && FOLLOW_UPS.indexOf(pressed) >= FOLLOW_UPS.indexOf(step)) return MESSAGE_REASON.pressed(pressed);
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** 'HH:MM WIT' of an instant at the buyer's offset (the zone's name when the province has one). */
function localClock(at: number, offset: number, province: string | null): string {
  const local = new Date(at + offset * 60_000);
  const zone = zoneOfProvince(province);
  const name = zone ?? (Object.entries(ZONES).find(([, o]) => o === offset)?.[0] ?? `UTC${offset >= 0 ? '+' : ''}${offset / 60}`);
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())} ${name}`;
}

/** Fonnte's pace for a store (issue 42 §3): its daily cap, counted from the start of the store's day. */
interface StorePace {
  cap: number;
  dayStart: number;
  nextDayStart: number;
}

/** How the reservation went: the turn is this message's, the claim was lost, or it waits until `at`. */
type Turn = 'reserved' | 'lost' | { at: number; reason: string | null };

/**
 * Reserves the phone's turn: no other message to it sent within 10 seconds; on Fonnte (`pace`) also
 * the store's: its cap not reached today, and no message of the store within 10 seconds plus the
 * jitter. The message's sent_at holds the reservation until the provider answers (on Fonnte with
 * its provider, so that the store's count sees it). On PostgreSQL the checks and the reservation
 * run under a lock on the phone, then one on the store (always in this order), so several sender
 * processes never take the same turn.
 */
async function reserveTurn(deps: SenderDeps, message: ClaimedMessage, phone: string, now: number, pace: StorePace | null): Promise<Turn> {
  return deps.writeTransaction(async (tx) => {
    if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${`lapak_phone:${message.tenantId}:${phone}`}))`.execute(tx);
    const last = await tx
      .selectFrom('messages')
      .select((eb) => eb.fn.max('sent_at').as('at'))
      .where('tenant_id', '=', message.tenantId)
      .where('phone', '=', phone)
      .where('sent_at', '>', now - PHONE_SPACING_MS)
      .where('id', '!=', message.id)
      .executeTakeFirst();
    if (last?.at !== null && last?.at !== undefined) return { at: Number(last.at) + PHONE_SPACING_MS, reason: null };
    if (pace) {
      if (isPostgres(tx)) await sql`select pg_advisory_xact_lock(hashtext(${`lapak_fonnte:${message.tenantId}`}))`.execute(tx);
      const today = await tx
        .selectFrom('messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('tenant_id', '=', message.tenantId)
        .where('sent_at', '>=', pace.dayStart)
        .where('provider', '=', 'fonnte')
        .where('id', '!=', message.id)
        .executeTakeFirstOrThrow();
      if (Number(today.n) >= pace.cap) return { at: pace.nextDayStart, reason: MESSAGE_REASON.fonnteDailyCap(pace.cap) };
      const previous = await tx
        .selectFrom('messages')
        .select(['id', 'sent_at'])
        .where('tenant_id', '=', message.tenantId)
        .where('sent_at', '>', now - FONNTE_SPACING_MS - FONNTE_JITTER_MS)
        .where('provider', '=', 'fonnte')
        .where('id', '!=', message.id)
        .orderBy('sent_at', 'desc')
        .limit(fixedLimit(1))
        .executeTakeFirst();
      const free = previous ? Number(previous.sent_at) + fonnteGapAfter(Number(previous.id)) : now;
      if (free > now) return { at: free, reason: MESSAGE_REASON.fonnteSpacing };
    }
    return (await settle(tx, message, { phone, sent_at: now, ...(pace ? { provider: 'fonnte' } : {}) }, now, true)) ? 'reserved' : 'lost';
  });
}

/** The store's day (its own time zone) and cap, for Fonnte. */
function storePace(cap: number, now: number, storeZone: string): StorePace {
  const dayStart = startOfDay(now, storeZone);
  // 36 hours on lands inside the next day whatever a daylight-saving change did to this one.
  return { cap, dayStart, nextDayStart: startOfDay(dayStart + 36 * 3_600_000, storeZone) };
}

/** One claimed message's turn (the worker's handler, and `lapak messaging run-due`'s). */
export async function sendMessage(deps: SenderDeps, message: ClaimedMessage): Promise<SendOutcome> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('messages')
    .select(['order_id', 'step', 'due_at', 'allowed_at', 'attempts'])
    .where('tenant_id', '=', message.tenantId)
    .where('id', '=', message.id)
    .where('lease_token', '=', message.leaseToken)
    .executeTakeFirst();
  if (!row || !isFollowUpStep(row.step)) return 'cancelled';
  const step = row.step;
  const [automation, order, storeZone] = await Promise.all([
    loadAutomation(deps.db, message.tenantId),
    deps.db
      .selectFrom('orders')
      .select([...MESSAGE_ORDER_COLUMNS, 'orders.spam'])
      .where('orders.tenant_id', '=', message.tenantId)
      .where('orders.id', '=', Number(row.order_id))
      .executeTakeFirst(),
    storeTimeZone(deps.db, message.tenantId, deps.serverTimeZone),
  ]);
  const pressed = order && FOLLOW_UPS.includes(step) ? await highestPressed(deps.db, message.tenantId, order.id) : null;
  const cancelled = cancelReason(step, order, automation, pressed);
  if (cancelled !== null || !order) {
    await settle(deps.db, message, { state: 'cancelled', reason: cancelled ?? MESSAGE_REASON.orderGone }, now);
    return 'cancelled';
  }

  const province = order.customer_province || null;
  const offset = buyerOffsetMinutes(province, storeZone, now);
  const allowed = row.allowed_at === null ? afterQuietHours(Number(row.due_at), offset, automation.quiet) : Number(row.allowed_at);
  if (now >= allowed + EXPIRY_MS) {
    await settle(deps.db, message, { state: 'expired', reason: MESSAGE_REASON.expired, allowed_at: allowed }, now);
    return 'expired';
  }
  if (automation.quiet && inQuietHours(now, offset, automation.quiet)) {
    const end = afterQuietHours(now, offset, automation.quiet);
    await settle(deps.db, message, { state: 'waiting_quiet_hours', reason: MESSAGE_REASON.quietHours(localClock(end, offset, province)), next_at: end, allowed_at: row.allowed_at === null ? end : allowed }, now);
    return 'waiting';
  }
  if (automation.paused || automation.halted) {
    const reason = automation.halted ? MESSAGE_REASON.halted[automation.halted] : MESSAGE_REASON.paused;
    await settle(deps.db, message, { state: 'planned', reason, next_at: Math.min(now + PAUSED_RECHECK_MS, allowed + EXPIRY_MS), allowed_at: allowed }, now);
    return 'waiting';
  }
  const phone = normalizeIndonesianPhone(order.customer_phone);
  if (phone === null) {
    await settle(deps.db, message, { state: 'skipped', reason: MESSAGE_REASON.notIndonesian, allowed_at: allowed }, now);
    return 'skipped';
  }
  if (await isOptedOut(deps.db, message.tenantId, phone)) {
    await settle(deps.db, message, { state: 'skipped', reason: MESSAGE_REASON.optedOut, allowed_at: allowed }, now);
    return 'skipped';
  }
  const provider = providerOf(deps, automation.provider!);
  if (!provider) {
    await settle(deps.db, message, { state: 'cancelled', reason: MESSAGE_REASON.noProvider }, now);
    return 'cancelled';
  }
  const pace = provider.name === 'fonnte' ? storePace(automation.fonnte.dailyCap, now, storeZone) : null;
  const turn = await reserveTurn(deps, message, phone, now, pace);
  if (turn === 'lost') return 'cancelled';
  if (turn !== 'reserved') {
    await settle(deps.db, message, { state: 'planned', next_at: turn.at, allowed_at: allowed, ...(turn.reason !== null ? { reason: turn.reason } : {}) }, now);
    return 'waiting';
  }

  const rendered = await renderSteps(deps.db, message.tenantId, order, [step], deps.serverTimeZone, linksOf(deps));
  const text = rendered?.[0]?.text;
  if (text === undefined) {
    await settle(deps.db, message, { state: 'cancelled', reason: MESSAGE_REASON.orderGone, sent_at: null }, now);
    return 'cancelled';
  }
  // The Cloud API: free text only inside the 24-hour window, else the step's template.
  let template: OutgoingTemplate | undefined;
  if (provider.name === 'cloud_api' && !(await windowOpen(deps.db, message.tenantId, phone, now))) {
    const chosen = automation.steps[step].template;
    const params = chosen ? await fillPlaceholders(deps.db, message.tenantId, order, chosen.params, deps.serverTimeZone, linksOf(deps)) : null;
    if (!chosen || !params) {
      await settle(deps.db, message, { state: 'skipped', reason: MESSAGE_REASON.windowClosed, sent_at: null, text, allowed_at: allowed }, now);
      return 'skipped';
    }
    template = { name: chosen.name, language: chosen.language, params };
  }
  let result: SendResult;
  try {
    result = await provider.send({ tenantId: message.tenantId, messageId: message.id, orderId: order.id, phone, text, ...(template ? { template } : {}) });
  } catch (error) {
    result = { ok: false as const, retry: true as const, error: error instanceof Error ? error.message : String(error), retryAfterMs: null };
  }
  if (!result.ok) {
    const attempts = Number(row.attempts) + 1;
    if (result.effect === 'halt') {
      await deps.writeTransaction(async (tx) => {
        await haltSending(tx, message.tenantId, provider.name === 'fonnte' ? 'device' : 'token', now);
        await settle(tx, message, { state: 'planned', reason: MESSAGE_REASON.providerRetry(result.error), sent_at: null, attempts, next_at: Math.min(now + PAUSED_RECHECK_MS, allowed + EXPIRY_MS), allowed_at: allowed }, now);
      });
      deps.log.warn({ tenantId: message.tenantId, provider: provider.name }, 'provider stopped the store\'s sending');
      return 'retry';
    }
    if (!result.retry) {
      const failed = { sent_at: null, attempts, text, provider: provider.name, allowed_at: allowed };
      if (result.effect === 'window_closed') {
        await settle(deps.db, message, { ...failed, state: 'skipped', reason: MESSAGE_REASON.windowClosed }, now);
        return 'skipped';
      }
      const reason = result.effect === 'not_on_whatsapp' ? MESSAGE_REASON.notOnWhatsApp : result.effect === 'opt_out' ? MESSAGE_REASON.optedOutAtProvider : MESSAGE_REASON.providerFailed(result.error);
      await deps.writeTransaction(async (tx) => {
        await settle(tx, message, { ...failed, state: 'failed', reason }, now);
        if (result.effect === 'opt_out') await optOut(tx, message.tenantId, phone, OPT_OUT_HOW.whatsapp, now);
        if (result.effect === 'not_on_whatsapp') await raiseFlag(tx, message.tenantId, order.id, 'not_whatsapp', RISK_TEXT.reasons.notWhatsapp, now);
      });
      return 'failed';
    }
    const delay = Math.max(RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!, result.retryAfterMs ?? 0);
    await settle(deps.db, message, { state: 'planned', reason: MESSAGE_REASON.providerRetry(result.error), sent_at: null, attempts, next_at: now + delay, allowed_at: allowed }, now);
    return 'retry';
  }
  await deps.writeTransaction(async (tx) => {
    if (!(await settle(tx, message, { state: 'sent', reason: null, sent_at: now, text, provider: provider.name, provider_message_id: result.providerMessageId, allowed_at: allowed }, now))) return;
    await recordFollowUp(tx, { tenantId: message.tenantId, orderId: order.id, status: order.status, step, source: 'system', actor: AUTOMATED_ACTOR, actorUserId: null, at: now });
  });
  deps.log.info({ tenantId: message.tenantId, messageId: message.id, step, template: template !== undefined }, 'message sent');
  return 'sent';
}

/** The store's provider: the one the deps name (tests), else the built-in one. */
export function providerOf(deps: SenderDeps, name: string): MessagingProvider | null {
  return deps.providerFor?.(name) ?? builtInProvider(name, providerDeps(deps));
}

export function senderWorker(deps: SenderDeps): Worker<ClaimedMessage, SendOutcome> {
  return {
    name: SENDER_WORKER,
    claim: async (limit) => {
      const jobs = await claimMessages(deps, deps.clock.now(), limit);
      return { jobs, more: jobs.length >= limit };
    },
    handle: (message) => sendMessage(deps, message),
    // A throw lets the lease lapse: the message is claimed again after LEASE_MS.
    retry: { delaysMs: [] },
    concurrency: CONCURRENCY,
    pollMs: POLL_MS,
  };
}
