// Test harness: the real app on a fresh database per test file, on the backend the
// vitest project chose (LAPAK_TEST_DB = sqlite | postgres).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { ManualClock, type Clock } from '../src/lib/clock.js';
import { loadConfig } from '../src/lib/config.js';
import type { AppContext } from '../src/context.js';
import { openDatabase, type DbHandle, type OpenOptions } from '../src/lib/db/db.js';
import type { Limiters } from '../src/lib/limits.js';
import type { PasswordHasher } from '../src/lib/password-hasher.js';
import type { ResizeQueue } from '../src/images/resize-queue.js';
import { migrateToLatest } from '../src/lib/db/migrate.js';
import { valueOf } from '../src/lib/outcome.js';
import { issueKey } from '../src/api-keys/issue-key.js';
import { createTenant } from '../src/tenants/create-tenant.js';
import { createProduct } from '../src/products/create-product.js';
import { createOrder } from '../src/orders/core/create-order.js';
import { checkApiResponse } from './openapi-validator.js';
import { createScratchDatabase } from './pg-scratch.js';

/**
 * The sealing key of every test app (LAPAK_SECRET_KEY): fixed, so that tests and the
 * processes they start open each other's secrets. Tests of the key itself pass their own.
 */
export const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
/** RATE_LIMIT_SCALE of the test app: windows wide enough that tests which do not test them never meet them. */
export const TEST_RATE_LIMIT_SCALE = 1000;

export const backend = (process.env.LAPAK_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';

/** A fresh, migrated database of the current backend (or the one named); drop() removes it. */
export async function freshDatabase(
  kind: 'sqlite' | 'postgres' = backend,
  options: OpenOptions = {},
): Promise<{ url: string; handle: DbHandle; drop(): Promise<void> }> {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lapak-test-'));
    const url = `sqlite:${path.join(dir, 'test.db')}`;
    const handle = openDatabase(url);
    await migrateToLatest(handle);
    return { url, handle, drop: async () => { await handle.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'lapak_test');
  const handle = openDatabase(scratch.url, options);
  await migrateToLatest(handle);
  return {
    url: scratch.url,
    handle,
    drop: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  clock: ManualClock;
  url: string;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    env?: Record<string, string>;
    clock?: ManualClock;
    limiters?: Limiters;
    database?: { url: string; handle: DbHandle };
    logStream?: NodeJS.WritableStream;
    passwordHasher?: PasswordHasher;
    resizeQueue?: ResizeQueue;
  } = {},
): Promise<TestApp & { drop(): Promise<void> }> {
  const fresh = options.database ? null : await freshDatabase();
  const database = options.database ?? fresh!;
  const clock = options.clock ?? new ManualClock(Date.now());
  const config = loadConfig({ PUBLIC_URL: 'https://lapak.test', RATE_LIMIT_SCALE: String(TEST_RATE_LIMIT_SCALE), LAPAK_SECRET_KEY: TEST_SECRET_KEY, ...options.env, DATABASE_URL: database.url });
  const { app, ctx } = buildApp({ config, database: database.handle, clock, limiters: options.limiters, passwordHasher: options.passwordHasher, resizeQueue: options.resizeQueue,
    logger: options.logStream ? { stream: options.logStream } : false,
  });
  await app.ready();
  return {
    app,
    ctx,
    clock,
    url: database.url,
    // Every answer of an /api/ path must be one that openapi/lapak.json describes.
    request: async (o) => {
      const res = await app.inject(o);
      checkApiResponse({ method: o.method ?? 'GET', url: injectedPath(o) }, res);
      return res;
    },
    close: () => app.close(),
    drop: async () => {
      await app.close();
      if (fresh) await fresh.drop();
    },
  };
}

function injectedPath(options: InjectOptions): string {
  const target = options.url ?? options.path ?? '/';
  return typeof target === 'string' ? target : target.pathname;
}

export interface Store {
  tenantId: number;
  keys: Record<string, string>;
  keyIds: Record<string, number>;
}

/** A store with one key per named scope set. */
export async function seedStore(
  ctx: { db: AppContext['db']; clock: Clock },
  keySpecs: Record<string, { scopes: string[]; expiresAt?: number | null }>,
  tenant: { name?: string; shippingIntegration?: string | null; uniqueCode?: boolean } = {},
): Promise<Store> {
  // The unique code off unless asked: the tests pin bank-transfer totals (a new store's
  // default, on, is tested in tenants/new-store-unique-code.api.test.ts).
  const { id: tenantId } = valueOf(
    await createTenant(ctx.db, ctx.clock, { name: tenant.name ?? 'Toko Test', shippingIntegration: tenant.shippingIntegration, uniqueCode: tenant.uniqueCode ?? false }),
  );
  const keys: Record<string, string> = {};
  const keyIds: Record<string, number> = {};
  for (const [name, spec] of Object.entries(keySpecs)) {
    const issued = valueOf(await issueKey(ctx.db, ctx.clock, tenantId, { name, scopes: spec.scopes, expiresAt: spec.expiresAt ?? null }));
    keys[name] = issued.key;
    keyIds[name] = issued.id;
  }
  return { tenantId, keys, keyIds };
}

export async function seedProduct(ctx: { db: AppContext['db']; clock: Clock }, tenantId: number, input: Record<string, unknown>) {
  const result = await createProduct(ctx.db, ctx.clock, tenantId, input);
  if (!result.ok) throw new Error(result.failure.error);
  return result.value;
}

export const CUSTOMER = {
  name: 'Siti Aminah',
  phone: '0812-3456-7890',
  email: 'siti@example.com',
  address: 'Jl. Melati No. 5',
  village: 'Sukamaju',
  district: 'Cibeunying',
  city: 'Bandung',
  province: 'Jawa Barat',
  postal_code: '40123',
};

export async function seedOrder(ctx: { db: AppContext['db']; clock: Clock }, tenantId: number, input: Record<string, unknown>) {
  const result = await ctx.db
    .transaction()
    .execute((tx) => createOrder(tx, ctx.clock, tenantId, { quantity: 1, shipping_fee: 10000, courier: 'JNE', payment_method: 'bank_transfer', customer: CUSTOMER, ...input }, { source: 'cli', actor: 'cli' }));
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

export const json = (res: LightMyRequestResponse) => res.json() as Record<string, any>;

/** Redis for tests that need it (TEST_REDIS_URL), or undefined: such tests skip. */
export const testRedisUrl = process.env.TEST_REDIS_URL || undefined;
export const testPostgresUrl = process.env.TEST_DATABASE_URL || undefined;
