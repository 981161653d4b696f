// A store's own texts of the follow-up steps (GET and PUT /dashboard/api/templates, issue 34 §2):
// one message_templates row per step the store changed, a text per payment method; null (or no
// row) is the default in code (follow-up-steps.ts), so every store has every text. A blank text
// saved is stored as null: back to the default.
import type { Db, Tx } from '../lib/db/db.js';
import { DEFAULT_FOLLOW_UPS, FOLLOW_UP_STEPS, METHOD_KINDS, STEPS_OF_STATUS, type FollowUpStep, type MethodKind } from './follow-up-steps.js';
import { PLACEHOLDER_NAMES, unknownPlaceholders } from './placeholders.js';

/** WhatsApp's body limit is 1,024 characters; a text of at most 1,000 leaves room for long values. */
export const FOLLOW_UP_TEXT_MAX = 1000;

export type StepTexts = Record<MethodKind, string | null>;

export interface StepTemplates {
  step: FollowUpStep;
  /** The order statuses the step fits. */
  statuses: string[];
  /** The store's own texts; null: the default. */
  texts: StepTexts;
  defaults: Record<MethodKind, string>;
}

const statusesOf = (step: FollowUpStep) => Object.entries(STEPS_OF_STATUS).flatMap(([status, steps]) => (steps.includes(step) ? [status] : []));
const ownText = (text: string | null | undefined): string | null => (text === null || text === undefined || text.trim() === '' ? null : text);

/** The store's own texts of one step (null each: the default). */
export async function readStepTexts(db: Db, tenantId: number, step: FollowUpStep): Promise<StepTexts> {
  const row = await db.selectFrom('message_templates').select(['bank_transfer', 'cod', 'gateway']).where('tenant_id', '=', tenantId).where('step', '=', step).executeTakeFirst();
  return { bank_transfer: ownText(row?.bank_transfer), cod: ownText(row?.cod), gateway: ownText(row?.gateway) };
}

/** Every step, in FOLLOW_UP_STEPS' order, with the store's texts and the defaults. */
export async function readStoreTemplates(db: Db, tenantId: number): Promise<{ templates: StepTemplates[]; placeholders: string[] }> {
  const rows = await db.selectFrom('message_templates').select(['step', 'bank_transfer', 'cod', 'gateway']).where('tenant_id', '=', tenantId).execute();
  const byStep = new Map(rows.map((row) => [row.step, row]));
  const templates = FOLLOW_UP_STEPS.map((step) => {
    const row = byStep.get(step);
    return {
      step,
      statuses: statusesOf(step),
      texts: { bank_transfer: ownText(row?.bank_transfer), cod: ownText(row?.cod), gateway: ownText(row?.gateway) },
      defaults: { ...DEFAULT_FOLLOW_UPS[step] },
    };
  });
  return { templates, placeholders: [...PLACEHOLDER_NAMES] };
}

/** The first text with placeholders no renderer fills, or null. */
export function unknownPlaceholderInTexts(texts: Partial<StepTexts>): { field: MethodKind; unknown: string[]; accepted: string[] } | null {
  for (const field of METHOD_KINDS) {
    const text = texts[field];
    const unknown = typeof text === 'string' ? unknownPlaceholders(text) : [];
    if (unknown.length > 0) return { field, unknown, accepted: [...PLACEHOLDER_NAMES] };
  }
  return null;
}

/** The step's three texts replaced (blank or null: the default); the step as GET shows it. */
export async function saveStepTexts(tx: Tx, now: number, tenantId: number, step: FollowUpStep, texts: StepTexts): Promise<StepTemplates> {
  const values = { bank_transfer: ownText(texts.bank_transfer), cod: ownText(texts.cod), gateway: ownText(texts.gateway) };
  await tx
    .insertInto('message_templates')
    .values({ tenant_id: tenantId, step, ...values, updated_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'step']).doUpdateSet({ ...values, updated_at: now }))
    .execute();
  return { step, statuses: statusesOf(step), texts: values, defaults: { ...DEFAULT_FOLLOW_UPS[step] } };
}
