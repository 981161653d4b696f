// The one renderer of message templates. Each kind of message is a row: its default template
// (a store without its own, or with a blank one, gets it) and its shape. Placeholders come from
// the one table (placeholders.ts). Unknown placeholders stay as written, so a typo shows up in
// the message instead of silently vanishing. Values are inserted in one pass: a customer name
// that itself looks like {toko} is not expanded again.
import { DEFAULT_FOLLOW_UPS, type FollowUpStep, type MethodKind } from './follow-up-steps.js';
import { PLACEHOLDER_PATTERN, placeholderFill, type TemplateInput } from './placeholders.js';

/** The opening message a customer-service agent sends first (SPEC's customer lookup, `opening_message`). */
export const DEFAULT_OPENING_TEMPLATE =
  'Halo Kak {nama}, terima kasih sudah berbelanja di {toko}. ' +
  'Pesanan terakhir Kakak #{pesanan} ({produk}) saat ini berstatus {status}.';

/** The buyer's WhatsApp message to the store, from the thank-you page. */
export const DEFAULT_THANK_YOU_TEMPLATE =
  'Halo {toko}, saya {nama}. Saya sudah memesan {produk} {varian} sebanyak {jumlah}, ' +
  'nomor pesanan #{pesanan}, total {total}. Mohon diproses ya, terima kasih.';

export const TEMPLATE_KINDS = {
  // One line: it travels in a wa.me link's text.
  thank_you: { defaultTemplate: DEFAULT_THANK_YOU_TEMPLATE, oneLine: true },
  opening: { defaultTemplate: DEFAULT_OPENING_TEMPLATE, oneLine: false },
} as const satisfies Record<string, { defaultTemplate: string; oneLine: boolean }>;

export type TemplateKind = keyof typeof TEMPLATE_KINDS;

/** A stored template is the store's own unless null or blank (then: the default). */
const ownOr = (template: string | null, defaultTemplate: string) => (template !== null && template.trim() !== '' ? template : defaultTemplate);

/** The one pass of every template: each known placeholder replaced by its value, the rest as written. */
const fill = (source: string, input: TemplateInput) => source.replace(PLACEHOLDER_PATTERN, (whole, name: string) => placeholderFill(name)?.(input) ?? whole);

/** The text a template of this kind renders from: the store's own, or the default. */
export const templateSource = (kind: TemplateKind, template: string | null): string => ownOr(template, TEMPLATE_KINDS[kind].defaultTemplate);

/** The store's template of this kind (null or blank: the default), filled from `input`. */
export function renderTemplate(kind: TemplateKind, template: string | null, input: TemplateInput): string {
  const text = fill(templateSource(kind, template), input);
  const { oneLine } = TEMPLATE_KINDS[kind];
  return oneLine ? text.replace(/\s+/g, ' ').trim() : text;
}

/** The text a follow-up step of a payment method renders from: the store's own, or the default. */
export const followUpSource = (step: FollowUpStep, method: MethodKind, template: string | null): string => ownOr(template, DEFAULT_FOLLOW_UPS[step][method]);

/** A follow-up step's text for a payment method: the store's own (null or blank: the default), filled from `input`, line breaks kept. */
export function renderFollowUp(step: FollowUpStep, method: MethodKind, template: string | null, input: TemplateInput): string {
  return fill(followUpSource(step, method, template), input);
}
