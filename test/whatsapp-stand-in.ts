// A local stand-in for the WhatsApp Cloud API's send call (reference/whatsapp.md §2), so that no
// test reaches Meta: `POST /{version}/{phone_number_id}/messages` with a Bearer token answers
// `{messaging_product, contacts, messages: [{id: "wamid.N", message_status: "accepted"}]}`, or
// the next refusals the test queued (Meta's error body, an HTTP status, a Retry-After).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WhatsAppRequest {
  method: string;
  path: string;
  authorization: string | null;
  body: Record<string, any>;
}

export interface QueuedRefusal {
  status: number;
  code?: number;
  message?: string;
  retryAfter?: string;
}

export interface WhatsAppStandIn {
  url: string;
  requests: WhatsAppRequest[];
  /** The next sends are refused this way, one each, in order. */
  refuseNext(...refusals: QueuedRefusal[]): void;
  /** The id the last accepted message got. */
  lastId(): string | null;
  close(): Promise<void>;
}

export async function startWhatsAppStandIn(): Promise<WhatsAppStandIn> {
  const requests: WhatsAppRequest[] = [];
  const queue: QueuedRefusal[] = [];
  let counter = 0;
  let last: string | null = null;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      let body: Record<string, any> = {};
      try {
        body = JSON.parse(raw);
      } catch {
        /* recorded as {} */
      }
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null, body });
      const answer = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(value));
      };
      const refusal = queue.shift();
      if (refusal) {
        return answer(
          refusal.status,
          { error: { message: refusal.message ?? 'stand-in refusal', type: 'OAuthException', code: refusal.code ?? refusal.status, fbtrace_id: 'Atrace' } },
          refusal.retryAfter ? { 'retry-after': refusal.retryAfter } : {},
        );
      }
      if (req.method !== 'POST' || !/^\/v\d+\.\d+\/\d+\/messages$/.test(req.url ?? '')) return answer(404, { error: { message: 'Unknown path', code: 100 } });
      if (!req.headers.authorization?.startsWith('Bearer ')) return answer(401, { error: { message: 'Invalid OAuth access token', code: 190 } });
      counter += 1;
      last = `wamid.STANDIN${String(counter).padStart(6, '0')}`;
      return answer(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id: last, message_status: 'accepted' }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuseNext: (...refusals) => queue.push(...refusals),
    lastId: () => last,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
