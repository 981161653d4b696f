// lapak start | demo: the quickstart, and a demo store with its keys (printed once).
import type { Command } from 'commander';
import { systemClock } from '../lib/clock.js';
import type { Config } from '../lib/config.js';
import { openDatabase } from '../lib/db/db.js';
import { migrateToLatest } from '../lib/db/migrate.js';
import { createDemo } from '../demo/create-demo.js';
import { formUrl } from '../products/embed-markup.js';
import { serve } from '../server.js';
import { createMemberUser } from '../team/create-member-user.js';
import { dashboardUrl, resetUrl } from '../team/links.js';
import { command, getConfig, getSealer, print, valueOrExit, withDb, type Output } from './io.js';

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
        const demo = await createDemo(tx, systemClock, sealer);
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

  command(program, 'demo', 'create a demo store and print its keys (once)').action(async (opts: Output) => {
    await withDb(async (db, cfg, sealer) => {
      const demo = await db.transaction().execute((tx) => createDemo(tx, systemClock, sealer));
      print(opts, demo, demoText(demo, cfg));
    });
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
