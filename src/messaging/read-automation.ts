// GET /dashboard/api/messaging (issue 41 §3): the store's automation as the page shows it, and
// its messages of the last 24 hours by state.
import type { Db } from '../lib/db/db.js';
import { loadAutomation, type Automation } from './automation.js';

export const MESSAGE_STATES = ['planned', 'waiting_quiet_hours', 'sent', 'delivered', 'read', 'failed', 'skipped', 'cancelled', 'expired'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

const hours = (minutes: number | null) => (minutes === null ? null : minutes / 60);

export function automationAnswer(automation: Automation, last24h: Record<MessageState, number>) {
  const { steps } = automation;
  return {
    provider: automation.provider,
    paused: automation.paused,
    quiet_hours: automation.quiet,
    steps: {
      fu1: { on: steps.fu1.on, minutes: steps.fu1.delayMinutes! },
      fu2: { on: steps.fu2.on, hours: hours(steps.fu2.delayMinutes)! },
      fu3: { on: steps.fu3.on },
      fu4: { on: steps.fu4.on, hours: hours(steps.fu4.delayMinutes)! },
      closing: { on: steps.closing.on },
      paid: { on: steps.paid.on },
      shipped: { on: steps.shipped.on },
      cancelled: { on: steps.cancelled.on },
    },
    last_24h: last24h,
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

export async function readAutomation(db: Db, tenantId: number, now: number): Promise<AutomationAnswer> {
  const [automation, counts] = await Promise.all([loadAutomation(db, tenantId), last24Hours(db, tenantId, now)]);
  return automationAnswer(automation, counts);
}
