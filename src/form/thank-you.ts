// The thank-you page: order number, how to pay, the link to the buyer's own order page (/p/{token},
// buyer-page.ts, which reuses howToPay), and a WhatsApp click-to-chat link to the order's CS (the assigned member's own number, else the store's: contactOf) with the buyer's
// message rendered from the store's template. Found by the form's one-time token, so only the
// buyer who placed the order can open it. Rendering reads nothing: the route fetches the
// gateway's payment link (needsPaymentLink) and the assigned CS (orders/core/message-input.ts) first.
import type { StoreSettings } from '../tenants/store-settings.js';
import { formatRupiah } from '../templates/format.js';
import { contactOf } from '../templates/placeholders.js';
import { renderTemplate } from '../templates/render-template.js';
import { waMeUrl } from '../templates/wa-link.js';
import { trackingUrl } from '../orders/core/tracking-links.js';
import { html, type Html } from './html.js';
import { page } from './layout.js';
import { FORM_TEXT } from './messages.js';
import type { SubmittedOrder } from './submit-order.js';

/** The order's assigned member: their shown name and own number in the store (null: none); null when unassigned. */
export type OrderCs = { name: string; whatsapp: string | null } | null;

function whatsappLink(settings: StoreSettings, order: SubmittedOrder, timeZone: string, cs: OrderCs, paymentUrl: string | null, orderLink: string, cancelAt: number | null): string | null {
  const contact = contactOf(settings, cs);
  if (!contact.whatsapp) return null;
  // The buyer's WhatsApp message: the store's thank-you template (or the default) on one line.
  const message = renderTemplate('thank_you', settings.thankYouTemplate, {
    storeName: settings.storeName,
    customerName: order.customer_name,
    orderCount: 1,
    latestOrder: {
      id: order.id,
      status: order.status,
      product: order.product_name,
      variant: order.variant,
      quantity: order.quantity,
      total: order.total,
      createdAt: order.created_at,
      shippingFee: order.shipping_fee,
      paymentMethod: order.payment_method,
      uniqueCode: order.unique_code,
      courier: order.courier,
      resi: order.resi,
    },
    bankAccounts: settings.bankAccounts,
    paymentLink: paymentUrl,
    trackingLink: trackingUrl(order.courier, order.resi),
    orderLink,
    contact,
    timeZone,
    cancelAt,
    buyerProvince: order.customer_province || null,
  });
  return waMeUrl(contact.whatsapp, message);
}

/** Whether the page offers a gateway payment link: an online payment still pending. */
export const needsPaymentLink = (order: Pick<SubmittedOrder, 'payment_method' | 'status'>): boolean =>
  order.payment_method !== 'cod' && order.payment_method !== 'bank_transfer' && order.status === 'pending';

/** What to pay and how, by the order's payment method (the thank-you page and the buyer's page). */
export function howToPay(settings: Pick<StoreSettings, 'bankAccounts'>, order: Pick<SubmittedOrder, 'payment_method' | 'status' | 'total' | 'unique_code'>, paymentUrl: string | null): Html {
  const total = formatRupiah(order.total);
  if (order.payment_method === 'cod') return html`<p>${FORM_TEXT.cod(total)}</p>`;
  if (order.payment_method === 'bank_transfer') {
    const hint = order.unique_code !== null ? html`<p class="lf-note">${FORM_TEXT.uniqueCodeHint}</p>` : '';
    if (settings.bankAccounts.length === 0) return html`<p>${FORM_TEXT.transferNoAccount(total)}</p>${hint}`;
    return html`<p>${FORM_TEXT.transferTo(total)}</p>${hint}<ul class="lf-banks">${settings.bankAccounts.map(
      (a) => html`<li><strong>${a.bank}</strong> <span class="lf-acct">${a.number}</span><br>a.n. ${a.holder}</li>`,
    )}</ul><p>${FORM_TEXT.transferConfirm}</p>`;
  }
  if (!needsPaymentLink(order)) return html`<p>${FORM_TEXT.gatewayDone}</p>`;
  return paymentUrl
    ? html`<p>${FORM_TEXT.gatewayPay(total)}</p><p><a class="lf-submit lf-pay" href="${paymentUrl}" target="_blank" rel="noopener">${FORM_TEXT.gatewayButton}</a></p>`
    : html`<p>${FORM_TEXT.gatewayUnavailable}</p>`;
}

/**
 * paymentUrl: the gateway's payment link when needsPaymentLink(order), else null; timeZone: the
 * store's (dates in the message); orderLink: the buyer's own order page; cs: the order's assigned
 * member; cancelAt: when auto-cancel will cancel it ({batas_bayar}; null: it will not).
 */
export function renderThankYou(
  settings: StoreSettings,
  order: SubmittedOrder,
  paymentUrl: string | null,
  pixel: { meta: string | null; tiktok: string | null; gtm: string | null },
  timeZone: string,
  orderLink: string,
  cs: OrderCs = null,
  cancelAt: number | null = null,
): string {
  const wa = whatsappLink(settings, order, timeZone, cs, paymentUrl, orderLink, cancelAt);
  const body = html`<section class="lf-card lf-thanks">
<h1>${FORM_TEXT.thanksTitle}</h1>
<p class="lf-order">${FORM_TEXT.orderNumber}: <strong id="lf-order-id">#${order.id}</strong></p>
<dl class="lf-sum"><dt>${order.product_name}${order.variant ? ` (${order.variant})` : ''} x${order.quantity}</dt><dd>${formatRupiah(order.unit_price * order.quantity)}</dd><dt>${FORM_TEXT.shipping} (${order.courier})</dt><dd>${formatRupiah(order.shipping_fee)}</dd>${order.unique_code !== null ? html`<dt>${FORM_TEXT.uniqueCode}</dt><dd id="lf-unique-code">${formatRupiah(order.unique_code)}</dd>` : ''}<dt>${FORM_TEXT.total}</dt><dd id="lf-total">${formatRupiah(order.total)}</dd></dl>
<h2>${FORM_TEXT.howToPay}</h2>
${howToPay(settings, order, paymentUrl)}
${wa ? html`<p class="lf-note">${FORM_TEXT.whatsappHint}</p><p><a class="lf-wa" href="${wa}" target="_blank" rel="noopener">${FORM_TEXT.whatsapp}</a></p>` : ''}
<p class="lf-note">${FORM_TEXT.orderPageHint}</p><p><a class="lf-link" id="lf-order-page" href="${orderLink}">${FORM_TEXT.orderPage}</a></p>
</section>`;
  return page(FORM_TEXT.thanksTitle, body, { pixel, lead: { order_id: order.id, value: order.total, currency: 'IDR' } });
}
