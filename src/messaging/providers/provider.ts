// What the sender asks of a messaging provider (issue 41 §2, issue 42): send one message to one
// phone, and say how it went. `sent` means the provider accepted the message. A refusal says
// whether to try again later (with the provider's Retry-After, when it gave one) or never, and
// what it means beyond this message (`effect`): the phone opted out, is not on WhatsApp, the
// 24-hour window is closed, or the provider stopped the store's sending (a revoked token, a
// disconnected device).
import type { Db, Tx } from '../../lib/db/db.js';
import { openStored, type Sealer } from '../../lib/secrets/sealer.js';
import { storeSecretBinding } from '../../tenants/store-settings.js';

/** A Cloud API template: its name, language and named parameters, in order. */
export interface OutgoingTemplate {
  name: string;
  language: string;
  params: Array<{ name: string; text: string }>;
}

export interface OutgoingMessage {
  tenantId: number;
  /** Null for the test message and a CS's answer. */
  messageId: number | null;
  orderId: number | null;
  /** The buyer's number, normalised (62...). */
  phone: string;
  text: string;
  /** The Cloud API sends it instead of the text (outside the 24-hour window; the test message). */
  template?: OutgoingTemplate;
}

export type SendEffect = 'opt_out' | 'not_on_whatsapp' | 'window_closed' | 'halt';

export type SendResult =
  | { ok: true; providerMessageId: string }
  | { ok: false; retry: true; error: string; retryAfterMs: number | null; effect?: 'halt' }
  | { ok: false; retry: false; error: string; effect?: Exclude<SendEffect, 'halt'> };

export interface MessagingProvider {
  readonly name: string;
  /** Sends one message; never throws for the provider's own refusals (a throw counts as a refusal to retry). */
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** What a provider may use: the store's settings and sealed tokens, its own writes in a transaction of its own. */
export interface ProviderDeps {
  db: Db;
  sealer: Sealer;
  writeTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  now(): number;
  config: { whatsappApiBaseUrl: string; whatsappApiVersion: string; fonnteBaseUrl: string };
}

/** How long a provider's answer is awaited. */
export const PROVIDER_TIMEOUT_MS = 15_000;

/** The seconds of a Retry-After header (or its HTTP date), in ms; null without one. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A store's sealed provider token, opened; null when it is not set, false when it cannot be opened. */
export async function storeToken(deps: ProviderDeps, tenantId: number, column: 'whatsapp_access_token' | 'fonnte_token'): Promise<string | null | false> {
  const row = await deps.db.selectFrom('store_settings').select(column).where('tenant_id', '=', tenantId).executeTakeFirst();
  const stored = row?.[column];
  if (!stored) return null;
  const opened = openStored(deps.sealer, { stored, binding: storeSecretBinding(tenantId, column) });
  return opened.ok ? opened.value : false;
}

/** One JSON POST to a provider: its answer (the body parsed, null when it is not JSON), or a refusal to retry when nothing came back (`label` names the provider in it). */
export async function postToProvider(label: string, url: string, headers: Record<string, string>, body: unknown): Promise<{ res: Response; parsed: unknown } | Exclude<SendResult, { ok: true }>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { res, parsed };
  } catch (error) {
    return { ok: false, retry: true, error: (error as Error).name === 'TimeoutError' ? `${label}: tidak menjawab` : `${label}: tidak bisa dihubungi`, retryAfterMs: null };
  }
}
