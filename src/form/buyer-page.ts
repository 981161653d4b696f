// The buyer's own order page (/p/{token}; issue 44 §2, docs/buyer-page.md), server-rendered in the
// form's frame (layout.ts, form.css): the order's short timeline, what to pay and how while it is
// unpaid (the thank-you page's own howToPay), the courier, resi and tracking link, and a WhatsApp
// button to the order's CS. Of the buyer only the first name and the city: no phone, no address,
// no other order. A cancelled order says so and offers the store's WhatsApp. Rendering reads
// nothing: the route fetches the payment link and the CS first.
import { formatRupiah } from '../templates/format.js';
import { contactOf, STATUS_WORDS } from '../templates/placeholders.js';
import { waMeUrl } from '../templates/wa-link.js';
import { trackingUrl } from '../orders/core/tracking-links.js';
import type { BuyerOrder } from '../orders/buyer-page/buyer-links.js';
import { stillToPay, timelineOf, TIMELINE_STEPS } from '../orders/buyer-page/timeline.js';
import type { StoreSettings } from '../tenants/store-settings.js';
import { BUYER_PAGE_TEXT as T } from './buyer-page-text.js';
import { html, type Html } from './html.js';
import { page } from './layout.js';
import { FORM_TEXT } from './messages.js';
import { howToPay, type OrderCs } from './thank-you.js';

/** The first word of the buyer's name: all of it the page shows. */
export const firstNameOf = (name: string): string => name.trim().split(/\s+/)[0] ?? '';

function timeline(order: BuyerOrder): Html {
  const line = timelineOf(order);
  if (line.cancelled) return html`<p class="lf-cancelled"><strong>${T.cancelled}</strong></p><p>${T.cancelledBody}</p>`;
  const steps = TIMELINE_STEPS.map((step, i) => {
    const label = step === 'paid' && line.cod ? T.codReady : T.steps[step];
    const state = i < line.reached ? 'done' : i === line.reached ? 'now' : 'todo';
    const said = state === 'done' ? html`<span class="lf-sr"> (${T.stepDone})</span>` : state === 'now' ? html`<span class="lf-sr"> (${T.stepNow})</span>` : '';
    return html`<li class="lf-step lf-step-${state}"${state === 'now' ? html` aria-current="step"` : ''}>${label}${said}</li>`;
  });
  return html`<ol class="lf-steps" aria-label="${T.timelineLabel}">${steps}</ol>`;
}

function summary(order: BuyerOrder): Html {
  return html`<dl class="lf-sum"><dt>${order.product_name}${order.variant ? ` (${order.variant})` : ''} x${order.quantity}</dt><dd>${formatRupiah(order.unit_price * order.quantity)}</dd><dt>${FORM_TEXT.shipping}</dt><dd>${formatRupiah(order.shipping_fee)}</dd>${order.unique_code !== null ? html`<dt>${FORM_TEXT.uniqueCode}</dt><dd>${formatRupiah(order.unique_code)}</dd>` : ''}<dt>${FORM_TEXT.total}</dt><dd id="lf-total">${formatRupiah(order.total)}</dd></dl>`;
}

function shipping(order: BuyerOrder): Html {
  const tracking = trackingUrl(order.courier, order.resi);
  const resi = order.resi ? html`<dt>${T.resi}</dt><dd class="lf-acct" id="lf-resi">${order.resi}</dd>` : '';
  return html`<h2>${T.shippingTitle}</h2><dl class="lf-facts"><dt>${T.courier}</dt><dd>${order.courier}</dd>${resi}</dl>${
    order.resi ? '' : html`<p class="lf-note">${T.noResi}</p>`
  }${tracking ? html`<p><a class="lf-link" href="${tracking}" target="_blank" rel="noopener">${T.track}</a></p>` : ''}`;
}

/** The WhatsApp button: the order's CS (or the store's number); a cancelled order, the store's own number. */
function whatsapp(settings: StoreSettings, order: BuyerOrder, cs: OrderCs): Html {
  const cancelled = timelineOf(order).cancelled;
  const number = cancelled ? settings.whatsappNumber : contactOf(settings, cs).whatsapp;
  if (!number) return html``;
  const text = cancelled ? T.storeMessage(order.id) : T.csMessage(order.id);
  return html`<p><a class="lf-wa" href="${waMeUrl(number, text)}" target="_blank" rel="noopener">${cancelled ? T.askStore : T.askCs}</a></p>`;
}

/** paymentUrl: the gateway's payment link while the order waits for it (needsPaymentLink), else null; cs: the order's assigned member. */
export function renderBuyerPage(settings: StoreSettings, order: BuyerOrder, paymentUrl: string | null, cs: OrderCs): string {
  const line = timelineOf(order);
  const status = STATUS_WORDS[order.status] ?? order.status;
  const pay = !line.cancelled && stillToPay(order) ? html`<h2>${T.payTitle}</h2>${howToPay(settings, order, paymentUrl)}` : '';
  const body = html`<section class="lf-card lf-buyer">
<p class="lf-note lf-store">${settings.storeName}</p>
<h1>${T.heading(order.id)}</h1>
<p class="lf-greet">${T.greeting(firstNameOf(order.customer_name), order.customer_city.trim())} <span class="lf-sr">${status}</span></p>
${timeline(order)}
${pay}
${line.cancelled ? '' : shipping(order)}
${whatsapp(settings, order, cs)}
<h2>${T.summary}</h2>
${summary(order)}
</section>`;
  return page(T.title(order.id), body);
}

/** The page of an unknown or expired link (404): plain, in Indonesian. */
export function buyerNotFoundPage(): string {
  return page(T.notFound, html`<section class="lf-card lf-msg"><h1>${T.notFound}</h1><p>${T.notFoundBody}</p></section>`);
}
