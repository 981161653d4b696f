// Fonnte's webhook (issue 42 §3; reference/whatsapp.md §5): one address per store, set in Fonnte's
// device settings for each of its webhooks. What a post says, from docs.fonnte.com ("Webhook Reply
// Message", "Webhook Update Message Status", "Webhook Device Status"), told apart by its fields:
// - a message the buyer wrote: `sender`, `message` (`text` for a button's), `name`, `member`,
//   `location`, `url`, `timestamp`, `inboxid`, `device`;
// - a status of a message Fonnte sent: `id` (the send's id) and/or `stateid`, with `status` (how
//   Fonnte processed it: sent, pending, invalid, expired, ...) and `state` (WhatsApp's: sent,
//   delivered, read); the later states often name the stateid alone;
// - the device: `status` connect or disconnect, with `reason`, `device`, `timestamp`.
// Fonnte posts JSON or a form: both are read. No signature exists: the secret path is the
// credential. Nothing here touches the database.
import { createHash } from 'node:crypto';
import type { DeliveryState } from './apply-status.js';

/** Where Fonnte posts: the path's last segment is the store's secret, redacted from every log line (app.ts). */
export const FONNTE_WEBHOOK_PATH = '/webhooks/fonnte';
export const fonnteWebhookUrl = (publicUrl: string, secret: string): string => `${publicUrl}${FONNTE_WEBHOOK_PATH}/${secret}`;

export type FonnteEvent =
  | { kind: 'message'; from: string; text: string; providerMessageId: string; at: number }
  | { kind: 'status'; id: string | null; stateId: string | null; status: DeliveryState | null; detail: string | null; at: number }
  | { kind: 'device'; connected: boolean; at: number };

type Fields = Record<string, unknown>;

/** The post's fields, JSON or form-encoded; null when it is neither. */
export function readFonnteBody(raw: Buffer, contentType: string | undefined): Fields | null {
  const text = raw.toString('utf8');
  const json = contentType?.includes('json') || /^\s*\{/.test(text);
  if (json) {
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Fields) : null;
    } catch {
      return null;
    }
  }
  if (contentType !== undefined && !contentType.includes('x-www-form-urlencoded')) return null;
  return Object.fromEntries(new URLSearchParams(text));
}

const str = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
};
const truthy = (v: unknown): boolean => v === true || v === 'true' || v === 1 || v === '1';
/** Fonnte's timestamps are Unix seconds (some posts give none). */
const instant = (v: unknown, fallback: number): number => {
  const n = Number(v);
  return Number.isFinite(n) && n > 1e9 && n < 1e11 ? n * 1000 : fallback;
};

// Fonnte's `state` (WhatsApp's word) and `status` (its own processing) on Lapak's states.
const STATES: Record<string, DeliveryState> = { sent: 'sent', delivered: 'delivered', read: 'read', played: 'read' };
const FAILED_STATUSES = new Set(['invalid', 'expired', 'failed', 'url unreachable']);

/** What the post says; null for a post that is none of the three (a group's message, say). */
export function readFonnteEvent(body: Fields, now: number): FonnteEvent | null {
  const at = instant(body.timestamp, now);
  const sender = str(body.sender);
  if (sender !== null) {
    // A group's message is not a buyer writing to the store.
    if (sender.includes('@') || truthy(body.isgroup)) return null;
    const text = str(body.message) ?? str(body.text) ?? (str(body.location) ? '[lokasi]' : str(body.url) ? '[lampiran]' : '');
    const inbox = str(body.inboxid);
    // Without Fonnte's inbox id, the same sender, moment and text is the same message.
    const id = inbox ?? createHash('sha256').update(`${sender}|${str(body.timestamp) ?? ''}|${text}`).digest('hex').slice(0, 32);
    return { kind: 'message', from: sender, text: text.slice(0, 4096), providerMessageId: `in-${id}`, at };
  }
  const id = str(body.id);
  const stateId = str(body.stateid);
  const status = str(body.status)?.toLowerCase() ?? null;
  if (id !== null || stateId !== null) {
    const state = str(body.state)?.toLowerCase() ?? null;
    const fromState = state !== null ? STATES[state] : undefined;
    const failed = status !== null && FAILED_STATUSES.has(status);
    const mapped: DeliveryState | null = fromState === 'delivered' || fromState === 'read' ? fromState : failed ? 'failed' : (fromState ?? (status === 'sent' ? 'sent' : null));
    return { kind: 'status', id, stateId, status: mapped, detail: mapped === 'failed' ? `Fonnte: ${status}` : null, at };
  }
  if (status === 'connect' || status === 'disconnect') return { kind: 'device', connected: status === 'connect', at };
  return null;
}
