// A local stand-in for the gateways' charge APIs, speaking their documented request and
// response shapes, so that no test reaches the internet:
// - Midtrans Snap: POST /snap/v1/transactions, Basic auth (server key + ':'),
//   {transaction_details: {order_id, gross_amount}, item_details, customer_details} -> 201 {token, redirect_url};
//   400 {error_messages} when the order_id was used before or the items do not add up.
// - Xendit: POST /v2/invoices, Basic auth (secret key + ':'), {external_id, amount, ...} -> 200 {id, invoice_url, status}.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  path: string;
  secret: string | null;
  body: Record<string, any>;
}

export interface GatewayStandIn {
  url: string;
  requests: StandInRequest[];
  /** Answer the next requests with this HTTP status (a gateway outage). */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

export async function startGatewayStandIn(): Promise<GatewayStandIn> {
  const requests: StandInRequest[] = [];
  const usedOrderIds = new Set<string>();
  let failure: number | null = null;
  let counter = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      const secret = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString().replace(/:$/, '') : null;
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* answered below */
      }
      requests.push({ path: req.url ?? '', secret, body });
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (failure !== null) return answer(failure, { error_messages: ['stand-in failure'] });
      if (!secret) return answer(401, { error_messages: ['Access denied due to unauthorized transaction'] });
      const base = `http://${req.headers.host}`;
      if (req.method === 'POST' && req.url === '/snap/v1/transactions') {
        const details = body.transaction_details ?? {};
        const items: Array<{ price: number; quantity: number }> = body.item_details ?? [];
        const sum = items.reduce((a, i) => a + i.price * i.quantity, 0);
        if (typeof details.order_id !== 'string' || !Number.isInteger(details.gross_amount)) return answer(400, { error_messages: ['transaction_details is required'] });
        if (items.length > 0 && sum !== details.gross_amount) return answer(400, { error_messages: ['transaction_details.gross_amount is not equal to the sum of item_details'] });
        if (usedOrderIds.has(details.order_id)) return answer(400, { error_messages: ['transaction_details.order_id sudah digunakan'] });
        usedOrderIds.add(details.order_id);
        const token = `snap-token-${++counter}`;
        return answer(201, { token, redirect_url: `${base}/snap/v4/redirection/${token}` });
      }
      if (req.method === 'POST' && req.url === '/v2/invoices') {
        if (typeof body.external_id !== 'string' || !Number.isInteger(body.amount)) return answer(400, { error_code: 'API_VALIDATION_ERROR' });
        const id = `inv_${++counter}`;
        return answer(200, { id, external_id: body.external_id, status: 'PENDING', amount: body.amount, invoice_url: `${base}/web/invoices/${id}` });
      }
      return answer(404, { error_messages: ['not found'] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith: (status) => (failure = status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
