// GET /dashboard/api/messaging (issue 41 §3, issue 42): the store's automation as the page shows
// it, its messages of the last 24 hours by state, the Cloud API's and Fonnte's settings (tokens
// only as "set"), the webhooks' addresses, and the paid templates of the last 30 days.
import type { Db } from '../lib/db/db.js';
import { FOLLOW_UP_STEPS } from '../templates/follow-up-steps.js';
import { loadAutomation, type Automation } from './automation.js';
import { DEFAULT_DELAYS } from './timing.js';
import { fonnteWebhookUrl } from './fonnte-webhook.js';

export const MESSAGE_STATES = ['planned', 'waiting_quiet_hours', 'sent', 'delivered', 'read', 'failed', 'skipped', 'cancelled', 'expired'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

const hours = (minutes: number | null) => (minutes === null ? null : minutes / 60);

/** What the page shows beside the automation itself. */
export interface AutomationExtras {
  last24h: Record<MessageState, number>;
  cloudApiAvailable: boolean;
  whatsappTokenSet: boolean;
  fonnteTokenSet: boolean;
  paidLast30Days: number;
  publicUrl: string;
}

export function automationAnswer(automation: Automation, extras: AutomationExtras) {
  const { steps } = automation;
  return {
    provider: automation.provider,
    halted: automation.halted,
    paused: automation.paused,
    quiet_hours: automation.quiet,
    steps: {
      fu1: { on: steps.fu1.on, minutes: steps.fu1.delayMinutes! },
      fu2: { on: steps.fu2.on, hours: hours(steps.fu2.delayMinutes)! },
      fu3: { on: steps.fu3.on },
      // fu4 without the store's own timing: 72 hours, or 24 hours before an auto-cancel (`default`).
      fu4: { on: steps.fu4.on, hours: hours(steps.fu4.delayMinutes ?? DEFAULT_DELAYS.fu4)!, default: steps.fu4.delayMinutes === null },
      closing: { on: steps.closing.on },
      paid: { on: steps.paid.on },
      shipped: { on: steps.shipped.on },
      cancelled: { on: steps.cancelled.on },
    },
    last_24h: extras.last24h,
    cloud_api: {
      available: extras.cloudApiAvailable,
      phone_number_id: automation.cloudApi.phoneNumberId,
      waba_id: automation.cloudApi.wabaId,
      phone: automation.cloudApi.phone,
      access_token: extras.whatsappTokenSet ? ('set' as const) : null,
      templates: Object.fromEntries(FOLLOW_UP_STEPS.map((step) => [step, steps[step].template])) as Record<(typeof FOLLOW_UP_STEPS)[number], Automation['steps']['fu1']['template']>,
      paid_last_30_days: extras.paidLast30Days,
      webhook_url: `${extras.publicUrl}/webhooks/whatsapp`,
    },
    fonnte: {
      token: extras.fonnteTokenSet ? ('set' as const) : null,
      daily_cap: automation.fonnte.dailyCap,
      accepted_risk: automation.fonnte.acceptedRiskAt !== null,
      webhook_url: automation.fonnte.secret === null ? null : fonnteWebhookUrl(extras.publicUrl, automation.fonnte.secret),
    },
  };
}

export type AutomationAnswer = ReturnType<typeof automationAnswer>;

/** The store's messages whose state last changed within 24 hours, by state. */
export async function last24Hours(db: Db, tenantId: number, now: number): Promise<Record<MessageState, number>> {
  const rows = await db
    .selectFrom('messages')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('tenant_id', '=', tenantId)
    .where('updated_at', '>', now - 24 * 3_600_000)
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(MESSAGE_STATES.map((s) => [s, 0])) as Record<MessageState, number>;
  for (const row of rows) if (Object.hasOwn(counts, row.state)) counts[row.state as MessageState] = Number(row.n);
  return counts;
}

const PAID_WINDOW_MS = 30 * 24 * 3_600_000;

export async function readAutomation(db: Db, tenantId: number, now: number, server: { publicUrl: string; cloudApiAvailable: boolean }): Promise<AutomationAnswer> {
  const [automation, last24h, tokens, paid] = await Promise.all([
    loadAutomation(db, tenantId),
    last24Hours(db, tenantId, now),
    db.selectFrom('store_settings').select(['whatsapp_access_token', 'fonnte_token']).where('tenant_id', '=', tenantId).executeTakeFirst(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('tenant_id', '=', tenantId)
      .where('paid', '=', 1)
      .where('sent_at', '>', now - PAID_WINDOW_MS)
      .executeTakeFirstOrThrow(),
  ]);
  return automationAnswer(automation, {
    last24h,
    cloudApiAvailable: server.cloudApiAvailable,
    whatsappTokenSet: Boolean(tokens?.whatsapp_access_token),
    fonnteTokenSet: Boolean(tokens?.fonnte_token),
    paidLast30Days: Number(paid.n),
    publicUrl: server.publicUrl,
  });
}
