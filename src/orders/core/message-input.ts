// What an order's messages are filled from (templates/placeholders.ts, TemplateInput): the order
// itself, the store's settings (name, bank accounts, number), the buyer's number of orders in the
// store, the gateway's payment link, the courier's tracking link, and the assigned CS's name and
// own number in this store (falling back to the store's). Read by the follow-up press and the
// templates' preview on a real order; the thank-you page takes the CS the same way (assignedCs).
import type { Db } from '../../lib/db/db.js';
import { fixedLimit } from '../../lib/db/fixed-limit.js';
import type { MethodKind } from '../../templates/follow-up-steps.js';
import { contactOf, type TemplateInput } from '../../templates/placeholders.js';
import type { StoreSettings } from '../../tenants/store-settings.js';
import { shownName } from './member-actor.js';
import { trackingUrl } from './tracking-links.js';
import { cancelAtOf, readAutoCancel } from '../auto-cancel/auto-cancel-settings.js';
import type { BuyerLinks } from '../buyer-page/buyer-links.js';

/** The order's columns a message reads. */
export const MESSAGE_ORDER_COLUMNS = [
  'orders.id',
  'orders.status',
  'orders.product_name',
  'orders.variant',
  'orders.quantity',
  'orders.total',
  'orders.created_at',
  'orders.shipping_fee',
  'orders.payment_method',
  'orders.unique_code',
  'orders.courier',
  'orders.resi',
  'orders.customer_name',
  'orders.customer_phone',
  'orders.assigned_user_id',
  'orders.customer_province',
] as const;

export interface MessageOrder {
  id: number;
  status: string;
  product_name: string;
  variant: string;
  quantity: number;
  total: number;
  created_at: number;
  shipping_fee: number;
  payment_method: string;
  unique_code: number | null;
  courier: string;
  resi: string | null;
  customer_name: string;
  customer_phone: string;
  assigned_user_id: number | null;
  customer_province: string;
}

/** The assigned member's shown name and own WhatsApp number in this store (null: none set); null when unassigned. */
export async function assignedCs(db: Db, tenantId: number, userId: number | null): Promise<{ name: string; whatsapp: string | null } | null> {
  if (userId === null) return null;
  const row = await db
    .selectFrom('users')
    .leftJoin('memberships', (join) => join.onRef('memberships.user_id', '=', 'users.id').on('memberships.tenant_id', '=', tenantId))
    .select(['users.name', 'users.email', 'memberships.whatsapp_number'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  return row ? { name: shownName(row), whatsapp: row.whatsapp_number ?? null } : null;
}

/**
 * `links`: where the buyer's page link ({link_pesanan}) comes from: the order's own, made now when
 * it has none and the template names it (buyerLinksOf), or an example (a template's preview).
 * `orderCount`: the buyer's orders in the store when the caller counted them already (the customer
 * lookup). `uses`: the placeholders of the one template to be filled, when the caller knows it
 * (the customer lookup, an API path): the CS, the payment link and the count are read only when
 * it names them; what it does not name is filled from the store alone and never shows.
 */
export async function messageInputOf(
  db: Db,
  tenantId: number,
  order: MessageOrder,
  store: StoreSettings,
  serverTimeZone: string,
  options: { links: BuyerLinks; orderCount?: number; uses?: ReadonlySet<string> },
): Promise<TemplateInput> {
  const { orderCount, uses, links } = options;
  const named = (...names: string[]) => uses === undefined || names.some((name) => uses.has(name));
  const [cs, charge, count, autoCancel, orderLink] = await Promise.all([
    named('nama_cs', 'wa_cs') ? assignedCs(db, tenantId, order.assigned_user_id === null ? null : Number(order.assigned_user_id)) : null,
    named('link_bayar') ? db.selectFrom('payment_charges').select('payment_url').where('tenant_id', '=', tenantId).where('order_id', '=', order.id).executeTakeFirst() : undefined,
    orderCount !== undefined || !named('jumlah_pesanan')
      ? { n: orderCount ?? 0 }
      : db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .where('customer_phone', '=', order.customer_phone)
          .executeTakeFirstOrThrow(),
    named('batas_bayar') ? readAutoCancel(db, tenantId) : null,
    named('link_pesanan') ? links.urlOf(tenantId, Number(order.id)) : null,
  ]);
  return {
    storeName: store.storeName,
    customerName: order.customer_name,
    orderCount: Number(count.n),
    latestOrder: {
      id: Number(order.id),
      status: order.status,
      product: order.product_name,
      variant: order.variant,
      quantity: order.quantity,
      total: Number(order.total),
      createdAt: Number(order.created_at),
      shippingFee: Number(order.shipping_fee),
      paymentMethod: order.payment_method,
      uniqueCode: order.unique_code === null ? null : Number(order.unique_code),
      courier: order.courier,
      resi: order.resi,
    },
    bankAccounts: store.bankAccounts,
    paymentLink: charge?.payment_url ?? null,
    trackingLink: trackingUrl(order.courier, order.resi),
    orderLink,
    contact: contactOf(store, cs),
    timeZone: store.timeZone ?? serverTimeZone,
    cancelAt: cancelAtOf(autoCancel, { status: order.status, createdAt: Number(order.created_at) }),
    buyerProvince: order.customer_province || null,
  };
}

const METHODS_OF_KIND: Record<MethodKind, string[]> = { bank_transfer: ['bank_transfer'], cod: ['cod'], gateway: ['midtrans', 'xendit'] };

/**
 * The store's newest order paid by a method of this kind, for the templates' preview (a real
 * order of the store); null when it has none (the preview then uses a sample). One step down the
 * list's payment-method index (020).
 */
export async function newestOrderOfKind(db: Db, tenantId: number, kind: MethodKind): Promise<MessageOrder | null> {
  const row = await db
    .selectFrom('orders')
    .select(MESSAGE_ORDER_COLUMNS)
    .where('orders.tenant_id', '=', tenantId)
    .where('orders.payment_method', 'in', METHODS_OF_KIND[kind])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(fixedLimit(1))
    .executeTakeFirst();
  return row ?? null;
}
