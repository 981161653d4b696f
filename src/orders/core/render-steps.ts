// An order's follow-up steps rendered as they would be sent now: the store's own text for the
// order's payment method, else the default, filled from the order (message-input.ts). The
// follow-up press, its chooser's preview and the automated messages' sender render alike.
import type { Db } from '../../lib/db/db.js';
import { methodKindOf, type FollowUpStep } from '../../templates/follow-up-steps.js';
import { placeholderFill } from '../../templates/placeholders.js';
import { renderFollowUp } from '../../templates/render-template.js';
import { readStepTexts } from '../../templates/store-templates.js';
import { loadStoreSettings } from '../../tenants/store-settings.js';
import { messageInputOf, type MessageOrder } from './message-input.js';

/** The steps' texts rendered for the order; null when the store is gone. */
export async function renderSteps(db: Db, tenantId: number, order: MessageOrder, steps: readonly FollowUpStep[], serverTimeZone: string): Promise<Array<{ step: FollowUpStep; text: string }> | null> {
  const store = await loadStoreSettings(db, tenantId);
  if (!store) return null;
  const method = methodKindOf(order.payment_method);
  const [texts, input] = await Promise.all([Promise.all(steps.map((step) => readStepTexts(db, tenantId, step))), messageInputOf(db, tenantId, order, store, serverTimeZone)]);
  return steps.map((step, i) => ({ step, text: renderFollowUp(step, method, texts[i]![method], input) }));
}

/** The placeholders' values for the order ({nama} -> the buyer's name), in the order asked (a Cloud API template's parameters); null when the store is gone. */
export async function fillPlaceholders(db: Db, tenantId: number, order: MessageOrder, names: readonly string[], serverTimeZone: string): Promise<Array<{ name: string; text: string }> | null> {
  const store = await loadStoreSettings(db, tenantId);
  if (!store) return null;
  const input = await messageInputOf(db, tenantId, order, store, serverTimeZone, { uses: new Set(names) });
  return names.map((name) => ({ name, text: placeholderFill(name)?.(input) ?? '' }));
}
