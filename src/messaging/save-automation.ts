// PATCH /dashboard/api/messaging (issue 41 §3): the fields present change, the others stay, in
// one transaction. A step that starts sending by itself (its switch on with a provider chosen)
// records when, and plans the pending orders' follow-ups that fall due from now on (never a
// burst to old orders); one that stops cancels its messages not yet sent. Issue 42: the Cloud
// API's number, WABA id and step templates, Fonnte's daily cap and the owner's acceptance of its
// risk. A provider is chosen only with what it needs: the operator's Meta app, the number and the
// access token for the Cloud API; the accepted risk and the device token for Fonnte. Fonnte's
// webhook secret is made the first time Fonnte's settings are saved.
import { randomBytes } from 'node:crypto';
import type { Tx } from '../lib/db/db.js';
import { refuse, succeed, type Outcome } from '../lib/outcome.js';
import { placeholderFill } from '../templates/placeholders.js';
import { FOLLOW_UP_STEPS, type FollowUpStep } from '../templates/follow-up-steps.js';
import { followUpTiming, loadAutomation, stepIsOn, type Automation, type ProviderName, type StepTemplate } from './automation.js';
import { OPEN_STATES, planTurnedOn } from './plan-messages.js';
import { AUTOMATION_FIELD_TEXT, MESSAGE_REASON } from './texts.js';
import { isClockText, type QuietHours } from './timing.js';
import { normalizeIndonesianMobile } from '../lib/phone.js';

export interface AutomationPatch {
  provider?: ProviderName | null;
  paused?: boolean;
  quiet_hours?: QuietHours | null;
  steps?: Partial<{
    fu1: { on?: boolean; minutes?: number };
    fu2: { on?: boolean; hours?: number };
    fu3: { on?: boolean };
    /** hours null: back to the default timing. */
    fu4: { on?: boolean; hours?: number | null };
    closing: { on?: boolean };
    paid: { on?: boolean };
    shipped: { on?: boolean };
    cancelled: { on?: boolean };
  }>;
  cloud_api?: {
    phone_number_id?: string | null;
    waba_id?: string | null;
    phone?: string | null;
    templates?: Partial<Record<FollowUpStep, { name: string; language: string; params: string[] } | null>>;
  };
  fonnte?: { daily_cap?: number; accepted_risk?: boolean };
}

/** What the providers need beyond the patch: the operator's Meta app, the store's tokens. */
export interface ProviderReadiness {
  cloudApiConfigured: boolean;
  whatsappTokenSet: boolean;
  fonnteTokenSet: boolean;
}

/** A new Fonnte webhook secret (the path's last segment). */
export const newFonnteSecret = (): string => randomBytes(24).toString('base64url');

/** Field paths to their refusal texts (422 invalid_request `fields`). */
export type FieldRefusals = Record<string, string>;

/** The automation after the patch, or the fields it refuses. */
export function applyPatch(current: Automation, patch: AutomationPatch, ready: ProviderReadiness, now: number): Outcome<Automation, 'invalid_request'> & { fields?: FieldRefusals } {
  const next: Automation = structuredClone(current);
  const fields: FieldRefusals = {};
  if (patch.provider !== undefined) next.provider = patch.provider;
  const cloud = patch.cloud_api;
  if (cloud?.phone_number_id !== undefined) next.cloudApi.phoneNumberId = cloud.phone_number_id;
  if (cloud?.waba_id !== undefined) next.cloudApi.wabaId = cloud.waba_id;
  if (cloud?.phone !== undefined) {
    if (cloud.phone === null) next.cloudApi.phone = null;
    else {
      const phone = normalizeIndonesianMobile(cloud.phone);
      if (phone === null) fields['cloud_api.phone'] = AUTOMATION_FIELD_TEXT.cloudPhone;
      else next.cloudApi.phone = phone;
    }
  }
  for (const [step, template] of Object.entries(cloud?.templates ?? {}) as Array<[FollowUpStep, StepTemplate | null]>) {
    if (!Object.hasOwn(next.steps, step)) continue;
    const unknown = template?.params.filter((p) => placeholderFill(p) === undefined) ?? [];
    if (unknown.length > 0) fields[`cloud_api.templates.${step}.params`] = AUTOMATION_FIELD_TEXT.templateParams(unknown);
    else next.steps[step].template = template === null ? null : { name: template.name, language: template.language, params: [...template.params] };
  }
  if (patch.fonnte?.daily_cap !== undefined) next.fonnte.dailyCap = patch.fonnte.daily_cap;
  if (patch.fonnte?.accepted_risk !== undefined) next.fonnte.acceptedRiskAt = patch.fonnte.accepted_risk ? (current.fonnte.acceptedRiskAt ?? now) : null;
  if (patch.fonnte !== undefined || (next.provider === 'fonnte' && next.fonnte.secret === null)) next.fonnte.secret ??= newFonnteSecret();
  if (next.provider === 'cloud_api' && patch.provider !== undefined && current.provider !== 'cloud_api') {
    if (!ready.cloudApiConfigured) fields.provider = AUTOMATION_FIELD_TEXT.cloudApiNotConfigured;
    else {
      if (!next.cloudApi.phoneNumberId) fields['cloud_api.phone_number_id'] = AUTOMATION_FIELD_TEXT.phoneNumberIdRequired;
      if (!ready.whatsappTokenSet) fields.provider = AUTOMATION_FIELD_TEXT.whatsappTokenRequired;
    }
  }
  if (next.provider === 'cloud_api' && !next.cloudApi.phoneNumberId && !fields['cloud_api.phone_number_id']) fields['cloud_api.phone_number_id'] = AUTOMATION_FIELD_TEXT.phoneNumberIdRequired;
  if (next.provider === 'fonnte' && patch.provider !== undefined && current.provider !== 'fonnte') {
    if (next.fonnte.acceptedRiskAt === null) fields['fonnte.accepted_risk'] = AUTOMATION_FIELD_TEXT.fonnteRisk;
    if (!ready.fonnteTokenSet) fields.provider = AUTOMATION_FIELD_TEXT.fonnteTokenRequired;
  }
  if (next.provider === 'fonnte' && next.fonnte.acceptedRiskAt === null && !fields['fonnte.accepted_risk']) fields['fonnte.accepted_risk'] = AUTOMATION_FIELD_TEXT.fonnteRisk;
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
    const change = patch.steps?.[step] as { on?: boolean; minutes?: number; hours?: number | null } | undefined;
    if (!change) continue;
    if (change.on !== undefined) next.steps[step].on = change.on;
    if (change.minutes !== undefined) next.steps[step].delayMinutes = change.minutes;
    if (change.hours !== undefined) next.steps[step].delayMinutes = change.hours === null ? null : change.hours * 60;
  }
  const timing = followUpTiming(next);
  if (timing.fu2Minutes <= timing.fu1Minutes) fields['steps.fu2.hours'] = AUTOMATION_FIELD_TEXT.fu2AfterFu1;
  if (timing.fu4Minutes < timing.fu2Minutes + 12 * 60) fields['steps.fu4.hours'] = AUTOMATION_FIELD_TEXT.fu4AfterFu3;
  if (Object.keys(fields).length > 0) return { ...refuse('invalid_request', `refused: ${Object.keys(fields).join(', ')}`), fields };
  return succeed(next);
}

export async function saveAutomation(
  tx: Tx,
  tenantId: number,
  patch: AutomationPatch,
  now: number,
  storeZone: string,
  cloudApiConfigured = false,
): Promise<Outcome<Automation, 'invalid_request' | 'phone_number_id_taken'> & { fields?: FieldRefusals }> {
  const current = await loadAutomation(tx, tenantId);
  const tokens = await tx.selectFrom('store_settings').select(['whatsapp_access_token', 'fonnte_token']).where('tenant_id', '=', tenantId).executeTakeFirst();
  const applied = applyPatch(current, patch, { cloudApiConfigured, whatsappTokenSet: Boolean(tokens?.whatsapp_access_token), fonnteTokenSet: Boolean(tokens?.fonnte_token) }, now);
  if (!applied.ok) return applied;
  const next = applied.value;
  const numberId = next.cloudApi.phoneNumberId;
  if (numberId !== null && numberId !== current.cloudApi.phoneNumberId) {
    const taken = await tx.selectFrom('messaging_settings').select('tenant_id').where('cloud_phone_number_id', '=', numberId).where('tenant_id', '!=', tenantId).executeTakeFirst();
    if (taken) return refuse('phone_number_id_taken', 'phone_number_id is used by another store');
  }
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
  const settings = {
    provider: next.provider,
    paused: next.paused ? 1 : 0,
    quiet_start: next.quiet?.start ?? null,
    quiet_end: next.quiet?.end ?? null,
    cloud_phone_number_id: next.cloudApi.phoneNumberId,
    cloud_waba_id: next.cloudApi.wabaId,
    cloud_phone: next.cloudApi.phone,
    fonnte_secret: next.fonnte.secret,
    fonnte_daily_cap: next.fonnte.dailyCap,
    fonnte_accepted_risk_at: next.fonnte.acceptedRiskAt,
    updated_at: now,
  };
  await tx
    .insertInto('messaging_settings')
    .values({ tenant_id: tenantId, ...settings })
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(settings))
    .execute();
  for (const step of FOLLOW_UP_STEPS) {
    const s = next.steps[step];
    const row = {
      is_on: s.on ? 1 : 0,
      delay_minutes: s.delayMinutes,
      on_since: s.onSince,
      template_name: s.template?.name ?? null,
      template_language: s.template?.language ?? null,
      template_params: s.template ? JSON.stringify(s.template.params) : null,
    };
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
