// A template rendered by the very renderer the buyer's WhatsApp message (thank-you page) and
// the customer lookup's opening message use, with sample data, in the store's time zone (or
// the one being chosen). Unknown placeholders render as written and are listed.
import { PLACEHOLDER_NAMES, unknownPlaceholders, type TemplateInput } from './placeholders.js';
import { renderTemplate, type TemplateKind } from './render-template.js';

export function sampleInput(storeName: string, now: number, timeZone: string): TemplateInput {
  return {
    storeName,
    customerName: 'Budi Santoso',
    orderCount: 3,
    latestOrder: { id: 1024, status: 'pending', product: 'Kaos Polos', variant: 'Hitam / L', quantity: 2, total: 159000, createdAt: now },
    timeZone,
  };
}

export function previewTemplate(kind: TemplateKind, template: string | null, input: TemplateInput) {
  const source = template !== null && template.trim() !== '' ? template : null;
  return { text: renderTemplate(kind, source, input), unknown_placeholders: source ? unknownPlaceholders(source) : [], placeholders: [...PLACEHOLDER_NAMES], time_zone: input.timeZone };
}
