// The order form page. Works without JavaScript (a plain POST, priced on the server);
// form.js only updates the shown prices, sizes the iframe and takes the ad parameters from
// the parent page. Every buyer field carries its standard autocomplete token.
import { formatRupiah } from '../templates/format.js';
import { quote } from '../orders/core/price.js';
import { PROVINCES } from '../shipping/provinces.js';
import { ANY_PROVINCE } from '../shipping/provinces.js';
import { feeFor } from '../shipping/rates.js';
import { html, type Html } from './html.js';
import { page } from './layout.js';
import type { OrderForm } from './load-form.js';
import { PHONE_LETTER_PATTERN, TEXT_RULES } from '../orders/core/field-rules.js';
import { FORM_TEXT, PAYMENT_LABELS, type FormField } from './messages.js';
import { HONEYPOT_FIELD } from './submit-order.js';
import { chosenOptions, MAX_QUANTITY, parseQuantity, type FieldErrors, type Fields } from './validate-submission.js';

export interface FormView {
  form: OrderForm;
  action: string;
  token: string;
  /** What the buyer sent, when the form comes back with errors. */
  values: Fields | null;
  errors: FieldErrors;
  adParams: Record<string, string>;
  banner?: string;
  /** Where form.js sends its one view beacon (docs/insights.md "Form views"): the page a GET renders; absent on one that comes back with errors. */
  viewBeacon?: string;
}

const TEXT_FIELDS = [
  { name: 'name', label: FORM_TEXT.name, autocomplete: 'name', type: 'text', max: 100 },
  { name: 'phone', label: FORM_TEXT.phone, autocomplete: 'tel', type: 'tel', max: 40, inputmode: 'tel' },
  { name: 'email', label: FORM_TEXT.email, autocomplete: 'email', type: 'email', max: 254, optional: true },
  { name: 'address', label: FORM_TEXT.address, autocomplete: 'street-address', type: 'textarea', max: 300 },
  { name: 'village', label: FORM_TEXT.village, autocomplete: 'address-level4', type: 'text', max: 100 },
  { name: 'district', label: FORM_TEXT.district, autocomplete: 'address-level3', type: 'text', max: 100 },
  { name: 'city', label: FORM_TEXT.city, autocomplete: 'address-level2', type: 'text', max: 100 },
] as const;

function errorOf(view: FormView, field: FormField): Html | string {
  const message = view.errors[field];
  return message ? html`<p class="lf-err" id="e-${field}">${message}</p>` : '';
}

const invalid = (view: FormView, field: FormField) => (view.errors[field] ? html` aria-invalid="true" aria-describedby="e-${field}"` : '');

function field(view: FormView, name: FormField, label: string, control: Html): Html {
  return html`<div class="lf-field${view.errors[name] ? ' lf-invalid' : ''}"><label for="f-${name}">${label}</label>${control}${errorOf(view, name)}</div>`;
}

function textField(view: FormView, spec: (typeof TEXT_FIELDS)[number]): Html {
  const value = view.values?.(spec.name) ?? '';
  const common = html`id="f-${spec.name}" name="${spec.name}" autocomplete="${spec.autocomplete}" maxlength="${spec.max}"${'optional' in spec ? '' : html` required`}${invalid(view, spec.name)}`;
  const control =
    spec.type === 'textarea'
      ? html`<textarea ${common} rows="2" placeholder="${FORM_TEXT.addressHint}">${value}</textarea>`
      : html`<input type="${spec.type}" ${common}${'inputmode' in spec ? html` inputmode="${spec.inputmode}"` : ''} value="${value}">`;
  return field(view, spec.name, spec.label, control);
}

function variantPicker(view: FormView, selected: number[]): Html {
  const { variants, variant_display: display } = view.form.product;
  if (variants.length === 0) return html``;
  const pickers = variants.map((variation, i) =>
    display === 'small'
      ? html`<label class="lf-sel">${variation.dimension}<select name="v${i}">${variation.options.map(
          (option, j) => html`<option value="${j}"${selected[i] === j ? ' selected' : ''}>${option}</option>`,
        )}</select></label>`
      : html`<fieldset class="lf-chips"><legend>${variation.dimension}</legend>${variation.options.map(
          (option, j) => html`<label class="lf-chip"><input type="radio" name="v${i}" value="${j}"${selected[i] === j ? ' checked' : ''}><span>${option}</span></label>`,
        )}</fieldset>`,
  );
  return html`<div class="lf-variants lf-variants-${display === 'small' ? 'small' : 'default'}${view.errors.variant ? ' lf-invalid' : ''}">${pickers}${errorOf(view, 'variant')}</div>`;
}

// The form is at most 560 px wide (form.css); an image fills 88% of it, or all of it alone.
const IMAGE_SIZES = '(max-width: 560px) 88vw, 493px';

/** The product's images: lazy, with every served width in srcset and the width/height that reserve their box before they load. */
function gallery(view: FormView): Html | string {
  const { images, product } = view.form;
  if (images.length === 0) return '';
  return html`<div class="lf-gallery" role="group" aria-label="${FORM_TEXT.gallery}">${images.map((image, i) => {
    const widest = image.urls[image.urls.length - 1]!;
    const srcset = image.urls.map((file) => `${file.url} ${file.width}w`).join(', ');
    return html`<img src="${widest.url}" srcset="${srcset}" sizes="${IMAGE_SIZES}" width="${widest.width}" height="${widest.height}" loading="lazy" decoding="async" alt="${product.name} ${FORM_TEXT.imageAlt} ${i + 1}">`;
  })}</div>`;
}

function courierFee(form: OrderForm, courier: string, province: string): string {
  if (province !== '') {
    const fee = feeFor(form.rates, courier, province);
    return fee === null ? FORM_TEXT.courierNoRate : formatRupiah(fee);
  }
  const fees = form.rates[courier]!;
  return Object.hasOwn(fees, ANY_PROVINCE) && Object.keys(fees).length === 1 ? formatRupiah(fees[ANY_PROVINCE]!) : FORM_TEXT.chooseProvinceFirst;
}

function courierPicker(view: FormView, province: string): Html {
  const couriers = Object.keys(view.form.rates);
  const chosen = view.values?.('courier') ?? couriers[0];
  const body = couriers.length === 0
    ? html`<p class="lf-note">${FORM_TEXT.courierNone}</p>`
    : couriers.map(
        (courier) => html`<label class="lf-opt"><input type="radio" name="courier" value="${courier}"${courier === chosen ? ' checked' : ''}><span>${courier}</span><span class="lf-fee">${courierFee(view.form, courier, province)}</span></label>`,
      );
  return html`<fieldset class="lf-group${view.errors.courier ? ' lf-invalid' : ''}"${invalid(view, 'courier')}><legend>${FORM_TEXT.courier}</legend>${body}${errorOf(view, 'courier')}</fieldset>`;
}

function paymentPicker(view: FormView): Html {
  const methods = view.form.paymentMethods;
  const chosen = view.values?.('payment_method') ?? methods[0];
  return html`<fieldset class="lf-group${view.errors.payment_method ? ' lf-invalid' : ''}"${invalid(view, 'payment_method')}><legend>${FORM_TEXT.payment}</legend>${methods.map(
    (method) => html`<label class="lf-opt"><input type="radio" name="payment_method" value="${method}"${method === chosen ? ' checked' : ''}><span>${PAYMENT_LABELS[method]}</span></label>`,
  )}${errorOf(view, 'payment_method')}</fieldset>`;
}

export function renderForm(view: FormView): string {
  const { product, rates } = view.form;
  const selected = (view.values && chosenOptions(view.form, view.values)) ?? product.variants.map(() => 0);
  const quantityRaw = view.values?.('quantity') ?? '1';
  const quantity = parseQuantity(quantityRaw) ?? 1;
  const province = view.values?.('province') ?? '';
  const courier = view.values?.('courier') ?? Object.keys(rates)[0] ?? '';
  const fee = feeFor(rates, courier, province);
  const priced = quote(product, selected, quantity, fee ?? 0);
  const provinceSelect = html`<select id="f-province" name="province" autocomplete="address-level1" required${invalid(view, 'province')}><option value="">${FORM_TEXT.provincePlaceholder}</option>${PROVINCES.map(
    (p) => html`<option${p === province ? ' selected' : ''}>${p}</option>`,
  )}</select>`;
  const postal = html`<input id="f-postal_code" name="postal_code" autocomplete="postal-code" inputmode="numeric" maxlength="5" pattern="[0-9]{5}" required value="${view.values?.('postal_code') ?? ''}"${invalid(view, 'postal_code')}>`;
  const qty = html`<input id="f-quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${MAX_QUANTITY}" required value="${quantityRaw}"${invalid(view, 'quantity')}>`;

  const body = html`<form class="lf-card" method="post" action="${view.action}" novalidate>
${gallery(view)}
<header class="lf-product"><h1>${product.name}</h1><p class="lf-price"><s id="lf-compare"${priced.compareAtPrice === null ? ' hidden' : ''}>${priced.compareAtPrice === null ? '' : formatRupiah(priced.compareAtPrice)}</s> <strong id="lf-unit">${formatRupiah(priced.unitPrice)}</strong></p></header>
${view.banner ? html`<p class="lf-banner" role="alert">${view.banner}</p>` : ''}
${variantPicker(view, selected)}
${field(view, 'quantity', FORM_TEXT.quantity, qty)}
<h2>${FORM_TEXT.buyer}</h2>
${TEXT_FIELDS.map((spec) => textField(view, spec))}
${field(view, 'province', FORM_TEXT.province, provinceSelect)}
${field(view, 'postal_code', FORM_TEXT.postalCode, postal)}
${courierPicker(view, province)}
${paymentPicker(view)}
<dl class="lf-sum"><dt>${FORM_TEXT.subtotal}</dt><dd id="lf-subtotal">${formatRupiah(priced.subtotal)}</dd><dt>${FORM_TEXT.shipping}</dt><dd id="lf-shipping">${fee === null ? '-' : formatRupiah(fee)}</dd><dt>${FORM_TEXT.total}</dt><dd id="lf-total">${formatRupiah(priced.total)}</dd></dl>
<div class="lf-hp" aria-hidden="true"><label>${FORM_TEXT.honeypot}<input name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label></div>
<input type="hidden" name="token" value="${view.token}">
${Object.entries(view.adParams).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`)}
<button type="submit" class="lf-submit">${FORM_TEXT.submit}</button>
</form>`;

  return page(product.name, body, {
    form: {
      price: product.price,
      sale: product.sale_price,
      prices: product.variant_prices,
      compare: product.variant_compare_prices,
      rates,
      noRate: FORM_TEXT.courierNoRate,
      chooseProvince: FORM_TEXT.chooseProvinceFirst,
      rules: TEXT_RULES,
      phoneLetters: { pattern: PHONE_LETTER_PATTERN, text: FORM_TEXT.phoneLetters },
    },
    pixel: { meta: product.meta_pixel_id, tiktok: product.tiktok_pixel_id, gtm: product.gtm_id },
    ...(view.viewBeacon ? { view: view.viewBeacon } : {}),
  });
}
