// The Lapak API client: one method per operation of openapi/lapak.json, SPEC-aware retries,
// typed errors, per-attempt timeouts and caller cancellation with an AbortSignal.
import { apiError, ConnectionError, LapakError, TimeoutError } from './errors.js';
import { parseRateLimit, type RateLimitInfo } from './rate-limit.js';
import { decideRetry, failedBeforeSending, type AttemptOutcome, type RetryPolicy } from './retry.js';
import type {
  CustomerLookup,
  CustomerLookupInput,
  DuplicatedProduct,
  DuplicateProductInput,
  OperationId,
  OrderResponse,
  ProductEmbed,
  SetOrderStatusInput,
  StatusUpdateResult,
} from './types.js';

export const SDK_VERSION = '0.1.0';

/** The method of each operation of openapi/lapak.json (the build fails when one lacks a method). */
export const OPERATION_METHODS = {
  getProductEmbed: 'getProductEmbed',
  duplicateProduct: 'duplicateProduct',
  getOrder: 'getOrder',
  updateOrderStatus: 'setOrderStatus',
  lookupCustomer: 'lookupCustomer',
} as const satisfies Record<OperationId, keyof Lapak>;

export interface LapakOptions {
  /** The API key (`lpk_` + 48 hex). Sent only in the X-API-Key header; never in errors or logs. */
  apiKey: string;
  /** The server, e.g. `https://lapak.example.com` (no trailing `/api`). */
  baseUrl: string;
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** Longest `Retry-After` the client waits, in seconds (default 60); longer: RateLimitError at once. */
  maxRetryAfter?: number;
  /** Per-attempt timeout in milliseconds (default 10 000; the customer lookup never below 2 000). */
  timeout?: number;
  /** The fetch to use (default: the global one). */
  fetch?: typeof fetch;
  /** How the client waits between attempts (default: a timer). Tests inject one that does not wait. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1) (default Math.random). */
  random?: () => number;
}

export interface CallOptions {
  /** Cancels the call, its attempts and the waits between them. */
  signal?: AbortSignal;
  timeout?: number;
  maxRetries?: number;
}

export interface ResponseMeta {
  status: number;
  /** The answer's `request_id`, where the endpoint sends one. */
  requestId: string | null;
  rateLimit: RateLimitInfo;
  /** True when the PATCH answer is a replay of a remembered response (`Idempotency-Replayed: true`). */
  replayed: boolean;
  /** Attempts made, the successful one included. */
  attempts: number;
  /** The Idempotency-Key sent (setOrderStatus), else null. */
  idempotencyKey: string | null;
}

/** A response body with the answer's metadata under `lastResponse` (not enumerable: JSON.stringify gives the body). */
export type WithResponse<T> = T & { readonly lastResponse: ResponseMeta };

const DEFAULT_TIMEOUT_MS = 10_000;
const LOOKUP_MIN_TIMEOUT_MS = 2_000;

interface RequestSpec {
  operation: OperationId;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** False for duplicate: repeating it after an ambiguous failure could duplicate the product. */
  safeToRepeat: boolean;
  minTimeout?: number;
}

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

const positiveInteger = (name: string, value: number | string): string => {
  const text = String(value).trim();
  if (!/^[1-9][0-9]{0,15}$/.test(text)) throw new TypeError(`${name} must be a positive integer, got ${JSON.stringify(value)}`);
  return text;
};

export class Lapak {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly #policy: RetryPolicy;
  readonly #timeout: number;

  constructor(options: LapakOptions) {
    if (!options || typeof options.apiKey !== 'string' || options.apiKey.trim() === '') throw new TypeError('Lapak: apiKey is required');
    if (typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) throw new TypeError('Lapak: baseUrl must be an http(s) URL');
    this.#apiKey = options.apiKey.trim();
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#sleep = options.sleep ?? defaultSleep;
    this.#timeout = options.timeout ?? DEFAULT_TIMEOUT_MS;
    this.#policy = { maxRetries: options.maxRetries ?? 2, maxRetryAfter: options.maxRetryAfter ?? 60, random: options.random ?? Math.random };
  }

  /** GET /api/products.php?action=embed (scope products:read). */
  async getProductEmbed(id: number | string, options: CallOptions = {}): Promise<WithResponse<ProductEmbed>> {
    const path = `/api/products.php?action=embed&id=${positiveInteger('id', id)}`;
    return this.#request({ operation: 'getProductEmbed', method: 'GET', path, safeToRepeat: true }, options);
  }

  /**
   * POST /api/products.php?action=duplicate (scope products:write). Not idempotent: retried
   * only on 429 and on connection failures before sending, never after a timeout or a 5xx.
   */
  async duplicateProduct(id: number | string, body: DuplicateProductInput, options: CallOptions = {}): Promise<WithResponse<DuplicatedProduct>> {
    const path = `/api/products.php?action=duplicate&id=${positiveInteger('id', id)}`;
    return this.#request({ operation: 'duplicateProduct', method: 'POST', path, body, safeToRepeat: false }, options);
  }

  /** GET /api/order_status.php (scope orders:read; the customer block needs customers:read). */
  async getOrder(id: number | string, options: CallOptions = {}): Promise<WithResponse<OrderResponse>> {
    const path = `/api/order_status.php?id=${positiveInteger('id', id)}`;
    return this.#request({ operation: 'getOrder', method: 'GET', path, safeToRepeat: true }, options);
  }

  /**
   * PATCH /api/order_status.php (scope orders.status:write): operation `updateOrderStatus`.
   * Sends `options.idempotencyKey`, or one it generates, and the same key on every retry.
   */
  async setOrderStatus(input: SetOrderStatusInput, options: CallOptions & { idempotencyKey?: string } = {}): Promise<WithResponse<StatusUpdateResult>> {
    const idempotencyKey = options.idempotencyKey ?? `lapak-sdk-${globalThis.crypto.randomUUID()}`;
    return this.#request(
      { operation: 'updateOrderStatus', method: 'PATCH', path: '/api/order_status.php', body: input, headers: { 'Idempotency-Key': idempotencyKey }, safeToRepeat: true },
      options,
    );
  }

  /** POST /api/customer_lookup.php (scope customers:read). Personal data: handle with care. */
  async lookupCustomer(input: CustomerLookupInput, options: CallOptions = {}): Promise<WithResponse<CustomerLookup>> {
    return this.#request(
      { operation: 'lookupCustomer', method: 'POST', path: '/api/customer_lookup.php', body: input, safeToRepeat: true, minTimeout: LOOKUP_MIN_TIMEOUT_MS },
      options,
    );
  }

  async #request<T>(spec: RequestSpec, options: CallOptions): Promise<WithResponse<T>> {
    const policy = { ...this.#policy, maxRetries: options.maxRetries ?? this.#policy.maxRetries };
    const timeout = Math.max(options.timeout ?? this.#timeout, spec.minTimeout ?? 0);
    const headers: Record<string, string> = {
      'X-API-Key': this.#apiKey,
      Accept: 'application/json',
      'User-Agent': `lapak-sdk-node/${SDK_VERSION}`,
      ...spec.headers,
    };
    if (spec.body !== undefined) headers['Content-Type'] = 'application/json';
    const payload = spec.body === undefined ? undefined : JSON.stringify(spec.body);

    for (let attempt = 1; ; attempt++) {
      options.signal?.throwIfAborted();
      const timer = AbortSignal.timeout(timeout);
      const signal = options.signal ? AbortSignal.any([options.signal, timer]) : timer;
      let outcome: AttemptOutcome;
      let failure: LapakError;
      try {
        const res = await this.#fetch(`${this.#baseUrl}${spec.path}`, { method: spec.method, headers, body: payload, signal, redirect: 'manual' });
        const text = await res.text();
        const rateLimit = parseRateLimit(res.headers);
        const body = parseJson(text);
        if (res.status >= 200 && res.status < 300) {
          if (typeof body !== 'object' || body === null) throw new LapakError(`${spec.operation}: ${res.status} answer is not a JSON object`);
          return withMeta(body as T, {
            status: res.status,
            requestId: typeof (body as { request_id?: unknown }).request_id === 'string' ? (body as { request_id: string }).request_id : null,
            rateLimit,
            replayed: res.headers.get('idempotency-replayed') === 'true',
            attempts: attempt,
            idempotencyKey: headers['Idempotency-Key'] ?? null,
          });
        }
        const answered = apiError({ operation: spec.operation, status: res.status, body: body ?? text, rateLimit, attempts: attempt, maxRetryAfter: policy.maxRetryAfter });
        failure = answered;
        const refused = rateLimit.windows.find((w) => w.remaining === 0);
        outcome = { kind: 'response', status: res.status, code: answered.code, retryAfter: rateLimit.retryAfter, resetSeconds: refused?.resetSeconds ?? null };
      } catch (error) {
        if (error instanceof LapakError) throw error;
        if (options.signal?.aborted) throw options.signal.reason;
        if (timer.aborted) {
          failure = new TimeoutError(`${spec.operation}: no answer within ${timeout} ms`, attempt);
          outcome = { kind: 'timeout' };
        } else {
          const beforeSending = failedBeforeSending(error);
          failure = new ConnectionError(`${spec.operation}: connection failed (${describe(error)})`, { cause: error, beforeSending, attempts: attempt });
          outcome = { kind: 'connection', beforeSending };
        }
      }
      const decision = decideRetry(outcome, attempt - 1, spec.safeToRepeat, policy);
      if (!decision.retry) throw failure;
      await this.#sleep(decision.waitMs, options.signal);
    }
  }

  /** Never shows the key (console.log, util.inspect). */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.#baseUrl };
  }
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function withMeta<T>(body: T, meta: ResponseMeta): WithResponse<T> {
  Object.defineProperty(body, 'lastResponse', { value: meta, enumerable: false });
  return body as WithResponse<T>;
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  return error instanceof Error ? error.message : String(error);
}
