// PATCH /dashboard/api/messaging (issue 41 §3): the fields present change, the others stay, in
// one transaction. A step that starts sending by itself (its switch on with a provider chosen)
// records when, and plans the pending orders' follow-ups that fall due from now on (never a
// burst to old orders); one that stops cancels its messages not yet sent.
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { FOLLOW_UP_STEPS, type FollowUpStep } from '../templates/follow-up-steps.js';
import { followUpTiming, loadAutomation, stepIsOn, type Automation, type ProviderName } from './automation.js';
import { OPEN_STATES, planTurnedOn } from './plan-messages.js';
import { AUTOMATION_FIELD_TEXT, MESSAGE_REASON } from './texts.js';
import { isClockText, type QuietHours } from './timing.js';

export interface AutomationPatch {
  provider?: ProviderName | null;
  paused?: boolean;
  quiet_hours?: QuietHours | null;
  steps?: Partial<{
    fu1: { on?: boolean; minutes?: number };
    fu2: { on?: boolean; hours?: number };
    fu3: { on?: boolean };
    fu4: { on?: boolean; hours?: number };
    closing: { on?: boolean };
    paid: { on?: boolean };
    shipped: { on?: boolean };
    cancelled: { on?: boolean };
  }>;
}

/** Field paths to their refusal texts (422 invalid_request `fields`). */
export type FieldRefusals = Record<string, string>;

/** The automation after the patch, or the fields it refuses. */
export function applyPatch(current: Automation, patch: AutomationPatch): Outcome<Automation, 'invalid_request'> & { fields?: FieldRefusals } {
  const next: Automation = structuredClone(current);
  const fields: FieldRefusals = {};
  if (patch.provider !== undefined) next.provider = patch.provider;
  if (patch.paused !== undefined) next.paused = patch.paused;
  if (patch.quiet_hours !== undefined) {
    const quiet = patch.quiet_hours;
    if (quiet === null) next.quiet = null;
    else if (!isClockText(quiet.start) || !isClockText(quiet.end)) {
      if (!isClockText(quiet.start)) fields['quiet_hours.start'] = AUTOMATION_FIELD_TEXT.clock;
      if (!isClockText(quiet.end)) fields['quiet_hours.end'] = AUTOMATION_FIELD_TEXT.clock;
    } else if (quiet.start === quiet.end) fields['quiet_hours.end'] = AUTOMATION_FIELD_TEXT.sameClock;
    else next.quiet = { start: quiet.start, end: quiet.end };
  }
  for (const step of FOLLOW_UP_STEPS) {
    const change = patch.steps?.[step] as { on?: boolean; minutes?: number; hours?: number } | undefined;
    if (!change) continue;
    if (change.on !== undefined) next.steps[step].on = change.on;
    if (change.minutes !== undefined) next.steps[step].delayMinutes = change.minutes;
    if (change.hours !== undefined) next.steps[step].delayMinutes = change.hours * 60;
  }
  const timing = followUpTiming(next);
  if (timing.fu2Minutes <= timing.fu1Minutes) fields['steps.fu2.hours'] = AUTOMATION_FIELD_TEXT.fu2AfterFu1;
  if (timing.fu4Minutes < timing.fu2Minutes + 12 * 60) fields['steps.fu4.hours'] = AUTOMATION_FIELD_TEXT.fu4AfterFu3;
  if (Object.keys(fields).length > 0) return { ...refuse('invalid_request', `refused: ${Object.keys(fields).join(', ')}`), fields };
  return succeed(next);
}

export async function saveAutomation(tx: Tx, tenantId: number, patch: AutomationPatch, now: number, storeZone: string): Promise<Outcome<Automation, 'invalid_request'> & { fields?: FieldRefusals }> {
  const current = await loadAutomation(tx, tenantId);
  const applied = applyPatch(current, patch);
  if (!applied.ok) return applied;
  const next = applied.value;
  const started: FollowUpStep[] = [];
  for (const step of FOLLOW_UP_STEPS) {
    const was = stepIsOn(current, step);
    const is = stepIsOn(next, step);
    if (!was && is) {
      next.steps[step].onSince = now;
      started.push(step);
    }
    if (was && !is) {
      await tx
        .updateTable('messages')
        .set({ state: 'cancelled', reason: next.provider === null ? MESSAGE_REASON.noProvider : MESSAGE_REASON.stepOff, updated_at: now, locked_until: null, lease_token: null })
        .where('tenant_id', '=', tenantId)
        .where('step', '=', step)
        .where('state', 'in', OPEN_STATES)
        .execute();
    }
  }
  const settings = { provider: next.provider, paused: next.paused ? 1 : 0, quiet_start: next.quiet?.start ?? null, quiet_end: next.quiet?.end ?? null, updated_at: now };
  await tx
    .insertInto('messaging_settings')
    .values({ tenant_id: tenantId, ...settings })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(settings))
    .execute();
  for (const step of FOLLOW_UP_STEPS) {
    const s = next.steps[step];
    const row = { is_on: s.on ? 1 : 0, delay_minutes: s.delayMinutes, on_since: s.onSince };
    await tx
      .insertInto('messaging_steps')
      .values({ tenant_id: tenantId, step, ...row })
      .onConflict((oc) => oc.columns(['tenant_id', 'step']).doUpdateSet(row))
      .execute();
  }
  const followUpsStarted = started.filter((s) => s.startsWith('fu'));
  if (followUpsStarted.length > 0) {
    // Only the steps that just started: the others planned their own orders as they came.
    const only: Automation = structuredClone(next);
    for (const step of FOLLOW_UP_STEPS) if (!followUpsStarted.includes(step)) only.steps[step].on = false;
    await planTurnedOn(tx, only, storeZone, now);
  }
  return succeed(next);
}
