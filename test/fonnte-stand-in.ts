// A local stand-in for Fonnte's send call (reference/whatsapp.md §5; docs.fonnte.com "API Send
// Message"), so that no test reaches Fonnte: `POST /send` with the device token in Authorization
// answers `{status: true, detail, id: [N], process: "pending", target: [...]}`, or the next
// refusals the test queued (`{status: false, reason}`, an HTTP status).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FonnteRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: Record<string, any>;
}

export interface FonnteRefusal {
  /** HTTP status; Fonnte answers its refusals with 200 and `status: false`. */
  status?: number;
  reason?: string;
}

export interface FonnteStandIn {
  url: string;
  requests: FonnteRequest[];
  /** The next sends are refused this way, one each, in order. */
  refuseNext(...refusals: FonnteRefusal[]): void;
  /** The id the last accepted message got. */
  lastId(): string | null;
  close(): Promise<void>;
}

export async function startFonnteStandIn(): Promise<FonnteStandIn> {
  const requests: FonnteRequest[] = [];
  const queue: FonnteRefusal[] = [];
  let counter = 80_000_000;
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
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? null, contentType: req.headers['content-type'] ?? null, body });
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const refusal = queue.shift();
      if (refusal) return answer(refusal.status ?? 200, { status: false, reason: refusal.reason ?? 'stand-in refusal' });
      if (req.method !== 'POST' || req.url !== '/send') return answer(404, { status: false, reason: 'unknown path' });
      if (!req.headers.authorization) return answer(200, { status: false, reason: 'token invalid' });
      counter += 1;
      last = String(counter);
      return answer(200, { status: true, detail: 'success! message in queue', id: [counter], process: 'pending', requestid: counter, target: [body.target] });
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
