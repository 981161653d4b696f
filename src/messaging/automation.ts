// A store's messaging automation as the planner, the sender and the page read it (issue 41 §1,
// §3; issue 42): the provider (null: automation off), the pause switch, quiet hours, each step's
// switch, timing, when it was turned on and its Cloud API template; the Cloud API's and Fonnte's
// settings, and whether the provider stopped the store's sending. A store that never saved it
// has the defaults: no provider, every step off, quiet hours 20:00-08:00.
import type { Db, Tx } from '../lib/db/db.js';
import { FOLLOW_UP_STEPS, type FollowUpStep } from '../templates/follow-up-steps.js';
import { DEFAULT_DELAYS, type FollowUpTiming, type QuietHours } from './timing.js';

export const PROVIDERS = ['cloud_api', 'fonnte', 'sandbox'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

export const DEFAULT_QUIET_HOURS: QuietHours = { start: '20:00', end: '08:00' };

/** The approved Cloud API template a step sends outside the 24-hour window. */
export interface StepTemplate {
  name: string;
  language: string;
  /** The placeholders ({nama}, {total}, ...) that fill its named parameters, in order. */
  params: string[];
}

export interface StepSwitch {
  template: StepTemplate | null;
  on: boolean;
  /** When it was last turned on (epoch ms): it plans only what falls due after. */
  onSince: number | null;
  /** fu1, fu2, fu4: minutes after creation. fu4: null until the store chooses its own (the default follows auto-cancel: followUpTiming). */
  delayMinutes: number | null;
}

export interface Automation {
  tenantId: number;
  provider: ProviderName | null;
  paused: boolean;
  quiet: QuietHours | null;
  steps: Record<FollowUpStep, StepSwitch>;
  cloudApi: { phoneNumberId: string | null; wabaId: string | null; phone: string | null };
  fonnte: { secret: string | null; dailyCap: number; acceptedRiskAt: number | null };
  /** Why the provider stopped the store's sending: the Cloud API's token, Fonnte's device; null: it sends. */
  halted: Halt | null;
}

export const HALTS = ['token', 'device'] as const;
export type Halt = (typeof HALTS)[number];
export const DEFAULT_FONNTE_DAILY_CAP = 200;

// fu4 has no stored default: null means "the default", which depends on the order (followUpTiming).
const DELAYED: Readonly<Partial<Record<FollowUpStep, number>>> = { fu1: DEFAULT_DELAYS.fu1, fu2: DEFAULT_DELAYS.fu2 };

const defaultSteps = (): Record<FollowUpStep, StepSwitch> =>
  Object.fromEntries(FOLLOW_UP_STEPS.map((step) => [step, { on: false, onSince: null, delayMinutes: DELAYED[step] ?? null, template: null }])) as Record<FollowUpStep, StepSwitch>;

export const defaultAutomation = (tenantId: number): Automation => ({
  tenantId,
  provider: null,
  paused: false,
  quiet: { ...DEFAULT_QUIET_HOURS },
  steps: defaultSteps(),
  cloudApi: { phoneNumberId: null, wabaId: null, phone: null },
  fonnte: { secret: null, dailyCap: DEFAULT_FONNTE_DAILY_CAP, acceptedRiskAt: null },
  halted: null,
});

function templateOf(row: { template_name: string | null; template_language: string | null; template_params: string | null }): StepTemplate | null {
  if (row.template_name === null || row.template_language === null) return null;
  let params: unknown = [];
  try {
    params = JSON.parse(row.template_params ?? '[]');
  } catch {
    params = [];
  }
  return { name: row.template_name, language: row.template_language, params: Array.isArray(params) ? params.filter((p): p is string => typeof p === 'string') : [] };
}

const isProvider = (value: string | null): value is ProviderName => value !== null && (PROVIDERS as readonly string[]).includes(value);

/** The automation of each store asked for (the defaults for a store that never saved it). */
export async function loadAutomations(db: Db | Tx, tenantIds: readonly number[]): Promise<Map<number, Automation>> {
  const found = new Map<number, Automation>(tenantIds.map((id) => [id, defaultAutomation(id)]));
  if (tenantIds.length === 0) return found;
  const [settings, steps] = await Promise.all([
    db.selectFrom('messaging_settings').selectAll().where('tenant_id', 'in', tenantIds).execute(),
    db.selectFrom('messaging_steps').selectAll().where('tenant_id', 'in', tenantIds).execute(),
  ]);
  for (const row of settings) {
    const automation = found.get(Number(row.tenant_id))!;
    automation.provider = isProvider(row.provider) ? row.provider : null;
    automation.paused = Number(row.paused) === 1;
    automation.quiet = row.quiet_start !== null && row.quiet_end !== null ? { start: row.quiet_start, end: row.quiet_end } : null;
    automation.cloudApi = { phoneNumberId: row.cloud_phone_number_id, wabaId: row.cloud_waba_id, phone: row.cloud_phone };
    automation.fonnte = { secret: row.fonnte_secret, dailyCap: Number(row.fonnte_daily_cap), acceptedRiskAt: row.fonnte_accepted_risk_at === null ? null : Number(row.fonnte_accepted_risk_at) };
    automation.halted = (HALTS as readonly (string | null)[]).includes(row.halted) ? (row.halted as Halt) : null;
  }
  for (const row of steps) {
    const automation = found.get(Number(row.tenant_id))!;
    if (!Object.hasOwn(automation.steps, row.step)) continue;
    const step = automation.steps[row.step as FollowUpStep];
    step.on = Number(row.is_on) === 1;
    step.onSince = row.on_since === null ? null : Number(row.on_since);
    if (row.delay_minutes !== null) step.delayMinutes = Number(row.delay_minutes);
    step.template = templateOf(row);
  }
  return found;
}

export async function loadAutomation(db: Db | Tx, tenantId: number): Promise<Automation> {
  return (await loadAutomations(db, [tenantId])).get(tenantId)!;
}

/** Whether the step sends by itself: a provider chosen and its switch on. */
export const stepIsOn = (automation: Automation, step: FollowUpStep): boolean => automation.provider !== null && automation.steps[step].on;

/** fu4 this long before an auto-cancel (issue 44 §3), by default. */
export const FU4_BEFORE_CANCEL_MINUTES = 24 * 60;

/**
 * The steps' timing for an order. fu4: the store's own timing when it chose one; else, for an
 * order auto-cancel will cancel at `cancelAt` (orders/auto-cancel/), 24 hours before it; else
 * 72 hours after creation. (followUpDueTimes still keeps fu4 after fu3.)
 */
export function followUpTiming(automation: Automation, order?: { createdAt: number; cancelAt: number | null }): FollowUpTiming {
  const beforeCancel = order && order.cancelAt !== null ? Math.max(0, Math.round((order.cancelAt - order.createdAt) / 60_000) - FU4_BEFORE_CANCEL_MINUTES) : null;
  return {
    fu1Minutes: automation.steps.fu1.delayMinutes ?? DEFAULT_DELAYS.fu1,
    fu2Minutes: automation.steps.fu2.delayMinutes ?? DEFAULT_DELAYS.fu2,
    fu4Minutes: automation.steps.fu4.delayMinutes ?? beforeCancel ?? DEFAULT_DELAYS.fu4,
  };
}

/**
 * The number the thank-you page's WhatsApp button goes to when the store sends through the Cloud
 * API (issue 42 §1): the buyer's first message to it opens the 24-hour window. Null otherwise.
 */
export async function cloudApiNumber(db: Db, tenantId: number): Promise<string | null> {
  const row = await db.selectFrom('messaging_settings').select(['provider', 'cloud_phone']).where('tenant_id', '=', tenantId).executeTakeFirst();
  return row?.provider === 'cloud_api' ? row.cloud_phone : null;
}
