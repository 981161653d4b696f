// Meta's webhook for the WhatsApp Cloud API (issue 42 §2; reference/whatsapp.md §3): the
// signature over the raw bytes, and the envelope read into statuses and incoming messages, each
// with the phone_number_id that routes it to its store. Nothing here touches the database.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DELIVERY_STATES, type DeliveryState } from './apply-status.js';

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body, keyed with the app secret>`, compared in constant time. */
export function metaSignatureOk(raw: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || !header.startsWith('sha256=')) return false;
  const want = Buffer.from(createHmac('sha256', appSecret).update(raw).digest('hex'));
  const got = Buffer.from(header.slice(7).toLowerCase());
  return got.length === want.length && timingSafeEqual(got, want);
}

export interface WebhookStatus {
  phoneNumberId: string;
  providerMessageId: string;
  status: DeliveryState;
  at: number;
  errorCode: number | null;
  errorTitle: string | null;
  paid: boolean;
}

export interface WebhookMessage {
  phoneNumberId: string;
  providerMessageId: string;
  from: string;
  text: string;
  at: number;
}

const obj = (v: unknown): Record<string, unknown> | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
/** Meta's timestamps are Unix seconds as text. */
const seconds = (v: unknown, fallback: number): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n * 1000 : fallback;
};

/** What a message that is not text says in the conversation. */
function textOf(message: Record<string, unknown>): string {
  const type = str(message.type) ?? 'unknown';
  if (type === 'text') return str(obj(message.text)?.body) ?? '';
  if (type === 'button') return str(obj(message.button)?.text) ?? '[tombol]';
  if (type === 'interactive') {
    const interactive = obj(message.interactive);
    return str(obj(interactive?.button_reply)?.title) ?? str(obj(interactive?.list_reply)?.title) ?? '[balasan]';
  }
  const caption = str(obj(message[type])?.caption);
  const words: Record<string, string> = { image: 'gambar', video: 'video', audio: 'pesan suara', document: 'dokumen', sticker: 'stiker', location: 'lokasi', contacts: 'kontak' };
  return `[${words[type] ?? type}]${caption ? ` ${caption}` : ''}`;
}

/** The envelope's statuses and incoming messages; what it cannot read is passed over. */
export function readWhatsAppWebhook(body: unknown, now: number): { statuses: WebhookStatus[]; messages: WebhookMessage[] } {
  const statuses: WebhookStatus[] = [];
  const messages: WebhookMessage[] = [];
  for (const entry of arr(obj(body)?.entry)) {
    for (const change of arr(obj(entry)?.changes)) {
      const value = obj(obj(change)?.value);
      const phoneNumberId = str(obj(value?.metadata)?.phone_number_id);
      if (!value || !phoneNumberId) continue;
      for (const s of arr(value.statuses)) {
        const status = obj(s);
        const id = str(status?.id);
        const state = str(status?.status);
        if (!status || !id || !state || !(DELIVERY_STATES as readonly string[]).includes(state)) continue;
        const error = obj(arr(status.errors)[0]);
        const pricing = obj(status.pricing);
        statuses.push({
          phoneNumberId,
          providerMessageId: id,
          status: state as DeliveryState,
          at: seconds(status.timestamp, now),
          errorCode: typeof error?.code === 'number' ? error.code : null,
          errorTitle: str(error?.title) ?? str(error?.message),
          paid: pricing !== null && (pricing.billable === true || pricing.type === 'regular'),
        });
      }
      for (const m of arr(value.messages)) {
        const message = obj(m);
        const id = str(message?.id);
        const from = str(message?.from);
        if (!message || !id || !from) continue;
        messages.push({ phoneNumberId, providerMessageId: id, from, text: textOf(message).slice(0, 4096), at: seconds(message.timestamp, now) });
      }
    }
  }
  return { statuses, messages };
}
