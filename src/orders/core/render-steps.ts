// An order's follow-up steps rendered as they would be sent now: the store's own text for the
// order's payment method, else the default, filled from the order (message-input.ts). The
// follow-up press, its chooser's preview and the automated messages' sender render alike. Only
// what the texts name is read (the buyer's page link is made only for a text that names it).
import type { Db } from '../../lib/db/db.js';
import { methodKindOf, type FollowUpStep } from '../../templates/follow-up-steps.js';
import { placeholderFill, placeholdersIn } from '../../templates/placeholders.js';
import { followUpSource, renderFollowUp } from '../../templates/render-template.js';
import { readStepTexts } from '../../templates/store-templates.js';
import { loadStoreSettings } from '../../tenants/store-settings.js';
import type { BuyerLinks } from '../buyer-page/buyer-links.js';
import { messageInputOf, type MessageOrder } from './message-input.js';

/** The steps' texts rendered for the order; null when the store is gone. `links`: the order's page link when a text names {link_pesanan}. */
export async function renderSteps(
  db: Db,
  tenantId: number,
  order: MessageOrder,
  steps: readonly FollowUpStep[],
  serverTimeZone: string,
  links: BuyerLinks,
): Promise<Array<{ step: FollowUpStep; text: string }> | null> {
  const store = await loadStoreSettings(db, tenantId);
  if (!store) return null;
  const method = methodKindOf(order.payment_method);
  const texts = await Promise.all(steps.map((step) => readStepTexts(db, tenantId, step)));
  const sources = steps.map((step, i) => followUpSource(step, method, texts[i]![method]));
  const uses = new Set(sources.flatMap((source) => [...placeholdersIn(source)]));
  const input = await messageInputOf(db, tenantId, order, store, serverTimeZone, { links, uses });
  return steps.map((step, i) => ({ step, text: renderFollowUp(step, method, texts[i]![method], input) }));
}

/** The placeholders' values for the order ({nama} -> the buyer's name), in the order asked (a Cloud API template's parameters); null when the store is gone. */
export async function fillPlaceholders(
  db: Db,
  tenantId: number,
  order: MessageOrder,
  names: readonly string[],
  serverTimeZone: string,
  links: BuyerLinks,
): Promise<Array<{ name: string; text: string }> | null> {
  const store = await loadStoreSettings(db, tenantId);
  if (!store) return null;
  const input = await messageInputOf(db, tenantId, order, store, serverTimeZone, { links, uses: new Set(names) });
  return names.map((name) => ({ name, text: placeholderFill(name)?.(input) ?? '' }));
}
