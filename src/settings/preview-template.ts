// A template rendered by the very renderers the buyer's WhatsApp message (thank-you page) and
// the customer lookup's opening message use, with sample data, in the store's time zone (or
// the one being chosen). Unknown placeholders render as written and are listed.
import { PLACEHOLDER_NAMES, renderOpeningMessage, unknownPlaceholders, type OpeningMessageInput } from '../customers/opening-message.js';
import { renderThankYouMessage } from '../form/thank-you.js';

export type TemplateKind = 'thank_you' | 'opening';

export function sampleInput(storeName: string, now: number, timeZone: string): OpeningMessageInput {
  return {
    storeName,
    customerName: 'Budi Santoso',
    orderCount: 3,
    latestOrder: { id: 1024, status: 'pending', product: 'Kaos Polos', variant: 'Hitam / L', quantity: 2, total: 159000, createdAt: now },
    timeZone,
  };
}

export function previewTemplate(kind: TemplateKind, template: string | null, input: OpeningMessageInput) {
  const source = template !== null && template.trim() !== '' ? template : null;
  const text = kind === 'thank_you' ? renderThankYouMessage(source, input) : renderOpeningMessage(source, input);
  return { text, unknown_placeholders: source ? unknownPlaceholders(source) : [], placeholders: [...PLACEHOLDER_NAMES], time_zone: input.timeZone };
}
