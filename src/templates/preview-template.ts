// A template rendered by the very renderer the buyer's WhatsApp message (thank-you page), the
// customer lookup's opening message and the CS follow-ups use, in the store's time zone (or the
// one being chosen): on a real order of the store when the caller found one, else with sample
// data. Unknown placeholders render as written and are listed.
import type { FollowUpStep, MethodKind } from './follow-up-steps.js';
import { PLACEHOLDER_NAMES, unknownPlaceholders, type BankAccountLine, type TemplateInput } from './placeholders.js';
import { renderFollowUp, renderTemplate, type TemplateKind } from './render-template.js';

/** What a sample order's message takes from the store itself. */
export interface SampleStore {
  storeName: string;
  bankAccounts: readonly BankAccountLine[];
  whatsappNumber: string | null;
}

const SAMPLE_METHOD: Record<MethodKind, string> = { bank_transfer: 'bank_transfer', cod: 'cod', gateway: 'midtrans' };

/** `exampleOrderLink`: what {link_pesanan} shows, an example page link (orders/buyer-page/exampleBuyerLinks), never a real one. */
export function sampleInput(store: SampleStore, now: number, timeZone: string, method: MethodKind = 'bank_transfer', exampleOrderLink: string | null = null): TemplateInput {
  return {
    storeName: store.storeName,
    customerName: 'Budi Santoso',
    orderCount: 3,
    latestOrder: {
      id: 1024,
      status: 'pending',
      product: 'Kaos Polos',
      variant: 'Hitam / L',
      quantity: 2,
      total: 159000,
      createdAt: now,
      shippingFee: 18000,
      paymentMethod: SAMPLE_METHOD[method],
      uniqueCode: method === 'bank_transfer' ? 123 : null,
      courier: 'JNE REG',
      resi: 'JN0012345678',
    },
    bankAccounts: store.bankAccounts,
    paymentLink: method === 'gateway' ? 'https://app.midtrans.com/snap/v4/redirection/contoh' : null,
    trackingLink: 'https://www.jne.co.id/id/tracking/trace/JN0012345678',
    orderLink: exampleOrderLink,
    contact: { name: store.storeName, whatsapp: store.whatsappNumber },
    timeZone,
  };
}

/** A store-level message kind (thank_you, opening), or a follow-up step's text for a payment method. */
export type PreviewKind = TemplateKind | { step: FollowUpStep; method: MethodKind };

export function previewTemplate(kind: PreviewKind, template: string | null, input: TemplateInput) {
  const source = template !== null && template.trim() !== '' ? template : null;
  const text = typeof kind === 'string' ? renderTemplate(kind, source, input) : renderFollowUp(kind.step, kind.method, source, input);
  return { text, unknown_placeholders: source ? unknownPlaceholders(source) : [], placeholders: [...PLACEHOLDER_NAMES], time_zone: input.timeZone };
}
