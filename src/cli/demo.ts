// lapak start | demo | demo orders: the quickstart, a demo store with its keys (printed once),
// and made-up orders for a store (to try the orders workspace and measure it).
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { openDatabase } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { createDemo } from '../demo/create-demo.js';
import { seedOrders } from '../demo/seed-orders.js';
import { formUrl } from '../products/embed-markup.js';
import { serve } from '../server.js';
import { createMemberUser } from '../team/create-member-user.js';
import { dashboardUrl, resetUrl } from '../team/links.js';
import { command, getConfig, getSealer, positiveInt, print, valueOrExit, withDb, type Output } from './io.js';

const DEMO_OWNER = { email: 'pemilik@toko-demo.test', name: 'Pemilik Toko Demo' };

export function demoCommands(program: Command): void {
  command(program, 'start', 'quickstart: migrate, create the demo store on a new database, serve').action(async (opts: Output) => {
    const cfg = getConfig();
    const sealer = getSealer();
    const handle = openDatabase(cfg.databaseUrl);
    const applied = await migrateToLatest(handle);
    if (applied.includes('001-initial')) {
      // The demo store and its owner, whose password is set through a single-use link: a
      // password never goes to the terminal or a log.
      const { demo, owner } = await handle.db.transaction().execute(async (tx) => {
        const demo = await createDemo(tx, systemClock, sealer, cfg.timeZone);
        const owner = valueOrExit(await createMemberUser(tx, systemClock, demo.tenant_id, { ...DEMO_OWNER, role: 'owner', integrations: false }));
        return { demo, owner };
      });
      const dashboard = {
        url: dashboardUrl(cfg.publicUrl),
        owner: { user_id: owner.userId, email: DEMO_OWNER.email, link: resetUrl(cfg.publicUrl, owner.token), expires_at: new Date(owner.expiresAt).toISOString() },
      };
      print(opts, { ...demo, dashboard }, `${demoText(demo, cfg)}\n${ownerText(dashboard)}`);
    }
    await handle.close();
    await serve(cfg);
  });

  const demo = command(program, 'demo', 'create a demo store and print its keys (once)').action(async (opts: Output) => {
    await withDb(async (db, cfg, sealer) => {
      const demo = await db.transaction().execute((tx) => createDemo(tx, systemClock, sealer, cfg.timeZone));
      print(opts, demo, demoText(demo, cfg));
    });
  });

  command(demo, 'orders', 'fill a store with made-up orders (source system: no events, never messaged)')
    .requiredOption('--tenant <id>', 'store id')
    .requiredOption('--count <n>', 'how many orders')
    .option('--days <n>', 'spread over this many days before now', '180')
    .option('--seed <n>', 'the same seed gives the same orders', '1')
    .action(async (_own: unknown, cmd: Command) => {
      // `demo` takes --json too and reads it wherever it stands: the flag is the parent's.
      const opts = cmd.optsWithGlobals<Output & { tenant: string; count: string; days: string; seed: string }>();
      const input = {
        tenantId: positiveInt(opts.tenant, 'tenant id'),
        count: positiveInt(opts.count, 'count'),
        days: positiveInt(opts.days, 'days'),
        seed: positiveInt(opts.seed, 'seed'),
      };
      const started = process.hrtime.bigint();
      const seeded = valueOrExit(await withDb((db) => seedOrders(db, systemClock, input)));
      const seconds = Math.round(Number(process.hrtime.bigint() - started) / 1e7) / 100;
      const result = { tenant_id: seeded.tenant_id, orders: seeded.orders, seconds };
      const made = seeded.products_created > 0 ? ` (and ${seeded.products_created} products, the store had none)` : '';
      print(opts, result, `${seeded.orders} demo orders written to store ${seeded.tenant_id} in ${seconds} s${made}`);
    });
}

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

function ownerText(dashboard: { url: string; owner: { email: string; link: string; expires_at: string } }): string {
  return [
    `Dashboard: ${dashboard.url}`,
    `Owner ${dashboard.owner.email}: set the password with this link (single use, until ${dashboard.owner.expires_at}):`,
    `  ${dashboard.owner.link}`,
  ].join('\n');
}
