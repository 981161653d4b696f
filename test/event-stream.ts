// A client of a server-sent events stream for tests (the live orders list): it opens the
// stream over real HTTP, keeps every event and comment, and waits for one that matches.
import http from 'node:http';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';

export interface StreamEvent {
  id: string | null;
  event: string;
  data: unknown;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as read so far (for a refusal: the whole JSON). */
  text(): string;
  events: StreamEvent[];
  comments: string[];
  /** Resolves with the first event (from `from` on) that `match` accepts; rejects after `ms`. */
  next(match: (event: StreamEvent) => boolean, ms?: number, from?: number): Promise<StreamEvent>;
  /** Resolves once the server has ended the stream; rejects after `ms`. */
  ended(ms?: number): Promise<void>;
  isEnded(): boolean;
  close(): void;
}

/** GET `path` of `baseUrl` with `headers`; resolves once the status line and headers have come. */
export function openStream(baseUrl: string, path: string, headers: Record<string, string>): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      let body = '';
      let buffer = '';
      let ended = false;
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const waiters = new Set<() => void>();
      const wake = () => {
        for (const waiter of [...waiters]) waiter();
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let id: string | null = null;
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) id = line.slice(4);
            else if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')) });
        }
        wake();
      });
      const finish = () => {
        ended = true;
        wake();
      };
      response.on('end', finish);
      response.on('close', finish);
      response.on('error', finish);
      const wait = (done: () => boolean, ms: number, what: string) =>
        new Promise<void>((resolveWait, rejectWait) => {
          const check = () => {
            if (!done()) return false;
            clearTimeout(timer);
            waiters.delete(onWake);
            resolveWait();
            return true;
          };
          const onWake = () => void check();
          const timer = setTimeout(() => {
            waiters.delete(onWake);
            rejectWait(new Error(`${what} within ${ms} ms; events: ${JSON.stringify(events)}; ended: ${ended}`));
          }, ms);
          if (!check()) waiters.add(onWake);
        });
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => body,
        events,
        comments,
        async next(match, ms = 5_000, from = 0) {
          let found: StreamEvent | undefined;
          await wait(() => (found = events.slice(from).find(match)) !== undefined, ms, 'no matching event');
          return found!;
        },
        ended: (ms = 5_000) => wait(() => ended, ms, 'the stream did not end'),
        isEnded: () => ended,
        close: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** Resolves with the response's whole body (a refusal), for streams that answer at once. */
export async function readAll(stream: OpenedStream): Promise<string> {
  await stream.ended();
  return stream.text();
}

/** What inject answers, read whole; for a stream of events, only its first bytes. */
export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  json(): unknown;
}

/**
 * app.inject for any route, streaming ones too (the live orders list never ends by itself, so a
 * plain inject would wait forever): a refusal or any other answer is read whole; a stream of
 * server-sent events to its first bytes, and then the client leaves.
 */
export async function injectReadingStreams(app: { inject(options: InjectOptions): Promise<LightMyRequestResponse> }, options: InjectOptions): Promise<InjectedAnswer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  let body = '';
  if (String(res.headers['content-type']).startsWith('text/event-stream') && options.method !== 'HEAD') {
    body = String(await new Promise((resolve) => stream.once('data', resolve)));
    stream.destroy();
  } else {
    for await (const chunk of stream) body += String(chunk);
  }
  return { statusCode: res.statusCode, headers: res.headers, body, json: () => JSON.parse(body) };
}
