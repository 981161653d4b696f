// Creating the gateway charge of an order (a Midtrans Snap transaction or a Xendit invoice),
// behind one interface. Each gateway's adapter speaks its documented HTTP API at a
// configurable base URL (MIDTRANS_BASE_URL, XENDIT_BASE_URL), so tests run against a local
// stand-in and nothing reaches the internet.
import { refuse, succeed, type Outcome } from '../lib/outcome.js';

export interface ChargeRequest {
  gatewayOrderId: string;
  amount: number;
  product: { name: string; unitPrice: number; quantity: number };
  shippingFee: number;
  customer: { name: string; phone: string; email: string | null };
}

export interface Charge {
  /** Snap token or Xendit invoice id. */
  reference: string;
  /** Where the buyer pays: Snap redirect_url or Xendit invoice_url. */
  paymentUrl: string;
}

/** Why no charge was made; the message is what the log says (no bodies, no secrets). */
export type ChargeCode = 'gateway_timeout' | 'gateway_unreachable' | 'gateway_http_error' | 'gateway_bad_answer';

export interface ChargeGateway {
  createCharge(secret: string, request: ChargeRequest): Promise<Outcome<Charge, ChargeCode>>;
}

const CHARGE_TIMEOUT_MS = 10_000;

const basicAuth = (secret: string): string => `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;

/** POST a JSON body; the parsed JSON answer of a 2xx, else a refusal with a short message (no bodies, no secrets). */
export async function postJson(url: string, secret: string, body: unknown): Promise<Outcome<Record<string, unknown>, ChargeCode>> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: basicAuth(secret), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CHARGE_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) return refuse('gateway_http_error', `HTTP ${res.status}`);
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return refuse('gateway_bad_answer', 'answer is not a JSON object');
    return succeed(parsed as Record<string, unknown>);
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') return refuse('gateway_timeout', 'timeout');
    // JSON.parse's; the log line says the same for both, as it always has.
    if (error instanceof SyntaxError) return refuse('gateway_bad_answer', 'unreachable or not JSON');
    return refuse('gateway_unreachable', 'unreachable or not JSON');
  }
}
