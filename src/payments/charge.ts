// Creating the gateway charge of an order (a Midtrans Snap transaction or a Xendit invoice),
// behind one interface. Each gateway's adapter speaks its documented HTTP API at a
// configurable base URL (MIDTRANS_BASE_URL, XENDIT_BASE_URL), so tests run against a local
// stand-in and nothing reaches the internet.

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

export type ChargeResult = { ok: true; value: Charge } | { ok: false; error: string };

export interface ChargeGateway {
  createCharge(secret: string, request: ChargeRequest): Promise<ChargeResult>;
}

const CHARGE_TIMEOUT_MS = 10_000;

const basicAuth = (secret: string): string => `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;

/** POST a JSON body; the parsed JSON answer of a 2xx, else a short error (no bodies, no secrets). */
export async function postJson(url: string, secret: string, body: unknown): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; error: string }> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: basicAuth(secret), 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(CHARGE_TIMEOUT_MS),
    });
    const text = await res.text();
    if (!res.ok) return { ok: false, error: `HTTP ${res.status}` };
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return { ok: false, error: 'answer is not a JSON object' };
    return { ok: true, value: parsed as Record<string, unknown> };
  } catch (error) {
    return { ok: false, error: (error as Error).name === 'TimeoutError' ? 'timeout' : 'unreachable or not JSON' };
  }
}
