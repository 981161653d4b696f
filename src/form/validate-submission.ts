// Reads a submitted order form: every field checked, every price recomputed from the
// product and the store's rates. Either the order to save or an Indonesian message per field.
import { hasLetters, normalizeIndonesianMobile } from '../lib/phone.js';
import { quote, type Quote } from '../orders/core/price.js';
import type { Customer } from '../orders/core/order-record.js';
import { isProvince } from '../shipping/provinces.js';
import { feeFor } from '../shipping/rates.js';
import type { OrderPaymentMethod } from '../tenants/store-settings.js';
import { pickAdParams } from './ad-params.js';
import { passes, TEXT_RULES } from '../orders/core/field-rules.js';
import type { OrderForm } from './load-form.js';
import { FIELD_ERRORS, FORM_TEXT, type FormField } from './messages.js';

export const MAX_QUANTITY = 99;

export interface OrderDraft {
  variant: string;
  quote: Quote;
  courier: string;
  paymentMethod: OrderPaymentMethod;
  customer: Customer;
  adParams: Record<string, string>;
}

export type FieldErrors = Partial<Record<FormField, string>>;

export type Validation = { ok: true; draft: OrderDraft } | { ok: false; errors: FieldErrors };

/** The first value of each field, trimmed. */
export type Fields = (name: string) => string;

export function fieldsOf(params: URLSearchParams): Fields {
  return (name) => (params.get(name) ?? '').trim();
}

/** The quantity field as a number from 1 to MAX_QUANTITY, or null when it is not one. */
export function parseQuantity(raw: string): number | null {
  return passes(TEXT_RULES.quantity, raw) ? Number(raw.trim()) : null;
}

/** What a submit is judged against: the product and what the store offers for it. */
export type OrderOffer = Pick<OrderForm, 'product' | 'rates' | 'paymentMethods'>;

/** The chosen option of each variation (fields v0, v1, v2 hold option indexes). */
export function chosenOptions(form: OrderOffer, get: Fields): number[] | null {
  const indexes = form.product.variants.map((variation, i) => {
    const raw = get(`v${i}`);
    const index = /^[0-9]{1,3}$/.test(raw) ? Number(raw) : -1;
    return index < variation.options.length ? index : -1;
  });
  return indexes.every((i) => i >= 0) ? indexes : null;
}

export function validateSubmission(form: OrderForm, params: URLSearchParams): Validation {
  const get = fieldsOf(params);
  return validateOrder(form, get, chosenOptions(form, get), pickAdParams(params.entries()));
}

/**
 * The form's rules over its fields, however they came (the form's submit; an order a member
 * enters by hand, orders/enter-order.ts): `optionIndexes` is the chosen combination, or null when
 * none of the product's was chosen.
 */
export function validateOrder(form: OrderOffer, get: Fields, optionIndexes: number[] | null, adParams: Record<string, string>): Validation {
  const errors: FieldErrors = {};
  if (!optionIndexes) errors.variant = FIELD_ERRORS.variant;

  const quantity = parseQuantity(get('quantity'));
  if (quantity === null) errors.quantity = FIELD_ERRORS.quantity;

  for (const field of ['name', 'email', 'address', 'village', 'district', 'city', 'postal_code'] as const) {
    if (!passes(TEXT_RULES[field], get(field))) errors[field] = FIELD_ERRORS[field];
  }
  const phone = normalizeIndonesianMobile(get('phone'));
  if (!phone) errors.phone = hasLetters(get('phone')) ? FORM_TEXT.phoneLetters : FIELD_ERRORS.phone;
  const province = get('province');
  if (!isProvince(province)) errors.province = FIELD_ERRORS.province;

  const courier = get('courier');
  // With no province yet the courier cannot be judged; the province's own message says why.
  const fee = feeFor(form.rates, courier, province);
  if (fee === null && !errors.province) errors.courier = FIELD_ERRORS.courier;
  if (courier === '' && errors.province) errors.courier = FIELD_ERRORS.courier;

  const paymentMethod = get('payment_method') as OrderPaymentMethod;
  if (!form.paymentMethods.includes(paymentMethod)) errors.payment_method = FIELD_ERRORS.payment_method;

  if (Object.keys(errors).length > 0 || !optionIndexes || quantity === null || !phone || fee === null) return { ok: false, errors };
  return {
    ok: true,
    draft: {
      variant: optionIndexes.map((index, i) => form.product.variants[i]!.options[index]!).join(' / '),
      quote: quote(form.product, optionIndexes, quantity, fee),
      courier,
      paymentMethod,
      customer: {
        name: get('name'),
        phone,
        email: get('email') === '' ? null : get('email'),
        address: get('address'),
        village: get('village'),
        district: get('district'),
        city: get('city'),
        province,
        postal_code: get('postal_code'),
      },
      adParams,
    },
  };
}
