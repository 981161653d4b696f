// What the sender asks of a messaging provider (issue 41 §2): send one text to one phone, and
// say how it went. `sent` means the provider accepted the message. A refusal says whether to try
// again later (with the provider's Retry-After, when it gave one) or never. Part 2 adds the
// WhatsApp Cloud API and Fonnte behind the same interface.
import type { Tx } from '../../lib/db/db.js';

export interface OutgoingMessage {
  tenantId: number;
  /** Null for the test message. */
  messageId: number | null;
  orderId: number | null;
  /** The buyer's number, normalised (62...). */
  phone: string;
  text: string;
}

export type SendResult =
  | { ok: true; providerMessageId: string }
  | { ok: false; retry: true; error: string; retryAfterMs: number | null }
  | { ok: false; retry: false; error: string };

export interface MessagingProvider {
  readonly name: string;
  /** Sends one message; never throws for the provider's own refusals (a throw counts as a refusal to retry). */
  send(message: OutgoingMessage): Promise<SendResult>;
}

/** What a provider may use: its own writes, in a transaction of its own. */
export interface ProviderDeps {
  writeTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  now(): number;
}
