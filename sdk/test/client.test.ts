// @lapak/sdk against a real Lapak on a port: every operation, the retry rules under real 429,
// 409, 500 and 503 answers (the server's limiters are steered; the client's sleep is injected,
// so no test waits a real minute), typed errors, timeouts and cancellation.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import util from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  ConflictError,
  ConnectionError,
  Lapak,
  LapakApiError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnprocessableEntityError,
  type LapakOptions,
} from '@lapak/sdk';
import { idempotencyLockName } from '../../src/idempotency/idempotency-key.js';
import { CUSTOMER, freshDatabase, seedOrder, seedProduct, seedStore, startTestApp, testPostgresUrl, type Store } from '../../test/helpers.js';
import { startLapakOnPort, type LapakOnPort } from '../../test/lapak-on-port.js';

let lapak: LapakOnPort;
let store: Store;
let productId: number;

const REQUEST_ID = /^[0-9a-f]{8}$/;

beforeAll(async () => {
  lapak = await startLapakOnPort();
  store = await seedStore(lapak.ctx, {
    all: { scopes: ['*'] },
    status: { scopes: ['orders:read', 'orders.status:write'] },
    products: { scopes: ['products:read'] },
    lookup: { scopes: ['customers:read'] },
  }, { name: 'Toko Berkah' });
  productId = (await seedProduct(lapak.ctx, store.tenantId, { name: 'Kaos Polos', price: 50000 })).id;
});
afterAll(() => lapak?.drop());

const newOrder = async (status = 'pending') => (await seedOrder(lapak.ctx, store.tenantId, { product_id: productId, variant: '', status })).id;

interface Sent {
  method: string;
  url: string;
  idempotencyKey: string | null;
  apiKey: string | null;
}

/** A client on the real server whose sleeps are recorded (and run `onSleep`) instead of waited. */
function client(key: string, options: Partial<LapakOptions> & { onSleep?: (ms: number) => void | Promise<void>; onSend?: (sent: Sent) => void } = {}) {
  const sleeps: number[] = [];
  const sent: Sent[] = [];
  const { onSleep, onSend, fetch: innerFetch = fetch, ...rest } = options;
  const sdk = new Lapak({
    apiKey: key,
    baseUrl: lapak.baseUrl,
    random: () => 0.5,
    ...rest,
    sleep: async (ms) => {
      sleeps.push(ms);
      await onSleep?.(ms);
    },
    fetch: async (input, init) => {
      const headers = new Headers(init?.headers);
      const record = { method: init?.method ?? 'GET', url: String(input), idempotencyKey: headers.get('idempotency-key'), apiKey: headers.get('x-api-key') };
      sent.push(record);
      onSend?.(record);
      return innerFetch(input, init);
    },
  });
  return { sdk, sleeps, sent };
}

describe('operations', () => {
  it('getProductEmbed: the embed record, with the parsed rate-limit fields', async () => {
    const { sdk } = client(store.keys.products!);
    const embed = await sdk.getProductEmbed(productId);
    expect(embed).toMatchObject({ success: true, id: productId, name: 'Kaos Polos', embed: { product_id: productId, tenant_id: store.tenantId } });
    expect(embed.lastResponse.status).toBe(200);
    expect(embed.lastResponse.rateLimit.policies).toEqual([{ name: 'ip', quota: 60_000, windowSeconds: 60, params: expect.objectContaining({ q: '60000', w: '60' }) }]);
    expect(embed.lastResponse.rateLimit.windows).toEqual([expect.objectContaining({ name: 'ip', remaining: expect.any(Number), resetSeconds: expect.any(Number) })]);
    // The metadata is not part of the body.
    expect(Object.keys(embed)).not.toContain('lastResponse');
  });

  it('duplicateProduct: 201 with the new product', async () => {
    const { sdk } = client(store.keys.all!);
    const copy = await sdk.duplicateProduct(productId, { name: 'Kaos Polos Edisi Lebaran' });
    expect(copy.lastResponse.status).toBe(201);
    expect(copy).toMatchObject({ success: true, name: 'Kaos Polos Edisi Lebaran', slug: 'kaos-polos-edisi-lebaran' });
    expect(copy.id).not.toBe(productId);
  });

  it('getOrder: the order with its customer block for a key holding customers:read', async () => {
    const id = await newOrder();
    const { sdk } = client(store.keys.all!);
    const read = await sdk.getOrder(id);
    expect(read.order).toMatchObject({ id, status: 'pending', product: 'Kaos Polos', customer: { name: CUSTOMER.name } });
    expect(read.lastResponse.requestId).toMatch(REQUEST_ID);
    expect(read.lastResponse.requestId).toBe(read.request_id);
    const { sdk: narrow } = client(store.keys.status!);
    expect((await narrow.getOrder(id)).order).not.toHaveProperty('customer');
  });

  it('setOrderStatus: generates an Idempotency-Key, and a replay of the same key says so', async () => {
    const id = await newOrder();
    const { sdk, sent } = client(store.keys.status!);
    const result = await sdk.setOrderStatus({ id, status: 'closing', expected_previous_status: 'pending', external_reference: 'crm-1' });
    expect(result).toMatchObject({ order_id: id, previous_status: 'pending', status: 'closing', changed: true });
    expect(sent[0]!.idempotencyKey).toMatch(/^lapak-sdk-[0-9a-f-]{36}$/);
    expect(result.lastResponse.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(result.lastResponse.replayed).toBe(false);

    const given = await sdk.setOrderStatus({ id, status: 'pending' }, { idempotencyKey: 'crm-ticket-42-open' });
    const replay = await sdk.setOrderStatus({ id, status: 'pending' }, { idempotencyKey: 'crm-ticket-42-open' });
    expect(sent.slice(1).map((s) => s.idempotencyKey)).toEqual(['crm-ticket-42-open', 'crm-ticket-42-open']);
    expect(replay.lastResponse.replayed).toBe(true);
    expect(replay.request_id).toBe(given.request_id);
    // Two calls without a key are two logical requests: two keys.
    await sdk.setOrderStatus({ id, status: 'pending' });
    expect(new Set(sent.map((s) => s.idempotencyKey)).size).toBe(3);
  });

  it('lookupCustomer: the customer, orders and opening message', async () => {
    await newOrder();
    const { sdk } = client(store.keys.lookup!);
    const found = await sdk.lookupCustomer({ phone: '0812-3456-7890' });
    expect(found).toMatchObject({ success: true, customer: { phone: '6281234567890', name: CUSTOMER.name } });
    expect(found.order_count).toBeGreaterThan(0);
    expect(found.lastResponse.rateLimit.policies.map((p) => p.name)).toEqual(['ip', 'key-minute', 'key-hour', 'key-day', 'key-ip']);
  });

  it('ids are checked before anything is sent', async () => {
    const { sdk, sent } = client(store.keys.all!);
    await expect(sdk.getOrder(0)).rejects.toThrow(TypeError);
    await expect(sdk.getProductEmbed('1&action=duplicate')).rejects.toThrow(TypeError);
    expect(sent).toEqual([]);
  });
});

describe('typed errors', () => {
  it('401: AuthenticationError with the reason, family auth, no code; never retried', async () => {
    const { sdk, sent, sleeps } = client(`lpk_${'0'.repeat(48)}`);
    const error = await sdk.getOrder(1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toMatchObject({ status: 401, family: 'auth', reason: 'invalid', error: 'Invalid API key', code: null, requestId: null, attempts: 1 });
    const malformed = await client('not-a-key').sdk.getOrder(1).catch((e: unknown) => e);
    expect(malformed).toMatchObject({ reason: 'malformed' });
    expect(sent).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('403: PermissionError names the missing scope; never retried', async () => {
    const { sdk, sent } = client(store.keys.products!);
    const error = await sdk.setOrderStatus({ id: 1, status: 'closing' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).toMatchObject({ status: 403, missingScope: 'orders.status:write', tenantInactive: false, family: 'auth' });
    expect(sent).toHaveLength(1);
  });

  it('404: the order family carries code and request_id, the product family only its text', async () => {
    const { sdk } = client(store.keys.all!);
    const order = await sdk.getOrder(999_999).catch((e: unknown) => e);
    expect(order).toBeInstanceOf(NotFoundError);
    expect(order).toMatchObject({ family: 'order', code: 'order_not_found', error: 'Order not found.' });
    expect((order as NotFoundError).requestId).toMatch(REQUEST_ID);
    expect((order as Error).message).toContain((order as NotFoundError).requestId!);
    const product = await sdk.getProductEmbed(999_999).catch((e: unknown) => e);
    expect(product).toMatchObject({ status: 404, family: 'product', code: null, requestId: null, error: 'Product not found' });
  });

  it('422 is never retried; 409 status_conflict and order_terminal are final', async () => {
    const { sdk, sent, sleeps } = client(store.keys.status!);
    const id = await newOrder();
    const invalid = await sdk.setOrderStatus({ id, status: 'paid' as 'closing' }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(UnprocessableEntityError);
    expect(invalid).toMatchObject({ code: 'status_not_allowed', family: 'order' });
    const conflict = await sdk.setOrderStatus({ id, status: 'closing', expected_previous_status: 'closing' }).catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ code: 'status_conflict' });
    const terminal = await sdk.setOrderStatus({ id: await newOrder('paid'), status: 'closing' }).catch((e: unknown) => e);
    expect(terminal).toMatchObject({ status: 409, code: 'order_terminal' });
    expect(sent).toHaveLength(3);
    expect(sleeps).toEqual([]);
  });

  it('the key never appears in errors, in the client when printed, or anywhere but its header', async () => {
    const key = store.keys.status!;
    const { sdk, sent } = client(key);
    const error = await sdk.getOrder(999_999).catch((e: unknown) => e);
    expect(`${String(error)} ${JSON.stringify(error)} ${util.inspect(error, { depth: 5 })}`).not.toContain(key);
    expect(`${JSON.stringify(sdk)} ${util.inspect(sdk, { depth: 5, showHidden: true })}`).not.toContain(key);
    expect(sent[0]!.url).not.toContain(key);
    expect(sent[0]!.apiKey).toBe(key);
  });
});

describe('retries under real 429s', () => {
  it('waits Retry-After (60 s, within the cap) and succeeds once the window has passed', async () => {
    const window = lapak.windows.orderStatusPerKey;
    await window.withQuota(1, async () => {
      const id = await newOrder();
      const { sdk, sleeps, sent } = client(store.keys.status!, { onSleep: () => window.pass() });
      await sdk.getOrder(id);
      const read = await sdk.getOrder(id);
      expect(sleeps).toEqual([60_000]);
      expect(sent).toHaveLength(3);
      expect(read.lastResponse.attempts).toBe(2);
    });
  });

  it('a PATCH refused by the window is sent again with the same Idempotency-Key', async () => {
    const window = lapak.windows.orderStatusPerKey;
    await window.withQuota(1, async () => {
      const id = await newOrder();
      const { sdk, sent } = client(store.keys.status!, { onSleep: () => window.pass() });
      await sdk.getOrder(id);
      const result = await sdk.setOrderStatus({ id, status: 'closing' });
      expect(result.changed).toBe(true);
      expect(sent.slice(1).map((s) => s.idempotencyKey)).toEqual([result.lastResponse.idempotencyKey, result.lastResponse.idempotencyKey]);
    });
  });

  it('after maxRetries the RateLimitError carries Retry-After, the refusing window and the fields', async () => {
    const window = lapak.windows.orderStatusPerKey;
    await window.withQuota(1, async () => {
      const { sdk, sleeps, sent } = client(store.keys.status!);
      await sdk.getOrder(await newOrder());
      const error = (await sdk.getOrder(1).catch((e: unknown) => e)) as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ status: 429, family: 'auth', retryAfter: 60, window: 'key-minute', exceedsMaxRetryAfter: false, attempts: 3 });
      expect(error.error).toBe('Terlalu banyak permintaan. Coba lagi nanti.');
      expect(error.rateLimit.windows).toEqual([expect.objectContaining({ name: 'key-minute', remaining: 0 })]);
      expect(sleeps).toEqual([60_000, 60_000]);
      expect(sent).toHaveLength(4);
    });
  });

  it("the lookup's day window (Retry-After 86400, over the cap) is a RateLimitError at once, not a sleep", async () => {
    const window = lapak.windows.lookupPerKeyDay;
    await window.withQuota(1, async () => {
      await newOrder();
      const { sdk, sleeps, sent } = client(store.keys.lookup!);
      await sdk.lookupCustomer({ phone: '081234567890' });
      const error = (await sdk.lookupCustomer({ phone: '081234567890' }).catch((e: unknown) => e)) as RateLimitError;
      expect(error).toBeInstanceOf(RateLimitError);
      expect(error).toMatchObject({ retryAfter: 86_400, window: 'key-day', exceedsMaxRetryAfter: true, attempts: 1 });
      expect(sleeps).toEqual([]);
      expect(sent).toHaveLength(2);
      // A caller that accepts longer waits raises the cap.
      const { sdk: patient, sleeps: waited } = client(store.keys.lookup!, { maxRetryAfter: 86_400, onSleep: () => window.pass() });
      expect((await patient.lookupCustomer({ phone: '081234567890' })).success).toBe(true);
      expect(waited).toEqual([86_400_000]);
    });
  });

  it('duplicate is retried after a 429 (the request was refused before it ran)', async () => {
    const window = lapak.windows.productsPerIp;
    await window.withQuota(1, async () => {
      const { sdk, sleeps } = client(store.keys.all!, { onSleep: () => window.pass() });
      await sdk.getProductEmbed(productId);
      const copy = await sdk.duplicateProduct(productId, { name: 'Kaos Setelah Antre' });
      expect(copy.lastResponse.attempts).toBe(2);
      expect(sleeps).toEqual([60_000]); // the remaining block of the products path
    });
  });
});

describe('retries under real 409, 500 and 503', () => {
  it('409 request_in_progress: waits about 5 s and resends with the generated key', async () => {
    const id = await newOrder();
    let lock: string | null = null;
    const { sdk, sent, sleeps } = client(store.keys.status!, {
      // The first request finds its key held, as if an earlier send were still running.
      onSend: (s) => {
        if (lock === null && s.idempotencyKey) {
          lock = idempotencyLockName(store.tenantId, store.keyIds.status!, s.idempotencyKey);
          expect(lapak.ctx.inFlight.tryAcquire(lock)).toBe(true);
        }
      },
      onSleep: () => lapak.ctx.inFlight.release(lock!),
    });
    const result = await sdk.setOrderStatus({ id, status: 'closing' });
    expect(sleeps).toEqual([5_000]);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.idempotencyKey).toBe(sent[0]!.idempotencyKey);
    expect(result).toMatchObject({ changed: true, status: 'closing' });
  });

  it('500: the PATCH is resent with the same key; GET too', async () => {
    const id = await newOrder();
    const window = lapak.windows.orderStatusPerKey;
    const { sdk, sent, sleeps } = client(store.keys.status!);
    window.failNext(1, 'error');
    const result = await sdk.setOrderStatus({ id, status: 'closing' });
    expect(result.changed).toBe(true);
    expect(sent.map((s) => s.idempotencyKey)).toEqual([result.lastResponse.idempotencyKey, result.lastResponse.idempotencyKey]);
    expect(sleeps).toEqual([250]); // full jitter of the first backoff (500 ms) at random 0.5
    window.failNext(2, 'error');
    expect((await sdk.getOrder(id)).lastResponse.attempts).toBe(3);
  });

  it('503: honours its Retry-After; after maxRetries a ServerError with code and request_id', async () => {
    const window = lapak.windows.orderStatusPerKey;
    const { sdk, sleeps } = client(store.keys.status!);
    window.failNext(3, 'unavailable');
    const error = (await sdk.getOrder(1).catch((e: unknown) => e)) as ServerError;
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 503, code: 'service_unavailable', attempts: 3 });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(sleeps).toEqual([5_000, 5_000]);
  });

  it('duplicate is never retried after a 500 or 503: it may have run', async () => {
    const window = lapak.windows.productsPerIp;
    const { sdk, sent } = client(store.keys.all!);
    window.failNext(1, 'unavailable');
    await expect(sdk.duplicateProduct(productId, { name: 'Kaos 503' })).rejects.toBeInstanceOf(ServerError);
    window.failNext(1, 'error');
    await expect(sdk.duplicateProduct(productId, { name: 'Kaos 500' })).rejects.toMatchObject({ status: 500, family: 'product' });
    expect(sent).toHaveLength(2);
  });

  it.runIf(testPostgresUrl)('409 update_conflict (status changed underneath, PostgreSQL) is retried', async () => {
    const database = await freshDatabase('postgres');
    const t = await startTestApp({ database });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const other = new pg.Client({ connectionString: database.url });
    try {
      const pgStore = await seedStore(t.ctx, { status: { scopes: ['orders.status:write'] } });
      const product = await seedProduct(t.ctx, pgStore.tenantId, { name: 'Kaos', price: 50000 });
      const id = (await seedOrder(t.ctx, pgStore.tenantId, { product_id: product.id, variant: '' })).id;
      await other.connect();
      await other.query('begin');
      await other.query('select id from orders where id = $1 for update', [id]);
      const sleeps: number[] = [];
      const sdk = new Lapak({
        apiKey: pgStore.keys.status!,
        baseUrl: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
        sleep: async (ms) => void sleeps.push(ms),
      });
      const pending = sdk.setOrderStatus({ id, status: 'closing' });
      await new Promise((r) => setTimeout(r, 300)); // the PATCH has read 'pending' and waits on the row
      await other.query(`update orders set status = 'closing' where id = $1`, [id]);
      await other.query('commit');
      const result = await pending;
      expect(sleeps).toHaveLength(1);
      expect(result.lastResponse.attempts).toBe(2);
      expect(result).toMatchObject({ changed: false, status: 'closing' });
    } finally {
      await other.end().catch(() => undefined);
      await t.close();
      await database.drop();
    }
  });
});

describe('timeouts, cancellation and connection failures', () => {
  let hanging: http.Server;
  let hangingUrl: string;
  let resetting: net.Server;
  let resettingUrl: string;
  let received = 0;

  beforeAll(async () => {
    hanging = http.createServer(() => void received++); // never answers
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    resetting = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    await new Promise<void>((r) => resetting.listen(0, '127.0.0.1', r));
    resettingUrl = `http://127.0.0.1:${(resetting.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    hanging?.closeAllConnections();
    await new Promise((r) => hanging?.close(r));
    await new Promise((r) => resetting?.close(r));
  });

  const at = (baseUrl: string, extra: Partial<LapakOptions> = {}) => {
    const sleeps: number[] = [];
    return { sleeps, sdk: new Lapak({ apiKey: store.keys.all!, baseUrl, timeout: 50, random: () => 0, sleep: async (ms) => void sleeps.push(ms), ...extra }) };
  };

  it('a read times out per attempt and is retried; duplicate is not', async () => {
    received = 0;
    const read = await at(hangingUrl).sdk.getOrder(1).catch((e: unknown) => e);
    expect(read).toBeInstanceOf(TimeoutError);
    expect(read).toMatchObject({ attempts: 3 });
    const dup = await at(hangingUrl).sdk.duplicateProduct(1, { name: 'x' }).catch((e: unknown) => e);
    expect(dup).toMatchObject({ name: 'TimeoutError', attempts: 1 });
    expect(received).toBe(4);
  });

  it('the customer lookup never times out below 2 seconds (SPEC)', async () => {
    const started = performance.now();
    await expect(at(hangingUrl, { maxRetries: 0 }).sdk.lookupCustomer({ phone: '0812' })).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_950);
  });

  it("the caller's AbortSignal cancels an attempt and the wait between attempts, with its own reason", async () => {
    const controller = new AbortController();
    const { sdk } = at(hangingUrl, { timeout: 10_000 });
    const call = sdk.getOrder(1, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user cancelled')), 50);
    await expect(call).rejects.toThrow('user cancelled');

    const during = new AbortController();
    const waiting = new Lapak({
      apiKey: store.keys.status!,
      baseUrl: hangingUrl,
      timeout: 20,
      sleep: (ms, signal) => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))),
    });
    const retrying = waiting.getOrder(1, { signal: during.signal });
    setTimeout(() => during.abort(new Error('stop waiting')), 100);
    await expect(retrying).rejects.toThrow('stop waiting');
  });

  it('a refused connection is retried, even for duplicate (nothing was sent)', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const { sdk, sleeps } = at(`http://127.0.0.1:${closed}`);
    const error = await sdk.duplicateProduct(1, { name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ beforeSending: true, attempts: 3 });
    expect(sleeps).toHaveLength(2);
  });

  it('a connection reset after sending: reads are retried, duplicate is not (it may have run)', async () => {
    const read = await at(resettingUrl).sdk.getOrder(1).catch((e: unknown) => e);
    expect(read).toMatchObject({ name: 'ConnectionError', beforeSending: false, attempts: 3 });
    const dup = await at(resettingUrl).sdk.duplicateProduct(1, { name: 'x' }).catch((e: unknown) => e);
    expect(dup).toMatchObject({ name: 'ConnectionError', beforeSending: false, attempts: 1 });
  });
});

describe('answers the document does not promise', () => {
  const stub = (status: number, body: string, headers: Record<string, string> = {}) =>
    new Lapak({ apiKey: store.keys.all!, baseUrl: 'http://lapak.invalid', maxRetries: 0, fetch: async () => new Response(body, { status, headers }) });

  it('an unknown order status passes through (open enums)', async () => {
    const body = { success: true, request_id: 'abcdef01', order: { id: 1, status: 'refunded', product: 'Kaos', variant: '', quantity: 1, total: 1, shipping_fee: 0, payment_method: 'cod', courier: 'JNE', resi: null, created_at: '2026-01-15T10:00:00+07:00' } };
    const read = await stub(200, JSON.stringify(body), { 'content-type': 'application/json' }).getOrder(1);
    expect(read.order.status).toBe('refunded');
  });

  it('a body-less or HTML 5xx from a proxy is a ServerError, not a crash', async () => {
    await expect(stub(502, '').getOrder(1)).rejects.toMatchObject({ name: 'ServerError', status: 502, code: null, error: 'HTTP 502' });
    const html = await stub(500, '<html>Bad gateway</html>').getOrder(1).catch((e: unknown) => e);
    expect(html).toBeInstanceOf(LapakApiError);
    expect((html as LapakApiError).body).toBe('<html>Bad gateway</html>');
  });

  it('a Retry-After given as an HTTP date is waited for as seconds from now', async () => {
    const sleeps: number[] = [];
    const answers = [new Response('', { status: 503, headers: { 'retry-after': new Date(Date.now() + 3_000).toUTCString() } }), Response.json({ success: true, order: {} })];
    const sdk = new Lapak({ apiKey: 'lpk_x', baseUrl: 'http://lapak.invalid', sleep: async (ms) => void sleeps.push(ms), fetch: async () => answers.shift()! });
    expect((await sdk.getOrder(1)).lastResponse.attempts).toBe(2);
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(2_000);
    expect(sleeps[0]).toBeLessThanOrEqual(3_000);
  });

  it('the default sleep waits on a timer and stops at the caller\'s signal', async () => {
    let calls = 0;
    const sdk = new Lapak({
      apiKey: 'lpk_x',
      baseUrl: 'http://lapak.invalid',
      fetch: async () => (++calls === 1 ? new Response('', { status: 503, headers: { 'retry-after': '0' } }) : new Response('', { status: 503, headers: { 'retry-after': '30' } })),
    });
    const controller = new AbortController();
    const started = performance.now();
    setTimeout(() => controller.abort(new Error('enough')), 100);
    await expect(sdk.getOrder(1, { signal: controller.signal })).rejects.toThrow('enough');
    expect(calls).toBe(2); // the 0-second wait passed, the 30-second one was cut short
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('malformed RateLimit fields are ignored, never thrown', async () => {
    const read = await stub(200, '{"success":true,"order":{},"request_id":"abcdef01"}', {
      ratelimit: '"ok";r=5;t=10, bad item, "half";r=, "x";r=1;t=2;=3',
      'ratelimit-policy': '"ok";q=10;w=60;lapak-block=60, "noquota";w=60',
    }).getOrder(1);
    expect(read.lastResponse.rateLimit.windows).toEqual([{ name: 'ok', remaining: 5, resetSeconds: 10, params: { r: '5', t: '10' } }]);
    expect(read.lastResponse.rateLimit.policies).toEqual([{ name: 'ok', quota: 10, windowSeconds: 60, params: { q: '10', w: '60', 'lapak-block': '60' } }]);
  });
});
