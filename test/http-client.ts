// Requests for tests that drive real server processes: each on a new connection (agent:
// false), so that node:cluster spreads them over its workers as it does with real clients.
import http from 'node:http';
import { checkApiResponse } from './openapi-validator.js';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json(): ReturnType<typeof JSON.parse>;
}

export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: unknown; timeoutMs?: number } = {},
): Promise<HttpResult> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const method = options.method ?? 'GET';
  const answered = new Promise<HttpResult>((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body, json: () => JSON.parse(body) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.setTimeout(options.timeoutMs ?? 10_000, () => req.destroy(new Error('request timed out')));
    req.end(payload);
  });
  // An /api/ answer must be one that openapi/lapak.json describes.
  return answered.then((result) => {
    checkApiResponse({ method, url: new URL(url).pathname }, { statusCode: result.status, headers: result.headers, body: result.body });
    return result;
  });
}
