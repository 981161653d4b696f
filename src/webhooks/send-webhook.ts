// One HTTP attempt: POST the signed body, no redirects followed, a hard time limit, and a
// bounded piece of the answer kept for the delivery log. Never throws: every way an attempt
// can end is a value the dispatcher records.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { ADDRESS_REFUSED, safeLookup } from './safe-lookup.js';
import { bareHost, isPublicAddress, parseEndpointUrl, type Resolver } from './url-safety.js';

export const SEND_TIMEOUT_MS = 10_000;
export const SNIPPET_BYTES = 1024;

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface SendOutcome {
  /** null when no HTTP answer came (refused address, connection error, timeout). */
  statusCode: number | null;
  retryAfter: string | null;
  snippet: string;
  error: string | null;
  latencyMs: number;
}

export interface SendSettings {
  allowPrivate: boolean;
  timeoutMs: number;
}

/**
 * One connection pool per dispatcher; with the private-address rule, every new connection
 * is checked. No timeouts of its own: sendWebhook's AbortSignal bounds the whole attempt
 * (lookup, connect, headers, body) and starts first, so it always fires first.
 */
export function createWebhookAgent(settings: { allowPrivate: boolean; resolver: Resolver }): Agent {
  return new Agent({ connect: settings.allowPrivate ? {} : { lookup: safeLookup(settings.resolver) } });
}

async function readSnippet(body: AsyncIterable<Buffer>, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    // Leaving the loop destroys the rest of the body: a huge answer is never read whole.
    if (size >= limit) break;
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

/** The first error in the cause chain that carries a string code (undici wraps socket errors). */
function codedCause(error: unknown): (Error & { code: string }) | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    if (typeof (e as { code?: unknown }).code === 'string') return e as Error & { code: string };
  }
  return undefined;
}

function describe(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `timeout after ${timeoutMs} ms`;
  const coded = codedCause(error);
  if (coded?.code === ADDRESS_REFUSED) return `refused: ${coded.message}`;
  // Codes such as ECONNREFUSED say enough; messages of unknown errors are cut short.
  return coded?.code ?? (error instanceof Error ? error.message.slice(0, 200) : 'unknown error');
}

export async function sendWebhook(agent: Agent, req: WebhookRequest, settings: SendSettings): Promise<SendOutcome> {
  const started = performance.now();
  const outcome = (partial: Omit<SendOutcome, 'latencyMs'>): SendOutcome => ({ ...partial, latencyMs: Math.round(performance.now() - started) });
  const parsed = parseEndpointUrl(req.url, settings.allowPrivate);
  if (!parsed.ok) return outcome({ statusCode: null, retryAfter: null, snippet: '', error: `refused: ${parsed.message}` });
  // Literal addresses never go through the lookup, so they are checked here.
  const host = bareHost(parsed.value);
  if (!settings.allowPrivate && net.isIP(host) !== 0 && !isPublicAddress(host)) {
    return outcome({ statusCode: null, retryAfter: null, snippet: '', error: `refused: ${host} is a private, loopback or link-local address` });
  }
  const signal = AbortSignal.timeout(settings.timeoutMs);
  try {
    const res = await request(parsed.value, { method: 'POST', headers: req.headers, body: req.body, dispatcher: agent, signal });
    const retryAfter = res.headers['retry-after'];
    // The status decides the outcome; a body that breaks off only costs the snippet.
    let snippet = '';
    let bodyError: string | null = null;
    try {
      snippet = await readSnippet(res.body, SNIPPET_BYTES);
    } catch (error) {
      bodyError = `response body: ${describe(error, signal.aborted, settings.timeoutMs)}`;
    }
    return outcome({
      statusCode: res.statusCode,
      retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
      snippet,
      error: bodyError,
    });
  } catch (error) {
    return outcome({ statusCode: null, retryAfter: null, snippet: '', error: describe(error, signal.aborted, settings.timeoutMs) });
  }
}
