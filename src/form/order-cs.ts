// Who the buyer writes to from the thank-you page and their own order page: the order's assigned
// CS (name and own number), or with the store's WhatsApp Cloud API the store's Cloud API number
// under the CS's name, since the buyer's message opens the 24-hour window there.
import type { AppContext } from '../context.js';
import { cloudApiNumber } from '../messaging/automation.js';
import { assignedCs } from '../orders/core/message-input.js';
import type { OrderCs } from './thank-you.js';

export async function orderCs(db: AppContext['db'], tenantId: number, order: { assigned_user_id: number | null }, storeName: string): Promise<OrderCs> {
  const [assigned, cloudNumber] = await Promise.all([assignedCs(db, tenantId, order.assigned_user_id === null ? null : Number(order.assigned_user_id)), cloudApiNumber(db, tenantId)]);
  return cloudNumber ? { name: assigned?.name ?? storeName, whatsapp: cloudNumber } : assigned;
}
