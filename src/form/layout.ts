// The page frame shared by the form, the thank-you page and the form's error pages: no
// framework, one small stylesheet and one small script (src/form/form.css, form.js).
import { assetPath } from './assets.js';
import { FORM_TEXT } from './messages.js';
import { html, jsonBlock, type Html } from './html.js';
import { RISK_TEXT } from '../orders/risk/risk-text.js';

export function page(title: string, body: Html, data: unknown = {}): string {
  return html`<!doctype html>
<html lang="${FORM_TEXT.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${title}</title><link rel="stylesheet" href="${assetPath('form.css')}"><script src="${assetPath('form.js')}" defer></script></head>
<body><main class="lf">${body}</main><script type="application/json" id="lapak-data">${jsonBlock(data)}</script></body></html>
`.value;
}

/** A page that says one thing: its title, heading and text are the same message. */
export function messagePage(text: string): string {
  return page(text, html`<section class="lf-card lf-msg"><h1>${text}</h1><p>${text}</p></section>`);
}

/** A form order refused for a blocked phone (403): the store's WhatsApp number to talk to instead. */
export function blockedPage(whatsappNumber: string | null): string {
  const T = RISK_TEXT.blockedPage;
  const contact = whatsappNumber ? html`<a class="lf-wa" href="https://wa.me/${whatsappNumber}">${T.contact(whatsappNumber)}</a>` : html`${T.noContact}`;
  return page(T.title, html`<section class="lf-card lf-msg"><h1>${T.title}</h1><p>${T.body}</p><p>${contact}</p></section>`);
}
