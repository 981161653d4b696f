// The one renderer of message templates. Each kind of message is a row: its default template
// (a store without its own, or with a blank one, gets it) and its shape. Placeholders come from
// the one table (placeholders.ts). Unknown placeholders stay as written, so a typo shows up in
// the message instead of silently vanishing. Values are inserted in one pass: a customer name
// that itself looks like {toko} is not expanded again.
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

/** The store's template of this kind (null or blank: the default), filled from `input`. */
export function renderTemplate(kind: TemplateKind, template: string | null, input: TemplateInput): string {
  const { defaultTemplate, oneLine } = TEMPLATE_KINDS[kind];
  const source = template !== null && template.trim() !== '' ? template : defaultTemplate;
  const text = source.replace(PLACEHOLDER_PATTERN, (whole, name: string) => placeholderFill(name)?.(input) ?? whole);
  return oneLine ? text.replace(/\s+/g, ' ').trim() : text;
}
