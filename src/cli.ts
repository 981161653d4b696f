#!/usr/bin/env node
// The operator CLI. Every command takes --json; failures exit non-zero with one line on stderr.
import os from 'node:os';
import { Command } from 'commander';
import { systemClock } from './lib/clock.js';
import { ConfigError, loadConfig, type Config } from './lib/config.js';
import { openDatabase, type Db } from './lib/db/db.js';
import { migrateToLatest } from './lib/db/migrate.js';
import { formatTimestamp } from './lib/time.js';
import { issueKey } from './api-keys/issue-key.js';
import { listKeys } from './api-keys/list-keys.js';
import { revokeKey } from './api-keys/revoke-key.js';
import { createDemo } from './demo/create-demo.js';
import { createOrder } from './orders/create-order.js';
import { findOrderTenant } from './orders/find-order-tenant.js';
import { orderHistory } from './orders/order-history.js';
import { setStatusBySeller } from './orders/set-status-by-seller.js';
import { createProduct } from './products/create-product.js';
import { formUrl } from './products/embed-markup.js';
import { embedRecord } from './products/product-record.js';
import { serve } from './server.js';
import { createTenant } from './tenants/create-tenant.js';
import { setTenantActive } from './tenants/set-tenant-active.js';
import { loadStoreSettings, maskedSettings } from './tenants/store-settings.js';
import { updateStoreSettings } from './tenants/update-store-settings.js';
import { storeRates } from './shipping/rates.js';
import { setRates } from './shipping/set-rates.js';
import { addEndpoint } from './webhooks/add-endpoint.js';
import { findDeliveryTenant } from './webhooks/find-delivery-tenant.js';
import { findEndpointTenant } from './webhooks/find-endpoint-tenant.js';
import { listDeliveries } from './webhooks/list-deliveries.js';
import { listEndpoints } from './webhooks/list-endpoints.js';
import { redeliver } from './webhooks/redeliver.js';
import { removeEndpoint } from './webhooks/remove-endpoint.js';
import { runDispatcher } from './webhooks/run-dispatcher.js';
import { setEndpointEnabled } from './webhooks/set-endpoint-enabled.js';
import { systemResolver } from './webhooks/url-safety.js';

class CliError extends Error {}

const MAX_WORKERS = 64;

interface Output {
  json?: boolean;
}

function print(opts: Output, value: unknown, human?: string): void {
  process.stdout.write(opts.json || human === undefined ? `${JSON.stringify(value, null, opts.json ? 0 : 2)}\n` : `${human}\n`);
}

function positiveInt(value: string, what: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new CliError(`${what} must be a positive integer, got "${value}"`);
  return Number(value);
}

let config: Config | undefined;
const getConfig = () => (config ??= loadConfig());

/** Opens the configured database (migrated to the latest schema), runs fn, closes. */
async function withDb<T>(fn: (db: Db, config: Config) => Promise<T>): Promise<T> {
  const cfg = getConfig();
  const handle = openDatabase(cfg.databaseUrl);
  try {
    await migrateToLatest(handle);
    return await fn(handle.db, cfg);
  } finally {
    await handle.close();
  }
}

async function readStdin(what: string): Promise<unknown> {
  if (process.stdin.isTTY) throw new CliError(`pipe ${what} on stdin`);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new CliError(`stdin must hold ${what}`);
  }
}

async function readStdinJson(): Promise<Record<string, unknown>> {
  const value = await readStdin('one JSON object');
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new CliError('stdin must hold one JSON object');
  return value as Record<string, unknown>;
}

const program = new Command('lapak').description('Lapak: multi-tenant order platform').showHelpAfterError(false);
const command = (parent: Command, name: string, description: string) =>
  parent.command(name).description(description).option('--json', 'machine-readable output');

command(program, 'migrate', 'apply pending database migrations').action(async (opts: Output) => {
  const handle = openDatabase(getConfig().databaseUrl);
  try {
    const applied = await migrateToLatest(handle);
    print(opts, { applied }, applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
  } finally {
    await handle.close();
  }
});

command(program, 'serve', 'run the HTTP server (PORT, HOST); never creates data')
  .option('--workers <n>', 'API processes on this host (node:cluster), or "auto" for one per core', '1')
  .action(async (opts: Output & { workers: string }) => {
    const workers = opts.workers === 'auto' ? os.availableParallelism() : positiveInt(opts.workers, '--workers');
    if (workers > MAX_WORKERS) throw new CliError(`--workers must be at most ${MAX_WORKERS}, got "${opts.workers}"`);
    await serve(getConfig(), { workers });
  });

command(program, 'dispatch', 'run the webhook dispatcher alone (several may share one PostgreSQL database)').action(async () => {
  await runDispatcher(getConfig());
});

command(program, 'start', 'quickstart: migrate, create the demo store on a new database, serve').action(async (opts: Output) => {
  const cfg = getConfig();
  const handle = openDatabase(cfg.databaseUrl);
  const applied = await migrateToLatest(handle);
  if (applied.includes('001-initial')) {
    const demo = await createDemo(handle.db, systemClock);
    print(opts, demo, demoText(demo, cfg));
  }
  await handle.close();
  await serve(cfg);
});

command(program, 'demo', 'create a demo store and print its keys (once)').action(async (opts: Output) => {
  await withDb(async (db, cfg) => {
    const demo = await createDemo(db, systemClock);
    print(opts, demo, demoText(demo, cfg));
  });
});

function demoText(demo: Awaited<ReturnType<typeof createDemo>>, cfg: Config): string {
  return [
    `Demo store "${'Toko Demo Lapak'}" created (tenant ${demo.tenant_id}). Keys are shown only this once:`,
    ...demo.keys.map((k) => `  ${k.name.padEnd(30)} ${k.key}  [${k.scopes.join(' ')}]`),
    `Products: ${demo.products.map((p) => `#${p.id} ${p.slug}`).join(', ')}`,
    `Order form: ${formUrl(cfg.publicUrl, demo.tenant_id, demo.products[demo.products.length - 1]!.slug)}`,
    `Orders:   ${demo.orders.map((o) => `#${o.id} ${o.status}`).join(', ')}`,
    `Try: curl -H 'X-API-Key: ${demo.keys[1]!.key}' '${cfg.publicUrl}/api/order_status.php?id=${demo.orders[0]!.id}'`,
  ].join('\n');
}

const tenant = program.command('tenant').description('stores');
command(tenant, 'create', 'create a store')
  .requiredOption('--name <name>', 'store name')
  .option('--shipping-integration <name>', 'fulfilment integration: orders need complete data to close')
  .action(async (opts: Output & { name: string; shippingIntegration?: string }) => {
    const created = await withDb((db) => createTenant(db, systemClock, { name: opts.name, shippingIntegration: opts.shippingIntegration }));
    print(opts, created, `tenant ${created.id} created`);
  });
for (const [name, active] of [['activate', true], ['deactivate', false]] as const) {
  command(tenant, `${name} <id>`, `${name} a store (effective on the next request)`).action(async (id: string, opts: Output) => {
    const tenantId = positiveInt(id, 'tenant id');
    const found = await withDb((db) => setTenantActive(db, tenantId, active));
    if (!found) throw new CliError(`tenant ${tenantId} not found`);
    print(opts, { id: tenantId, active }, `tenant ${tenantId} ${active ? 'active' : 'inactive'}`);
  });
}

const key = program.command('key').description('API keys');
command(key, 'issue', 'issue an API key (the value is printed once)')
  .requiredOption('--tenant <id>', 'store id')
  .requiredOption('--name <name>', 'connector name, unique among the store\'s active keys')
  .option('--scopes <list>', 'comma-separated scopes', 'products:read')
  .option('--expires <iso>', 'expiry time, ISO 8601 (past dates allowed)')
  .action(async (opts: Output & { tenant: string; name: string; scopes: string; expires?: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    let expiresAt: number | null = null;
    if (opts.expires !== undefined) {
      expiresAt = Date.parse(opts.expires);
      if (Number.isNaN(expiresAt)) throw new CliError(`--expires must be an ISO 8601 time, got "${opts.expires}"`);
    }
    const scopes = opts.scopes.split(',').map((s) => s.trim()).filter(Boolean);
    const result = await withDb((db) => issueKey(db, systemClock, { tenantId, name: opts.name, scopes, expiresAt }));
    if (!result.ok) throw new CliError(result.detail);
    const issued = { ...result.value, expires_at: expiresAt === null ? null : formatTimestamp(expiresAt, getConfig().timeZone) };
    print(opts, issued, `key ${issued.id} (${issued.scopes.join(' ')}), shown only once:\n${issued.key}`);
  });
command(key, 'revoke <id>', 'revoke a key (cannot be undone)').action(async (id: string, opts: Output) => {
  const keyId = positiveInt(id, 'key id');
  const done = await withDb((db) => revokeKey(db, systemClock, keyId));
  if (!done) throw new CliError(`no active key ${keyId}`);
  print(opts, { id: keyId, revoked: true }, `key ${keyId} revoked`);
});
command(key, 'list', "list a store's keys (markers only)")
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const keys = await withDb((db, cfg) => listKeys(db, tenantId, cfg.timeZone));
    print(opts, keys);
  });

const product = program.command('product').description('products');
command(product, 'create', 'create a product from JSON on stdin')
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const input = await readStdinJson();
    const result = await withDb((db) => createProduct(db, systemClock, tenantId, input));
    if (!result.ok) throw new CliError(result.failure.error);
    const { success: _success, ...record } = embedRecord(result.value, getConfig().publicUrl);
    print(opts, { ...record, variant_compare_prices: result.value.variant_compare_prices });
  });

const store = program.command('store').description('store settings of the order form and payments');
command(store, 'settings', 'set store settings from a JSON object on stdin (fields present are set, null clears one)')
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const input = await readStdinJson();
    const result = await withDb((db) => updateStoreSettings(db, systemClock, tenantId, input));
    if (!result.ok) throw new CliError(result.error);
    print(opts, result.value);
  });
command(store, 'set-rates', 'replace the shipping rates with a JSON list [{courier, province, fee}] on stdin (province "*": any other)')
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const input = await readStdin('a JSON list of {courier, province, fee}');
    const result = await withDb((db) => setRates(db, tenantId, input));
    if (!result.ok) throw new CliError(result.error);
    print(opts, result.value, `${result.value.rates} rates set`);
  });
command(store, 'show', "a store's settings (secrets only as \"set\") and shipping rates")
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const shown = await withDb(async (db) => {
      const settings = await loadStoreSettings(db, tenantId);
      if (!settings) throw new CliError(`tenant ${tenantId} not found`);
      return { ...maskedSettings(settings), rates: await storeRates(db).table(tenantId) };
    });
    print(opts, shown);
  });

const order = program.command('order').description('orders');
command(order, 'create', 'create an order from JSON on stdin (total computed from the product)')
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const input = await readStdinJson();
    const result = await withDb((db) => createOrder(db, systemClock, tenantId, input));
    if (!result.ok) throw new CliError(result.error);
    print(opts, result.value);
  });
command(order, 'set-status <id> <status>', "change an order's status as the seller (any of the seven)").action(
  async (id: string, status: string, opts: Output) => {
    const orderId = positiveInt(id, 'order id');
    const result = await withDb(async (db, cfg) => {
      const tenantId = await findOrderTenant(db, orderId);
      if (tenantId === null) throw new CliError(`order ${orderId} not found`);
      return setStatusBySeller({ db, clock: systemClock, config: cfg }, tenantId, orderId, status, 'cli');
    });
    if (!result.ok) throw new CliError(result.error);
    print(opts, result.value);
  },
);
command(order, 'history <id>', "an order's edit history").action(async (id: string, opts: Output) => {
  const orderId = positiveInt(id, 'order id');
  const entries = await withDb(async (db, cfg) => {
    const tenantId = await findOrderTenant(db, orderId);
    if (tenantId === null) throw new CliError(`order ${orderId} not found`);
    return orderHistory(db, tenantId, orderId, cfg.timeZone);
  });
  print(opts, entries);
});

const webhook = program.command('webhook').description('webhook endpoints and deliveries');
command(webhook, 'add', 'add an endpoint (the signing secret is printed once)')
  .requiredOption('--tenant <id>', 'store id')
  .requiredOption('--url <url>', 'https URL that receives the events')
  .option('--description <text>', 'what the endpoint is for')
  .action(async (opts: Output & { tenant: string; url: string; description?: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const result = await withDb((db, cfg) =>
      addEndpoint(db, systemClock, { tenantId, url: opts.url, description: opts.description }, { allowPrivate: cfg.webhookAllowPrivate, resolver: systemResolver }),
    );
    if (!result.ok) throw new CliError(result.error);
    print(opts, result.value, `endpoint ${result.value.id} added; signing secret, shown only once:\n${result.value.secret}`);
  });
command(webhook, 'list', "list a store's endpoints (never their secrets)")
  .requiredOption('--tenant <id>', 'store id')
  .action(async (opts: Output & { tenant: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    print(opts, await withDb((db, cfg) => listEndpoints(db, tenantId, cfg.timeZone)));
  });
command(webhook, 'remove <id>', 'remove an endpoint; what is queued for it is cancelled').action(async (id: string, opts: Output) => {
  const endpointId = positiveInt(id, 'endpoint id');
  const removed = await withDb(async (db) => {
    const tenantId = await findEndpointTenant(db, endpointId);
    return tenantId !== null && removeEndpoint(db, systemClock, tenantId, endpointId);
  });
  if (!removed) throw new CliError(`endpoint ${endpointId} not found`);
  print(opts, { id: endpointId, removed: true }, `endpoint ${endpointId} removed`);
});
for (const [name, enabled] of [['enable', true], ['disable', false]] as const) {
  command(webhook, `${name} <id>`, `${name} an endpoint${enabled ? '' : '; what is queued for it is cancelled'}`).action(async (id: string, opts: Output) => {
    const endpointId = positiveInt(id, 'endpoint id');
    const done = await withDb(async (db) => {
      const tenantId = await findEndpointTenant(db, endpointId);
      return tenantId !== null && setEndpointEnabled(db, systemClock, tenantId, endpointId, enabled);
    });
    if (!done) throw new CliError(`endpoint ${endpointId} not found`);
    print(opts, { id: endpointId, enabled }, `endpoint ${endpointId} ${enabled ? 'enabled' : 'disabled'}`);
  });
}
command(webhook, 'deliveries', "a store's deliveries, newest first, with every attempt")
  .requiredOption('--tenant <id>', 'store id')
  .option('--event <id>', 'only the deliveries of this event')
  .action(async (opts: Output & { tenant: string; event?: string }) => {
    const tenantId = positiveInt(opts.tenant, 'tenant id');
    const eventId = opts.event === undefined ? undefined : positiveInt(opts.event, 'event id');
    print(opts, await withDb((db, cfg) => listDeliveries(db, tenantId, { eventId }, cfg.timeZone)));
  });
command(webhook, 'redeliver <id>', 'send a delivery again now, with the same webhook-id').action(async (id: string, opts: Output) => {
  const deliveryId = positiveInt(id, 'delivery id');
  const result = await withDb(async (db) => {
    const tenantId = await findDeliveryTenant(db, deliveryId);
    if (tenantId === null) throw new CliError(`delivery ${deliveryId} not found`);
    return redeliver(db, systemClock, tenantId, deliveryId);
  });
  if (!result.ok) throw new CliError(result.error);
  print(opts, result.value, `delivery ${deliveryId} queued again`);
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  const message = error instanceof CliError || error instanceof ConfigError ? error.message : `failed: ${(error as Error).message}`;
  process.stderr.write(`lapak: ${message.split('\n')[0]}\n`);
  process.exit(1);
}
