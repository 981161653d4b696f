// What the print pages print (GET /dashboard/api/orders/print; issue 44 §1): the store, its
// sender address and, for each order in the order asked, what a label and an invoice show. Read
// only: a print is recorded by POST /dashboard/api/orders/printed when the print dialog opens.
import type { Db } from '../../lib/db/db.js';
import { refuse, succeed } from '../../lib/outcome.js';
import { formatTimestamp } from '../../lib/time.js';
import type { SenderAddress } from '../../shipping/sender-address.js';
import { loadStoreSettings } from '../../tenants/store-settings.js';
import { customerBlock } from '../core/order-record.js';
import type { OrderScope } from '../core/order-scope.js';
import { trackingUrl } from '../core/tracking-links.js';
import { findPrintable } from './find-printable.js';
import type { PrintKind } from './print-kinds.js';

/** Whether the order's money is in: a COD order once completed (paid on delivery); a gateway order from closing (the gateway's payment moves it there); a transfer from paid. */
export function isPaid(paymentMethod: string, status: string): boolean {
  if (status === 'cancelled' || status === 'invalid_no_hp' || status === 'pending') return false;
  if (paymentMethod === 'cod') return status === 'completed';
  if (paymentMethod === 'bank_transfer') return status !== 'closing';
  return true;
}

export async function readPrintSheets(db: Db, tenantId: number, scope: OrderScope, kind: PrintKind, ids: readonly number[], serverTimeZone: string) {
  const found = await findPrintable(db, tenantId, scope, ids);
  if (!found.ok) return found;
  const [settings, rows] = await Promise.all([
    loadStoreSettings(db, tenantId),
    db
      .selectFrom('orders')
      .select([
        'id', 'status', 'created_at', 'product_name', 'variant', 'quantity', 'unit_price', 'shipping_fee', 'unique_code', 'total', 'payment_method', 'courier', 'resi',
        'customer_name', 'customer_phone', 'customer_email', 'customer_address', 'customer_village', 'customer_district', 'customer_city', 'customer_province', 'customer_postal_code',
      ])
      .where('tenant_id', '=', tenantId)
      .where('id', 'in', ids)
      .execute(),
  ]);
  if (!settings) return refuse('order_not_found', 'store not found');
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  const orders = ids.map((id) => {
    const o = byId.get(id)!;
    return {
      id,
      status: o.status,
      created_at: formatTimestamp(Number(o.created_at), serverTimeZone),
      product: o.product_name,
      variant: o.variant,
      quantity: Number(o.quantity),
      unit_price: Number(o.unit_price),
      shipping_fee: Number(o.shipping_fee),
      unique_code: o.unique_code === null ? null : Number(o.unique_code),
      total: Number(o.total),
      payment_method: o.payment_method,
      paid: isPaid(o.payment_method, o.status),
      cod_amount: o.payment_method === 'cod' ? Number(o.total) : null,
      courier: o.courier,
      resi: o.resi,
      tracking_url: trackingUrl(o.courier, o.resi),
      customer: customerBlock(o),
    };
  });
  const sender: SenderAddress | null = settings.senderAddress;
  return succeed({ kind, store: { name: settings.storeName, whatsapp_number: settings.whatsappNumber }, sender, orders });
}
